import { maskName } from '@shuyuan/contracts/statistics/charts';
import type {
  ModerationState,
  MyReviewDto,
  RecordReviewsDto,
  ReviewDto,
  ReviewListQuery,
  ReviewSave,
} from '@shuyuan/contracts/reviews/review';
import type { PageQuery } from '@shuyuan/contracts/common/envelope';
import { desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { schoolClock } from '../circ-records/records.query.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { awardOnPass } from './points.ts';
import { likeText } from './moderation.ts';
import { bookReview } from './reviews.table.ts';
import { checkWriting, reviewSettings } from './settings.service.ts';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * The records among `recordIds` the reader has a passed review of (for theme tasks "write a review"). One query;
 * an empty list answers [] without one.
 */
export async function passedReviewsOf(db: Db, scope: Scope, userId: number, recordIds: number[]): Promise<number[]> {
  if (!recordIds.length) return [];
  const rows = await db
    .selectDistinct({ recordId: bookReview.recordId })
    .from(bookReview)
    .where(
      scope.where(
        bookReview,
        eq(bookReview.userId, userId),
        eq(bookReview.state, 'passed'),
        inArray(bookReview.recordId, recordIds),
      ),
    );
  return rows.map((r) => r.recordId);
}

/**
 * A reader writes or rewrites their review of a record (one per reader and record). Checked against the school's
 * settings on save (minimum length, banned words: refused, nothing stored). With moderation on it waits for a
 * reviewer (an edit sends it back to pending); with moderation off it is passed at once (points as on a pass).
 */
export async function saveMyReview(db: Db, scope: Scope, userId: number, body: ReviewSave, t: T): Promise<MyReviewDto> {
  const [rec] = await db
    .select({ id: catalogueRecord.id })
    .from(catalogueRecord)
    .where(scope.where(catalogueRecord, eq(catalogueRecord.id, body.recordId)));
  if (!rec) throw notFound();
  const id = await db.transaction(async (tx) => {
    const s = await reviewSettings(tx, scope);
    checkWriting(t, body.content, s.reviewMinLength, s.bannedWords);
    const state: ModerationState = s.reviewModeration ? 'pending' : 'passed';
    const values = {
      rating: body.rating,
      content: body.content,
      state,
      rejectReason: '',
      reviewedBy: null,
      reviewedByName: '',
      reviewedAt: s.reviewModeration ? null : new Date(),
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(bookReview)
      .values(scope.values({ recordId: body.recordId, userId, ...values }))
      .onConflictDoUpdate({ target: [bookReview.schoolId, bookReview.recordId, bookReview.userId], set: values })
      .returning({ id: bookReview.id });
    if (state === 'passed' && s.reviewPoints)
      await awardOnPass(tx, scope, 'review_approved', 'book_review', row.id, userId);
    return row.id;
  });
  const mine = await myReviews(db, scope, userId, ONE, eq(bookReview.id, id));
  return mine.List[0];
}

const myFields = {
  id: bookReview.id,
  recordId: bookReview.recordId,
  title: catalogueRecord.title,
  author: catalogueRecord.author,
  rating: bookReview.rating,
  content: bookReview.content,
  state: bookReview.state,
  rejectReason: bookReview.rejectReason,
  updatedAt: bookReview.updatedAt,
};

/** The reader's own reviews, newest first, with their states and reject reasons. */
export async function myReviews(
  db: Db,
  scope: Scope,
  userId: number,
  q: PageQuery,
  extra?: SQL,
): Promise<{ List: MyReviewDto[]; Total: number }> {
  const where = scope.where(bookReview, eq(bookReview.userId, userId), extra);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(myFields)
      .from(bookReview)
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, bookReview.recordId))
      .where(where)
      .orderBy(desc(bookReview.updatedAt), desc(bookReview.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(bookReview).where(where),
  ]);
  const List: MyReviewDto[] = rows.map((r) => ({
    ...r,
    state: r.state as ModerationState,
    updatedAt: r.updatedAt.toISOString(),
  }));
  return { List, Total: n };
}

const ONE = { Page: 1, Rows: 1, SearchKey: '' };

/** The back office's list (/bookreview): filters by state, record, reader, class, grade, days written. */
export async function listReviews(
  db: Db,
  scope: Scope,
  q: ReviewListQuery,
): Promise<{ List: ReviewDto[]; Total: number }> {
  const { tz } = await schoolClock(db, scope);
  const day = sql`(${bookReview.createdAt} at time zone ${tz})::date`;
  const where = scope.where(
    bookReview,
    q.state ? eq(bookReview.state, q.state) : undefined,
    q.recordId ? eq(bookReview.recordId, q.recordId) : undefined,
    q.SearchKey ? ilike(catalogueRecord.title, likeText(q.SearchKey)) : undefined,
    q.reader ? or(ilike(appUser.name, likeText(q.reader)), ilike(appUser.account, likeText(q.reader))) : undefined,
    q.classId ? eq(appUser.classId, q.classId) : undefined,
    q.gradeId ? eq(schoolClass.gradeId, q.gradeId) : undefined,
    q.from ? sql`${day} >= ${q.from}::date` : undefined,
    q.to ? sql`${day} <= ${q.to}::date` : undefined,
  );
  const joined = <Q extends PgSelect>(q: Q) =>
    q
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, bookReview.recordId))
      .innerJoin(appUser, eq(appUser.id, bookReview.userId))
      .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
      .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
      .where(where);
  const [rows, [{ n }]] = await Promise.all([
    joined(
      db
        .select({
          ...myFields,
          userId: bookReview.userId,
          readerName: appUser.name,
          account: appUser.account,
          className: schoolClass.name,
          gradeName: grade.name,
          reviewedByName: bookReview.reviewedByName,
          reviewedAt: bookReview.reviewedAt,
          createdAt: bookReview.createdAt,
        })
        .from(bookReview)
        .$dynamic(),
    )
      .orderBy(desc(bookReview.createdAt), desc(bookReview.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    joined(db.select({ n: sql<number>`count(*)::int` }).from(bookReview).$dynamic()),
  ]);
  return {
    Total: n,
    List: rows.map((r) => ({
      ...r,
      state: r.state as ModerationState,
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/** Passed reviews of a record for the public site: masked names, newest first, and the average rating. */
export async function recordReviews(db: Db, scope: Scope, recordId: number, q: PageQuery): Promise<RecordReviewsDto> {
  const where = scope.where(bookReview, eq(bookReview.recordId, recordId), eq(bookReview.state, 'passed'));
  const [rows, [agg]] = await Promise.all([
    db
      .select({
        id: bookReview.id,
        name: appUser.name,
        rating: bookReview.rating,
        content: bookReview.content,
        createdAt: bookReview.createdAt,
      })
      .from(bookReview)
      .innerJoin(appUser, eq(appUser.id, bookReview.userId))
      .where(where)
      .orderBy(desc(bookReview.createdAt), desc(bookReview.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    db
      .select({ n: sql<number>`count(*)::int`, avg: sql<string | null>`round(avg(${bookReview.rating}), 1)` })
      .from(bookReview)
      .where(where),
  ]);
  return {
    Total: agg.n,
    average: agg.avg === null ? null : Number(agg.avg),
    List: rows.map((r) => ({
      id: r.id,
      maskedName: maskName(r.name),
      rating: r.rating,
      content: r.content,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The caller's review of one record (the record page's form), or null. */
export async function myReviewOf(db: Db, scope: Scope, userId: number, recordId: number): Promise<MyReviewDto | null> {
  const page = await myReviews(db, scope, userId, ONE, eq(bookReview.recordId, recordId));
  return page.List[0] ?? null;
}
