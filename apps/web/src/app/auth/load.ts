import type { Lang } from '@shuyuan/contracts/common/lang';
import { P } from '@shuyuan/contracts/common/paths';
import { setLang } from '../../i18n/index.ts';
import { api } from '../http.ts';
import { getSession, type MenuNode, type StoredToken, type UserInfo, updateSession } from './session.ts';

export const USER_GET = '/micro/basic/v2/open/user/get';

/** Menus and operations of the current school; an absent menu service leaves both empty (no error shown). */
export async function loadMenus(): Promise<void> {
  try {
    const r = await api.post<{ menus?: MenuNode[]; operations?: string[] }>(
      `${P}/Menu/GetUserMenus`,
      {},
      { showError: false },
    );
    updateSession({ menus: sortMenus(r?.menus ?? []), operations: r?.operations ?? [] });
  } catch {
    updateSession({ menus: [], operations: [] });
  }
}

function sortMenus(nodes: MenuNode[]): MenuNode[] {
  return [...nodes]
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .map((n) => ({ ...n, children: n.children ? sortMenus(n.children) : undefined }));
}

/** After sign-in: who the user is, which schools, then the menus; the user's stored language applies. */
export async function loadUserSession(): Promise<UserInfo> {
  const user = await api.get<UserInfo>(USER_GET);
  const keep = getSession().schoolId;
  const schoolId = keep && user.schools?.some((s) => s.id === keep) ? keep : user.SchoolID;
  updateSession({ user, schoolId });
  if ((user.lang === 'zh' || user.lang === 'en') && !localStorage.getItem('shuyuan.lang')) void setLang(user.lang);
  // Until a password set by someone else is changed, the server answers no menu (PASSWORD_CHANGE_REQUIRED).
  if (user.mustChangePassword) updateSession({ menus: [], operations: [] });
  else await loadMenus();
  return user;
}

/** Unit switch (spec §1): the server issues a token for the school, then menus are reloaded for it. */
export async function switchSchool(schoolId: number): Promise<void> {
  const r = await api.post<Partial<StoredToken> | null>(`${P}/sys/SchoolLoginToken`, { schoolId }, { loading: true });
  if (r && typeof r === 'object' && r.access_token) {
    const old = getSession().token;
    updateSession({ token: { ...old, ...r, access_token: r.access_token } as StoredToken });
  }
  updateSession({ schoolId });
  await loadMenus();
}

/** Language switch: every visible string, the menu names and server messages follow; the preference is stored. */
export async function changeLanguage(lang: Lang): Promise<void> {
  await setLang(lang);
  if (getSession().token) await api.post(`${P}/WebPlat/Language`, { lang }, { showError: false }).catch(() => {});
}
