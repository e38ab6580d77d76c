import type { PageQuery } from '@shuyuan/contracts/common/envelope';
import type {
  RecommendationCreate,
  RecommendationDto,
  RecommendedDto,
  RecommendState,
} from '@shuyuan/contracts/reviews/recommendation';
import { type AnyColumn, and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import { fail, invalid, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord as rec } from '../catalogue/catalogue.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { recommendationLabel as label, teacherRecommendation as r } from './reviews.table.ts';

type T = (key: string, params?: Record<string, unknown>) => string;
export type RecommendListQuery = PageQuery & { state?: RecommendState; pushed?: boolean; labelId?: number };

const has = (col: AnyColumn, id: number) => sql`${col} @> ${JSON.stringify([id])}::jsonb`;

async function names(db: Db, scope: Scope) {
  const [labels, grades, classes] = await Promise.all([
    db.select({ id: label.id, name: label.name }).from(label).where(scope.where(label)),
    db.select({ id: grade.id, name: grade.name }).from(grade).where(scope.where(grade)),
    db.select({ id: schoolClass.id, name: schoolClass.name }).from(schoolClass).where(scope.where(schoolClass)),
  ]);
  const m = (rows: { id: number; name: string }[]) => new Map(rows.map((x) => [x.id, x.name]));
  return { labels: m(labels), grades: m(grades), classes: m(classes) };
}
const pick = (ids: number[], m: Map<number, string>) => ids.map((i) => m.get(i)).filter((n): n is string => !!n);

/** Only teachers and staff recommend; labels, grades, classes and the record must be the school's. */
export async function checkRecommendation(db: Db, scope: Scope, user: Principal, b: RecommendationCreate, t: T) {
  if (user.identity !== 'teacher' && user.identity !== 'staff')
    throw fail('TEACHERS_ONLY', 'reviews.recommend.teachersOnly');
  const [found] = await db
    .select({ id: rec.id })
    .from(rec)
    .where(scope.where(rec, eq(rec.id, b.recordId)));
  if (!found) throw invalid([{ path: 'recordId', message: t('reviews.recommend.recordRequired') }]);
  const all = await names(db, scope);
  const bad = (ids: number[], m: Map<number, string>) => ids.some((i) => !m.has(i));
  if (bad(b.labelIds, all.labels)) throw invalid([{ path: 'labelIds', message: t('reviews.recommend.badTarget') }]);
  if (bad(b.gradeIds, all.grades)) throw invalid([{ path: 'gradeIds', message: t('reviews.recommend.badTarget') }]);
  if (bad(b.classIds, all.classes)) throw invalid([{ path: 'classIds', message: t('reviews.recommend.badTarget') }]);
}

export async function listRecommendations(db: Db, scope: Scope, q: RecommendListQuery) {
  const where = scope.where(
    r,
    q.state ? eq(r.state, q.state) : undefined,
    q.pushed === undefined ? undefined : eq(r.pushed, q.pushed),
    q.labelId ? has(r.labelIds, q.labelId) : undefined,
    q.SearchKey
      ? sql`(${rec.title} ilike ${`%${q.SearchKey}%`} or ${r.teacherName} ilike ${`%${q.SearchKey}%`})`
      : undefined,
  );
  const [rows, [{ n }], m] = await Promise.all([
    db
      .select({ r, title: rec.title, author: rec.author })
      .from(r)
      .innerJoin(rec, eq(rec.id, r.recordId))
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(r).innerJoin(rec, eq(rec.id, r.recordId)).where(where),
    names(db, scope),
  ]);
  const List = rows.map(
    ({ r: x, title, author }): RecommendationDto => ({
      id: x.id,
      recordId: x.recordId,
      title,
      author,
      teacherName: x.teacherName,
      reason: x.reason,
      labelIds: x.labelIds,
      labels: pick(x.labelIds, m.labels),
      gradeIds: x.gradeIds,
      classIds: x.classIds,
      targets: [...pick(x.gradeIds, m.grades), ...pick(x.classIds, m.classes)],
      state: x.state as RecommendState,
      rejectReason: x.rejectReason,
      pushed: x.pushed,
      pushedAt: x.pushedAt?.toISOString() ?? null,
      createdAt: x.createdAt.toISOString(),
    }),
  );
  return { List, Total: n };
}

/** Approve or reject (with a reason); a rejected or re-judged recommendation is no longer pushed. */
export async function auditRecommendations(
  db: Db,
  scope: Scope,
  user: Principal,
  b: { ids: number[]; approve: boolean; reason: string },
) {
  const ids = [...new Set(b.ids)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: r.id })
      .from(r)
      .where(scope.where(r, inArray(r.id, ids)));
    if (found.length !== ids.length) throw notFound();
    await tx
      .update(r)
      .set({
        state: b.approve ? 'approved' : 'rejected',
        rejectReason: b.approve ? '' : b.reason,
        approvedBy: user.userId,
        approvedAt: new Date(),
        ...(b.approve ? {} : { pushed: false, pushedAt: null }),
      })
      .where(scope.where(r, inArray(r.id, ids)));
    return { count: ids.length };
  });
}

/** Push approved recommendations to their readers and the public site (or take them back). */
export async function pushRecommendations(db: Db, scope: Scope, b: { ids: number[]; pushed: boolean }) {
  const ids = [...new Set(b.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: r.id, state: r.state })
      .from(r)
      .where(scope.where(r, inArray(r.id, ids)));
    if (rows.length !== ids.length) throw notFound();
    if (b.pushed && rows.some((x) => x.state !== 'approved'))
      throw fail('NOT_APPROVED', 'reviews.recommend.notApproved');
    await tx
      .update(r)
      .set(b.pushed ? { pushed: true, pushedAt: new Date() } : { pushed: false, pushedAt: null })
      .where(scope.where(r, inArray(r.id, ids)));
    return { count: ids.length };
  });
}

async function pushedList(db: Db, scope: Scope, q: PageQuery & { labelId?: number }, target?: SQL) {
  const where = scope.where(
    r,
    eq(r.pushed, true),
    eq(r.state, 'approved'),
    target,
    q.labelId ? has(r.labelIds, q.labelId) : undefined,
  );
  const [rows, [{ n }], m] = await Promise.all([
    db
      .select({ r, title: rec.title, author: rec.author, coverUrl: rec.coverUrl })
      .from(r)
      .innerJoin(rec, eq(rec.id, r.recordId))
      .where(where)
      .orderBy(desc(r.pushedAt), desc(r.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(r).where(where),
    names(db, scope),
  ]);
  return {
    Total: n,
    List: rows.map(
      ({ r: x, title, author, coverUrl }): RecommendedDto => ({
        id: x.id,
        recordId: x.recordId,
        title,
        author,
        coverUrl: coverUrl || null,
        teacherName: x.teacherName,
        reason: x.reason,
        labels: pick(x.labelIds, m.labels),
        pushedAt: x.pushedAt?.toISOString() ?? null,
      }),
    ),
  };
}

/** Pushed recommendations for the caller's class or its grade (none for a reader without a class). */
export async function recommendedFor(db: Db, scope: Scope, userId: number, q: PageQuery) {
  const [me] = await db
    .select({ classId: appUser.classId, gradeId: schoolClass.gradeId })
    .from(appUser)
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .where(scope.where(appUser, eq(appUser.id, userId)));
  if (!me?.classId) return { List: [], Total: 0 };
  const target = or(has(r.classIds, me.classId), me.gradeId ? has(r.gradeIds, me.gradeId) : undefined);
  return pushedList(db, scope, q, and(target));
}

/** Every pushed recommendation of the school: the public site's "teachers recommend". */
export const publicRecommended = (db: Db, scope: Scope, q: PageQuery & { labelId?: number }) =>
  pushedList(db, scope, q);
