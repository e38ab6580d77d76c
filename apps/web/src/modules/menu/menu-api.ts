import { P } from '@shuyuan/contracts/common/paths';
import type { MenuCreate, MenuRow, MenuUpdate } from '@shuyuan/contracts/menu/menu-types';
import { api } from '../../app/http.ts';

/** Calls of the /sys/menu screen (server: modules/menu/menu.routes.ts). */
export const menuApi = {
  list: () => api.post<MenuRow[]>(`${P}/Menu/GetMenuList`, {}),
  add: (body: MenuCreate) => api.post<{ id: number }>(`${P}/Menu/AddMenu`, body),
  update: (body: MenuUpdate) => api.post(`${P}/Menu/UpdateMenu`, body),
  remove: (id: number) => api.post(`${P}/Menu/DeleteMenu`, { id }),
  schools: () =>
    api.post<{ List: { id: number; name: string }[] }>(`${P}/Organiza/GetSchoolList`, { Page: 1, Rows: 500 }),
  schoolOff: (schoolId: number) => api.post<{ disabledIds: number[] }>(`${P}/Menu/GetSchoolMenu`, { schoolId }),
  setSchoolOff: (schoolId: number, disabledIds: number[]) =>
    api.post(`${P}/Menu/SetSchoolMenu`, { schoolId, disabledIds }),
};

/** The menu's name in the current language (English falls back to Chinese when empty). */
export function menuLabel(m: { MenuName: string; MenuEnName?: string }, lang: string): string {
  return lang.startsWith('en') && m.MenuEnName ? m.MenuEnName : m.MenuName;
}
