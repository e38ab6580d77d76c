import type { ListData } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import type { ParticipantsData, RunThemeRow, SubmissionRow, SubmissionState } from '@shuyuan/contracts/themes/theme';
import { api } from '../../app/http.ts';

const T = `${P}/Themes`;

/** /join-reading and /end-reading: the running or ended themes, their participants, submissions, certificates. */
export const runApi = {
  themes: (ended: boolean, Page: number, Rows: number) =>
    api.post<ListData<RunThemeRow>>(`${T}/Get${ended ? 'Ended' : 'Running'}Themes`, { Page, Rows }),
  participants: (ended: boolean, themeId: number, Page: number, Rows: number) =>
    api.post<ParticipantsData>(`${T}/${ended ? 'GetResults' : 'GetParticipants'}`, { themeId, Page, Rows }),
  submissions: (themeId: number, state: SubmissionState | undefined, Page: number, Rows: number) =>
    api.post<ListData<SubmissionRow>>(`${T}/GetSubmissions`, { themeId, state, Page, Rows }),
  judge: (body: { id: number; passed: boolean; score?: number | null; reason?: string }) =>
    api.post(`${T}/JudgeSubmission`, body, { showError: false }),
  exportParticipants: (ended: boolean, id: number) =>
    api.download(`${T}/${ended ? 'ExportResults' : 'ExportParticipants'}`, { id }),
  certificate: (themeId: number, userId: number) => api.download(`${T}/GetCertificate`, { themeId, userId }),
};
