import type { BookListDto } from '@shuyuan/contracts/booklists/booklist';
import { P } from '@shuyuan/contracts/common/paths';
import { api } from '../../app/http.ts';

const quiet = { showError: false };

/** Book lists for readers: the school's published lists (public) and those for the caller's grade. */
export const bookListsApi = {
  lists: () => api.post<BookListDto[]>(`${P}/Search/BookLists`, {}, quiet),
  list: (id: number) => api.post<BookListDto>(`${P}/Search/BookList`, { id }, quiet),
  mine: () => api.post<BookListDto[]>(`${P}/Opac/MyBookLists`, {}, quiet),
};
