import type { PageQuery } from '@shuyuan/contracts/common/envelope';
import type { ModerationState } from '@shuyuan/contracts/reviews/review';
import type { MyShareDto, PublicShareDto, ShareDto, ShareListQuery, ShareSave } from '@shuyuan/contracts/reviews/share';
import { maskName } from '@shuyuan/contracts/statistics/charts';
import { asc, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { schoolClock } from '../circ-records/records.query.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { likeText } from './moderation.ts';
import { awardOnPass } from './points.ts';
import { readingShare as s, shareDimension } from './reviews.table.ts';
import { checkWriting, reviewSettings } from './settings.service.ts';

type T = (key: string, params?: Record<string, unknown>) => string;
type Row = typeof s.$inferSelect & { recordTitle: string | null };

/** Names of the school's dimensions by id (a small table: read whole). */
async function dimensionNames(db: Db, scope: Scope): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: shareDimension.id, name: shareDimension.name })
    .from(shareDimension)
    .where(scope.where(shareDimension));
  return new Map(rows.map((r) => [r.id, r.name]));
}

function base(r: Row, names: Map<number, string>) {
  return {
    id: r.id,
    kind: r.kind as ShareDto['kind'],
    recordId: r.recordId,
    recordTitle: r.recordTitle,
    title: r.title,
    content: r.content,
    pictures: r.pictures ?? [],
    dimensions: (r.dimensionIds ?? []).map((id) => names.get(id)).filter((n): n is string => !!n),
    createdAt: r.createdAt.toISOString(),
  };
}

const own = (r: Row) => ({
  dimensionIds: r.dimensionIds ?? [],
  state: r.state as ModerationState,
  rejectReason: r.rejectReason,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * A reader writes or rewrites a share: the text checked like a review's (minimum length, banned words in title and
 * text), pictures checked by `checkPictures` (the caller), dimensions and record must be the school's. With
 * moderation on it waits for a reviewer (a rewrite goes back to pending); off, it is passed at once.
 */
export async function saveMyShare(
  db: Db,
  scope: Scope,
  userId: number,
  body: ShareSave,
  t: T,
  checkPictures: (max: number) => Promise<void>,
): Promise<MyShareDto> {
  const dims = [...new Set(body.dimensionIds)];
  const id = await db.transaction(async (tx) => {
    const st = await reviewSettings(tx, scope);
    checkWriting(t, body.content, st.shareMinLength, st.bannedWords);
    checkWriting(t, body.title, 0, st.bannedWords, 'title');
    await checkPictures(st.shareMaxPictures);
    if (dims.length) {
      const found = await tx
        .select({ id: shareDimension.id })
        .from(shareDimension)
        .where(scope.where(shareDimension, inArray(shareDimension.id, dims), eq(shareDimension.state, 1)));
      if (found.length !== dims.length)
        throw invalid([{ path: 'dimensionIds', message: t('reviews.share.badDimension') }]);
    }
    if (body.recordId) {
      const [rec] = await tx
        .select({ id: catalogueRecord.id })
        .from(catalogueRecord)
        .where(scope.where(catalogueRecord, eq(catalogueRecord.id, body.recordId)));
      if (!rec) throw notFound();
    }
    const state: ModerationState = st.shareModeration ? 'pending' : 'passed';
    const values = {
      kind: body.kind,
      recordId: body.recordId ?? null,
      title: body.title,
      content: body.content,
      pictures: body.pictures,
      dimensionIds: dims,
      state,
      rejectReason: '',
      reviewedBy: null,
      reviewedByName: '',
      reviewedAt: st.shareModeration ? null : new Date(),
      updatedAt: new Date(),
    };
    let shareId: number;
    if (body.id) {
      const [row] = await tx
        .update(s)
        .set(values)
        .where(scope.where(s, eq(s.id, body.id), eq(s.userId, userId)))
        .returning({ id: s.id });
      if (!row) throw notFound();
      shareId = row.id;
    } else {
      const [row] = await tx
        .insert(s)
        .values(scope.values({ userId, ...values }))
        .returning({ id: s.id });
      shareId = row.id;
    }
    if (state === 'passed' && st.sharePoints)
      await awardOnPass(tx, scope, 'share_approved', 'reading_share', shareId, userId);
    return shareId;
  });
  return (await myShares(db, scope, userId, { Page: 1, Rows: 1, SearchKey: '' }, eq(s.id, id))).List[0];
}

function fromShares(db: Db, fields: Record<string, any>) {
  return db.select(fields).from(s).leftJoin(catalogueRecord, eq(catalogueRecord.id, s.recordId)).$dynamic();
}

/** The reader's own shares, newest first, with states and reject reasons. */
export async function myShares(db: Db, scope: Scope, userId: number, q: PageQuery, extra?: SQL) {
  const where = scope.where(s, eq(s.userId, userId), extra);
  const [rows, [{ n }], names] = await Promise.all([
    fromShares(db, { ...getTableColumns(s), recordTitle: catalogueRecord.title })
      .where(where)
      .orderBy(desc(s.updatedAt), desc(s.id))
      .limit(q.Rows)
      .offset(pageOffset(q)) as unknown as Promise<Row[]>,
    db.select({ n: sql<number>`count(*)::int` }).from(s).where(where),
    dimensionNames(db, scope),
  ]);
  return { Total: n, List: rows.map((r): MyShareDto => ({ ...base(r, names), ...own(r) })) };
}

export async function deleteMyShare(db: Db, scope: Scope, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(s)
    .where(scope.where(s, eq(s.id, id), eq(s.userId, userId)))
    .returning({ id: s.id });
  if (!gone.length) throw notFound();
}

/** The back office's list (/reading-share): state, kind, dimension, reader, class, grade, days written, text. */
export async function listShares(
  db: Db,
  scope: Scope,
  q: ShareListQuery,
): Promise<{ List: ShareDto[]; Total: number }> {
  const { tz } = await schoolClock(db, scope);
  const day = sql`(${s.createdAt} at time zone ${tz})::date`;
  const where = scope.where(
    s,
    q.state ? eq(s.state, q.state) : undefined,
    q.kind ? eq(s.kind, q.kind) : undefined,
    q.dimensionId ? sql`${s.dimensionIds} @> ${JSON.stringify([q.dimensionId])}::jsonb` : undefined,
    q.SearchKey ? or(ilike(s.title, likeText(q.SearchKey)), ilike(s.content, likeText(q.SearchKey))) : undefined,
    q.reader ? or(ilike(appUser.name, likeText(q.reader)), ilike(appUser.account, likeText(q.reader))) : undefined,
    q.classId ? eq(appUser.classId, q.classId) : undefined,
    q.gradeId ? eq(schoolClass.gradeId, q.gradeId) : undefined,
    q.from ? sql`${day} >= ${q.from}::date` : undefined,
    q.to ? sql`${day} <= ${q.to}::date` : undefined,
  );
  const joined = <Q extends PgSelect>(x: Q) =>
    x
      .innerJoin(appUser, eq(appUser.id, s.userId))
      .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
      .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
      .where(where);
  const [rows, [{ n }], names] = await Promise.all([
    joined(
      fromShares(db, {
        ...getTableColumns(s),
        recordTitle: catalogueRecord.title,
        readerName: appUser.name,
        account: appUser.account,
        className: schoolClass.name,
        gradeName: grade.name,
      }),
    )
      .orderBy(desc(s.createdAt), desc(s.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    joined(db.select({ n: sql<number>`count(*)::int` }).from(s).$dynamic()),
    dimensionNames(db, scope),
  ]);
  return {
    Total: n,
    List: (
      rows as (Row & { readerName: string; account: string; className: string | null; gradeName: string | null })[]
    ).map(
      (r): ShareDto => ({
        ...base(r, names),
        ...own(r),
        userId: r.userId,
        readerName: r.readerName,
        account: r.account,
        className: r.className,
        gradeName: r.gradeName,
        reviewedByName: r.reviewedByName,
        reviewedAt: r.reviewedAt?.toISOString() ?? null,
      }),
    ),
  };
}

/** Passed shares for the public site (optionally of one dimension): masked names, never a class. */
export async function publicShares(db: Db, scope: Scope, q: PageQuery & { dimensionId?: number }) {
  const where = scope.where(
    s,
    eq(s.state, 'passed'),
    q.dimensionId ? sql`${s.dimensionIds} @> ${JSON.stringify([q.dimensionId])}::jsonb` : undefined,
  );
  const [rows, [{ n }], names] = await Promise.all([
    fromShares(db, { ...getTableColumns(s), recordTitle: catalogueRecord.title, name: appUser.name })
      .innerJoin(appUser, eq(appUser.id, s.userId))
      .where(where)
      .orderBy(desc(s.createdAt), desc(s.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(s).where(where),
    dimensionNames(db, scope),
  ]);
  return {
    Total: n,
    List: (rows as (Row & { name: string })[]).map(
      (r): PublicShareDto => ({ ...base(r, names), maskedName: maskName(r.name) }),
    ),
  };
}

/** The school's dimensions in use (readers' form, the public filter). */
export async function activeDimensions(db: Db, scope: Scope) {
  return db
    .select({ id: shareDimension.id, name: shareDimension.name, description: shareDimension.description })
    .from(shareDimension)
    .where(scope.where(shareDimension, eq(shareDimension.state, 1)))
    .orderBy(asc(shareDimension.sort), asc(shareDimension.id));
}
