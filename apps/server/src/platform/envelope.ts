import type { Envelope, ListData } from '@shuyuan/contracts/common/envelope';

export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { code: 0, success: true, msg, data };
}

export function list<T>(List: T[], Total: number): ListData<T> {
  return { List, Total };
}

/** Offset for Page/Rows paging. */
export function pageOffset(q: { Page: number; Rows: number }): number {
  return (q.Page - 1) * q.Rows;
}
