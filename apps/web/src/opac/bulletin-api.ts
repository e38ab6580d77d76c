import type {
  BulletinKind,
  PublicAnnouncement,
  PublicBulletin,
  PublicBulletinDetail,
  PublicLibraryInfo,
} from '@shuyuan/contracts/bulletin/bulletin';
import type { ListData } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import type { OpacHit } from '@shuyuan/contracts/opac/search';
import { api } from '../app/http.ts';

const S = `${P}/Search`;
const quiet = { showError: false };

export interface PublicLink {
  id: number;
  name: string;
  url: string;
  description: string;
  logo: string;
}

/** What the library publishes (notices, news, dynamics, announcements, links, introduction): published items only. */
export const bulletinApi = {
  list: (q: { kind?: BulletinKind; Page: number; Rows: number }) =>
    api.post<ListData<PublicBulletin>>(`${S}/GetBulletinCatalog`, q, quiet),
  detail: (id: number) => api.post<PublicBulletinDetail>(`${S}/GetBulletinContentByID`, { id }, quiet),
  links: () => api.post<PublicLink[]>(`${S}/GetNetworkResource`, {}, quiet),
  library: () => api.post<PublicLibraryInfo>(`${S}/GetLibraryInfo`, {}, quiet),
  announcements: (Page: number, Rows: number) =>
    api.post<ListData<PublicAnnouncement>>(`${S}/GetNewBookAnnouncementList`, { Page, Rows }, quiet),
  announcement: (id: number, Page: number, Rows: number) =>
    api.post<PublicAnnouncement & ListData<OpacHit>>(`${S}/GetNewBookAnnouncement`, { id, Page, Rows }, quiet),
};
