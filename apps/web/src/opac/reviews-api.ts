import type { ListData } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import type { MyReviewDto, RecordReviewsDto, ReviewSave } from '@shuyuan/contracts/reviews/review';
import { api } from '../app/http.ts';

const quiet = { showError: false };

/** Book reviews on the public site (passed ones, masked names) and the reader's own (server modules/reviews). */
export const reviewsApi = {
  ofRecord: (recordId: number, Page = 1, Rows = 10) =>
    api.post<RecordReviewsDto>(`${P}/Search/RecordReviews`, { recordId, Page, Rows }, quiet),
  mineOf: (recordId: number) => api.post<MyReviewDto | null>(`${P}/Opac/MyReviewOf`, { recordId }, quiet),
  save: (body: ReviewSave) => api.post<MyReviewDto>(`${P}/Opac/SaveMyReview`, body, quiet),
  mine: (Page: number, Rows = 20) => api.post<ListData<MyReviewDto>>(`${P}/Opac/MyReviews`, { Page, Rows }, quiet),
};
