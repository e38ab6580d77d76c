import type { ListData } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import type { UploadResult } from '@shuyuan/contracts/settings/upload';
import type {
  ActivityInfo,
  MyTheme,
  PublicActivity,
  PublicSubmission,
  PublicTheme,
  ThemeState,
} from '@shuyuan/contracts/themes/theme';
import { api } from '../../app/http.ts';

const S = '/micro/space/api';
const O = `${P}/Opac`;
const quiet = { showError: false };

/** Theme reading for readers: the public space/api endpoints and the personal area's own calls. */
export const themesApi = {
  themes: (q: { state?: ThemeState; Page: number; Rows: number }) =>
    api.get<ListData<PublicTheme>>(`${S}/appactivitytheme/getlist`, q, quiet),
  activities: (q: { themeId?: number; state?: ThemeState; Page: number; Rows: number }) =>
    api.get<ListData<PublicActivity>>(`${S}/appactivity/getlist`, q, quiet),
  info: (q: { themeId?: number; id?: number }) => api.get<ActivityInfo>(`${S}/appactivity/getactivityinfo`, q, quiet),
  themeWork: (themeId: number, Page: number, Rows: number) =>
    api.get<ListData<PublicSubmission>>(`${S}/appactivitytheme/getsubmitbytheme`, { themeId, Page, Rows }, quiet),
  activityWork: (activityId: number, Page: number, Rows: number) =>
    api.get<ListData<PublicSubmission>>(`${S}/appactivity/getsubmitbyactivity`, { activityId, Page, Rows }, quiet),
  mine: () => api.post<MyTheme[]>(`${O}/MyThemes`, {}, quiet),
  join: (id: number) => api.post(`${O}/JoinTheme`, { id }, quiet),
  submit: (body: { taskId: number; text?: string; image?: string }) => api.post(`${O}/SubmitTheme`, body, quiet),
  certificate: (id: number) => api.download(`${O}/MyThemeCertificate`, { id }),
  /** A picture for a submission: a public upload of the school (images only, size checked by the caller too). */
  upload: (file: File) => {
    const fd = new FormData();
    fd.append('category', 'picture');
    fd.append('file', file, file.name);
    return api.post<UploadResult>(`${P}/upload/post`, fd, quiet);
  },
};
