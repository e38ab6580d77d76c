import type { ListData } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import type { MyReviewDto, RecordReviewsDto, ReviewSave } from '@shuyuan/contracts/reviews/review';
import type { RecommendedDto } from '@shuyuan/contracts/reviews/recommendation';
import type { MyShareDto, PublicShareDto } from '@shuyuan/contracts/reviews/share';
import type { UploadResult } from '@shuyuan/contracts/settings/upload';
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

export interface ShareForm {
  id?: number;
  kind: 'note' | 'excerpt';
  title: string;
  content: string;
  pictures: string[];
  dimensionIds: number[];
}

/** Reading shares: the reader's own (personal area) and the passed ones (public site, masked names). */
export const sharesApi = {
  dimensions: () =>
    api.post<{ id: number; name: string; description: string }[]>(`${P}/Search/ShareDimensions`, {}, quiet),
  shown: (Page: number, dimensionId?: number, Rows = 12) =>
    api.post<ListData<PublicShareDto>>(`${P}/Search/ReadingShares`, { Page, Rows, dimensionId }, quiet),
  mine: (Page: number, Rows = 20) => api.post<ListData<MyShareDto>>(`${P}/Opac/MyShares`, { Page, Rows }, quiet),
  save: (body: ShareForm) => api.post<MyShareDto>(`${P}/Opac/SaveMyShare`, body, quiet),
  remove: (id: number) => api.post(`${P}/Opac/DeleteMyShare`, { id }, quiet),
  /** A public picture (category `picture`): shares are shown on the public site once passed. */
  upload: (file: File) => {
    const fd = new FormData();
    fd.append('category', 'picture');
    fd.append('file', file, file.name);
    return api.post<UploadResult>(`${P}/upload/post`, fd, quiet);
  },
};

/** Teachers' recommendations pushed to the reader's class or grade, and all pushed ones (public site). */
export const recommendedApi = {
  mine: (Page: number, Rows = 20) =>
    api.post<ListData<RecommendedDto>>(`${P}/Opac/MyRecommended`, { Page, Rows }, quiet),
  shown: (Page: number, Rows = 12) =>
    api.post<ListData<RecommendedDto>>(`${P}/Search/TeacherRecommended`, { Page, Rows }, quiet),
};
