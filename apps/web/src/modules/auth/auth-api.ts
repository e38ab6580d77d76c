import type { CaptchaImage, LoginBody, LoginResult } from '@shuyuan/contracts/auth/login';
import type { PlatConfig } from '@shuyuan/contracts/auth/plat';
import type { SchoolBrief } from '@shuyuan/contracts/auth/user';
import { P } from '@shuyuan/contracts/common/paths';
import { api } from '../../app/http.ts';

/** Calls of the sign-in page; failures are shown by the page itself (per field), not as toasts. */
const quiet = { showError: false };

export const authApi = {
  config: () => api.get<PlatConfig>(`${P}/WebPlat/GetPlatConfig`, undefined, quiet),
  captcha: () => api.get<CaptchaImage>(`${P}/Home/ImageCaptCha`, { v: Date.now() + Math.random() }, quiet),
  login: (body: Partial<LoginBody>) => api.post<LoginResult>(`${P}/Home/Login`, body, quiet),
  school: (code: string) => api.post<SchoolBrief>(`${P}/Organiza/GetSchoolByCode`, { code }, quiet),
};

/** The school code last used on this device, so readers of a multi-school account are not asked again. */
const SCHOOL_CODE_KEY = 'shuyuan.loginSchoolCode';

export const rememberedSchoolCode = () => localStorage.getItem(SCHOOL_CODE_KEY) ?? '';
export const rememberSchoolCode = (code: string) =>
  code ? localStorage.setItem(SCHOOL_CODE_KEY, code) : localStorage.removeItem(SCHOOL_CODE_KEY);
