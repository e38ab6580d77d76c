import type { SchoolBrief } from '@shuyuan/contracts/auth/user';
import { P } from '@shuyuan/contracts/common/paths';
import type { ListData } from '@shuyuan/contracts/common/envelope';
import type {
  OpacClassNode,
  OpacComplexQuery,
  OpacCopy,
  OpacHit,
  OpacRecordDetail,
  OpacSearchQuery,
  OpacSearchResult,
  OpacStatfile,
} from '@shuyuan/contracts/opac/search';
import { api } from '../app/http.ts';

const S = `${P}/Search`;

export interface SearchOptions {
  locations: { id: number; name: string }[];
  resourceTypes: { id: number; name: string; enName: string }[];
  languages: string[];
  /** Graded reading bands the catalogue carries (Lexile measures are searched by range). */
  readingLevels: string[];
}

export interface SiteConfig {
  welcome: string;
  hotWords: string[];
  showFigures: boolean;
  showNewBooks: boolean;
  showRecommended: boolean;
}

type In<T> = Partial<T>;

/** The public site's calls (school = the stored search value, sent as the schoolID header). */
export const opacApi = {
  school: (code: string) => api.post<SchoolBrief>(`${P}/Organiza/GetSchoolByCode`, { code }, { showError: false }),
  search: (q: In<OpacSearchQuery>) => api.post<OpacSearchResult>(`${S}/Catalogue`, q, { showError: false }),
  complex: (q: In<OpacComplexQuery>) => api.post<OpacSearchResult>(`${S}/ComplexCatalogue`, q, { showError: false }),
  detail: (id: number) => api.post<OpacRecordDetail>(`${S}/CatalogueDetail`, { id }, { showError: false }),
  copies: (id: number) => api.post<OpacCopy[]>(`${S}/Collection`, { id }, { showError: false }),
  classify: (parent?: string) => api.post<OpacClassNode[]>('/search/classify', { parent }, { showError: false }),
  recommend: (Page: number, Rows = 12) =>
    api.post<ListData<OpacHit>>(`${S}/Recommend`, { Page, Rows }, { showError: false }),
  statfile: () => api.post<OpacStatfile>(`${S}/Statfile`, {}, { showError: false }),
  site: () => api.post<SiteConfig>(`${S}/GetSiteConfig`, {}, { showError: false }),
  options: () => api.post<SearchOptions>(`${S}/GetSearchOptions`, {}, { showError: false }),
};
