import type { SessionUser } from '@shuyuan/contracts/auth/user';
import type { ListData } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import type {
  MyBill,
  MyChild,
  MyLoan,
  MyReservation,
  MySuggestion,
  ReadingRecord,
  RenewOutcome,
  TimelineMonth,
} from '@shuyuan/contracts/opac/personal';
import { api } from '../../app/http.ts';

const O = `${P}/Opac`;
const quiet = { showError: false };

export interface HistoryRow {
  id: number;
  recordId: number;
  barcode: string;
  title: string;
  author: string;
  borrowedAt: string;
  dueDate: string;
  returnedAt: string | null;
  renewals: number;
  state: string;
  overdueDays: number;
}

export interface KinLoan {
  id: number;
  userId: number;
  readerName: string;
  title: string;
  barcode: string;
  borrowedAt: string;
  dueDate: string;
  returnedAt: string | null;
  state: string;
  overdueDays: number;
}

/** The personal area's calls: each acts on the signed-in reader only (the server decides who that is). */
export const meApi = {
  user: () => api.get<SessionUser>('/micro/basic/v2/open/user/get', undefined, quiet),
  loans: () => api.post<ListData<MyLoan>>(`${O}/MyLoans`, { Page: 1, Rows: 100 }, quiet),
  renew: (loanId: number) => api.post<{ dueDate: string }>(`${O}/Renew`, { loanId }, quiet),
  renewAll: () => api.post<RenewOutcome[]>(`${O}/RenewAll`, {}, quiet),
  exportHistory: () => api.download(`${O}/ExportMyHistory`, {}, quiet),
  readingRecord: () => api.post<ReadingRecord>(`${O}/MyReadingRecord`, {}, quiet),
  history: (Page: number, Rows = 20) => api.post<ListData<HistoryRow>>(`${O}/MyHistory`, { Page, Rows }, quiet),
  reservations: () => api.post<MyReservation[]>(`${O}/MyReservations`, {}, quiet),
  reserve: (recordId: number) =>
    api.post<{ state: string; holdUntil: string | null; queuePosition: number | null }>(
      `${O}/Reserve`,
      { recordId },
      quiet,
    ),
  cancel: (id: number) => api.post(`${O}/CancelReservation`, { id }, quiet),
  suggestions: () => api.post<ListData<MySuggestion>>(`${O}/MySuggestions`, { Page: 1, Rows: 50 }, quiet),
  suggest: (body: { title: string; author: string; isbn: string; reason: string }) =>
    api.post(`${P}/Circulation/AddRecommendation`, body, quiet),
  bill: () => api.get<MyBill>('/micro/bank/api/platform/PersonalBill/GetUserInfoAndBalance', undefined, quiet),
  timeline: (childId?: number) =>
    api.get<TimelineMonth[]>('/micro/basic/open/readingRecord/line', childId ? { childId } : undefined, quiet),
  children: () => api.post<MyChild[]>(`${O}/MyChildren`, {}, quiet),
  kinLoans: (studentId: number, open: boolean) =>
    api.post<ListData<KinLoan>>(
      `${P}/Circulation/${open ? 'GetKinBorrowing' : 'GetKinBorrowRecords'}`,
      { studentId, Page: 1, Rows: 50 },
      quiet,
    ),
  profile: (email: string) => api.post(`${O}/UpdateMyProfile`, { email }, quiet),
  password: (body: { oldPassword: string; newPassword: string; confirmPassword: string }) =>
    api.post('/micro/basic/open/user/updatePassword', body, quiet),
  language: (lang: string) => api.post(`${P}/WebPlat/Language`, { lang }, quiet),
};

/** The server's message of a failed call, for the reader. */
export const messageOf = (e: unknown) => String((e as { msg?: string })?.msg ?? (e as Error)?.message ?? e);

/** The field messages of a refused form (or its message). */
export const issuesOf = (e: unknown) =>
  (e as { issues?: { message: string }[] }).issues?.map((i) => i.message).join('; ') || messageOf(e);
