import { IdsBody } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import {
  ModerateBody,
  RecordIdBody,
  RecordReviewsQuery,
  REVIEW_CODE,
  REVIEW_SETTING_CODE,
  type ReviewDto,
  ReviewListQuery,
  ReviewSave,
} from '@shuyuan/contracts/reviews/review';
import { ReviewSettings } from '@shuyuan/contracts/reviews/setting';
import { PageQuery } from '@shuyuan/contracts/common/envelope';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { route } from '../../platform/route.ts';
import { publicRecord } from '../opac/detail.service.ts';
import { publicView } from '../opac/search.service.ts';
import { assertOpen } from '../opac/visibility.ts';
import { type SheetColumn, startListExport } from './export.ts';
import { deleteModerated, moderate } from './moderation.ts';
import { listReviews, myReviewOf, myReviews, recordReviews, saveMyReview } from './review.service.ts';
import { reviewSettings, saveReviewSettings } from './settings.service.ts';

const B = `${P}/BookReview`;

/** Whatever role they hold, a student never judges what readers write (issue 16: "a student cannot judge"). */
export function assertMayModerate(user: Principal | undefined): void {
  if (!user || user.identity === 'student') throw fail('STUDENT_CANNOT_MODERATE', 'reviews.studentCannotModerate');
}

const COLUMNS: SheetColumn<ReviewDto>[] = [
  ['reviews.col.title', (d) => d.title],
  ['reviews.col.reader', (d) => d.readerName],
  ['reviews.col.account', (d) => d.account],
  ['reviews.col.grade', (d) => d.gradeName ?? ''],
  ['reviews.col.class', (d) => d.className ?? ''],
  ['reviews.col.rating', (d) => d.rating],
  ['reviews.col.content', (d) => d.content],
  ['reviews.col.state', (d, t) => t(`reviews.state.${d.state}`)],
  ['reviews.col.reason', (d) => d.rejectReason],
  ['reviews.col.reviewer', (d) => d.reviewedByName],
  ['reviews.col.createdAt', (d) => d.createdAt.slice(0, 10)],
];

export function reviewRoutes(app: FastifyInstance): void {
  // ——— Back office (/bookreview, /bookreview-setting) ———
  route(app, {
    url: `${B}/GetReviewList`,
    access: REVIEW_CODE,
    schema: ReviewListQuery,
    summary: 'Reviews with filters: state, record, reader, class, grade, days written',
    handler: ({ db, scope, body }) => listReviews(db, scope, body),
  });
  route(app, {
    url: `${B}/ModerateReviews`,
    access: opCode(REVIEW_CODE, 'audit'),
    schema: ModerateBody,
    audit: 'bookreview.moderate',
    summary: 'Pass or reject reviews (a rejection needs its reason); a pass credits the points rule',
    handler: ({ db, scope, body, user, auditDetail }) => {
      assertMayModerate(user);
      auditDetail.ids = body.ids;
      auditDetail.pass = body.pass;
      return moderate(db, scope, user!, 'review', body);
    },
  });
  route(app, {
    url: `${B}/DeleteReview`,
    access: opCode(REVIEW_CODE, 'delete'),
    schema: IdsBody,
    audit: 'bookreview.delete',
    handler: ({ db, scope, body }) => deleteModerated(db, scope, 'review', body.ids),
  });
  route(app, {
    url: `${B}/ExportReview`,
    access: opCode(REVIEW_CODE, 'export'),
    schema: ReviewListQuery,
    audit: 'bookreview.export',
    summary: 'The filtered reviews as xlsx (background job)',
    handler: (ctx) =>
      startListExport(app, ctx, {
        fileNameKey: 'reviews.file',
        operationType: 'export.bookreview',
        columns: COLUMNS,
        page: (Page, Rows) => listReviews(app.database.db, ctx.scope, { ...ctx.body, Page, Rows }),
      }),
  });
  route(app, {
    url: `${B}/GetReviewSettings`,
    access: REVIEW_SETTING_CODE,
    handler: ({ db, scope }) => reviewSettings(db, scope),
  });
  route(app, {
    url: `${B}/SaveReviewSettings`,
    access: opCode(REVIEW_SETTING_CODE, 'edit'),
    schema: ReviewSettings,
    audit: 'bookreview.settings',
    handler: ({ db, scope, body }) => saveReviewSettings(db, scope, body),
  });

  // ——— Personal area: every call acts on the caller ———
  route(app, {
    url: `${P}/Opac/SaveMyReview`,
    access: 'school',
    schema: ReviewSave,
    audit: 'bookreview.write',
    summary: "Writes or rewrites the caller's review of a record (moderated unless the school turned it off)",
    handler: ({ db, scope, body, user, t }) => saveMyReview(db, scope, user!.userId, body, t),
  });
  route(app, {
    url: `${P}/Opac/MyReviews`,
    access: 'school',
    schema: PageQuery,
    summary: "The caller's reviews with states and reject reasons",
    handler: ({ db, scope, body, user }) => myReviews(db, scope, user!.userId, body),
  });
  route(app, {
    url: `${P}/Opac/MyReviewOf`,
    access: 'school',
    schema: RecordIdBody,
    summary: "The caller's review of one record, or null",
    handler: ({ db, scope, body, user }) => myReviewOf(db, scope, user!.userId, body.recordId),
  });

  // ——— Public site ———
  route(app, {
    url: `${P}/Search/RecordReviews`,
    access: 'publicSchool',
    schema: RecordReviewsQuery,
    summary: "A record's passed reviews (writers' names masked, never a class) and its average rating",
    handler: async ({ db, scope, body }) => {
      await assertOpen(db, scope);
      await publicRecord(db, await publicView(db, scope), body.recordId);
      return recordReviews(db, scope, body.recordId, body);
    },
  });
}
