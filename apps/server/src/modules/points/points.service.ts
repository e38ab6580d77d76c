import type {
  PointAdjustBody,
  PointBalanceQuery,
  PointBalanceRow,
  PointRecordQuery,
  PointRecordRow,
  PointRuleRow,
  PointRuleSave,
} from '@shuyuan/contracts/points/points';
import { PointError, RULE_EVENTS } from '@shuyuan/contracts/points/events';
import { READER_IDENTITIES } from '@shuyuan/contracts/readers/reader';
import { and, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { fail } from '../../platform/errors.ts';
import { configOf, schoolConfig } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { dateIn, SCHOOL_ZONE } from '../circulation/rules.service.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { appendEntry, inTransaction, lockBalance } from './award.ts';
import { pointBalance, pointEntry, pointRule } from './points.table.ts';
import { POINT_RULES, TERMS, termOf } from './rules.ts';

/** Every event's rule (saved or default), in the order of RULE_EVENTS. */
export async function listRules(db: Db, scope: Scope): Promise<PointRuleRow[]> {
  const rules = await configOf(db, scope, POINT_RULES);
  return RULE_EVENTS.map((ev) => {
    const r = rules.get(ev)!;
    return { ...r, updatedAt: r.updatedAt ? new Date(r.updatedAt).toISOString() : null };
  });
}

export async function saveRule(db: Db, scope: Scope, b: PointRuleSave): Promise<void> {
  const values = { points: b.points, enabled: b.enabled, dailyCap: b.dailyCap, termCap: b.termCap };
  await db
    .insert(pointRule)
    .values(scope.values({ event: b.event, ...values }))
    .onConflictDoUpdate({ target: [pointRule.schoolId, pointRule.event], set: { ...values, updatedAt: new Date() } });
}

/**
 * Manual adjustment (+ or −) with its reason, in one transaction under the balance row's lock. A deduction larger
 * than the balance is refused (NOT_ENOUGH_POINTS): a balance never goes below zero.
 */
export async function adjustPoints(
  db: Db,
  scope: Scope,
  b: PointAdjustBody,
  operatorId: number | null,
  audit: (tx: Db) => Promise<void>,
): Promise<{ balance: number }> {
  const config = await schoolConfig(db, scope);
  const day = dateIn(new Date(), await config.get(SCHOOL_ZONE));
  const termId = termOf(await config.get(TERMS), day);
  return inTransaction(db, async (tx) => {
    const [reader] = await tx
      .select({ id: appUser.id })
      .from(appUser)
      .where(scope.where(appUser, eq(appUser.id, b.userId)));
    if (!reader) throw fail(PointError.READER_NOT_FOUND, 'points.readerNotFound');
    const balance = await lockBalance(tx, scope, b.userId);
    if (balance + b.points < 0)
      throw fail(PointError.NOT_ENOUGH_POINTS, 'points.notEnough', { balance, points: -b.points });
    await appendEntry(tx, scope, {
      userId: b.userId,
      event: 'manual',
      points: b.points,
      balanceAfter: balance + b.points,
      day,
      termId,
      note: b.reason,
      operatorId,
    });
    await audit(tx);
    return { balance: balance + b.points };
  });
}

const readers = (scope: Scope) =>
  scope.where(appUser, inArray(appUser.identity, [...READER_IDENTITIES]), eq(appUser.state, 1));

/** Readers with balance and rank in class and grade (1 = most points; ties share a rank). */
export function balanceQuery(db: Db, scope: Scope, q: Omit<PointBalanceQuery, 'Page' | 'Rows'>) {
  const key = q.SearchKey ? `%${q.SearchKey}%` : null;
  const balance = sql<number>`coalesce(${pointBalance.balance}, 0)`;
  const ranked = db
    .select({
      userId: appUser.id,
      account: appUser.account,
      name: appUser.name,
      classId: appUser.classId,
      gradeId: schoolClass.gradeId,
      className: sql<string | null>`${schoolClass.name}`.as('class_name'),
      gradeName: sql<string | null>`${grade.name}`.as('grade_name'),
      balance: sql<number>`${balance}::int`.as('balance'),
      classRank: sql<number | null>`case when ${appUser.classId} is null then null
        else rank() over (partition by ${appUser.classId} order by ${balance} desc) end::int`.as('class_rank'),
      gradeRank: sql<number | null>`case when ${schoolClass.gradeId} is null then null
        else rank() over (partition by ${schoolClass.gradeId} order by ${balance} desc) end::int`.as('grade_rank'),
    })
    .from(appUser)
    .leftJoin(pointBalance, and(eq(pointBalance.schoolId, appUser.schoolId), eq(pointBalance.userId, appUser.id)))
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
    .where(readers(scope))
    .as('ranked');
  const where: (SQL | undefined)[] = [
    q.classId ? eq(ranked.classId, q.classId) : undefined,
    q.gradeId ? eq(ranked.gradeId, q.gradeId) : undefined,
    key ? or(ilike(ranked.name, key), ilike(ranked.account, key)) : undefined,
  ];
  return { ranked, where: and(...where) };
}

export async function listBalances(db: Db, scope: Scope, q: PointBalanceQuery) {
  const rows = await balanceRows(db, scope, q, { limit: q.Rows, offset: pageOffset(q) });
  const { ranked, where } = balanceQuery(db, scope, q);
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(ranked).where(where)) as [{ n: number }];
  return list(rows, n);
}

export async function balanceRows(
  db: Db,
  scope: Scope,
  q: Omit<PointBalanceQuery, 'Page' | 'Rows'>,
  page?: { limit: number; offset: number },
): Promise<PointBalanceRow[]> {
  const { ranked, where } = balanceQuery(db, scope, q);
  let sel = db
    .select({
      id: ranked.userId,
      userId: ranked.userId,
      account: ranked.account,
      name: ranked.name,
      className: ranked.className,
      gradeName: ranked.gradeName,
      balance: ranked.balance,
      classRank: ranked.classRank,
      gradeRank: ranked.gradeRank,
    })
    .from(ranked)
    .where(where)
    .orderBy(desc(ranked.balance), ranked.account)
    .$dynamic();
  if (page) sel = sel.limit(page.limit).offset(page.offset);
  return sel;
}

const operator = alias(appUser, 'operator');

function recordWhere(scope: Scope, q: Omit<PointRecordQuery, 'Page' | 'Rows'>) {
  const key = q.SearchKey ? `%${q.SearchKey}%` : null;
  return scope.where(
    pointEntry,
    q.userId ? eq(pointEntry.userId, q.userId) : undefined,
    q.classId ? eq(appUser.classId, q.classId) : undefined,
    q.event ? eq(pointEntry.event, q.event) : undefined,
    q.from ? gte(pointEntry.day, q.from) : undefined,
    q.to ? lte(pointEntry.day, q.to) : undefined,
    key ? or(ilike(appUser.name, key), ilike(appUser.account, key), ilike(pointEntry.note, key)) : undefined,
  );
}

export async function recordRows(
  db: Db,
  scope: Scope,
  q: Omit<PointRecordQuery, 'Page' | 'Rows'>,
  page?: { limit: number; offset: number },
): Promise<PointRecordRow[]> {
  let sel = db
    .select({
      id: pointEntry.id,
      userId: pointEntry.userId,
      account: appUser.account,
      name: appUser.name,
      className: schoolClass.name,
      event: pointEntry.event,
      points: pointEntry.points,
      balanceAfter: pointEntry.balanceAfter,
      refType: pointEntry.refType,
      refId: pointEntry.refId,
      note: pointEntry.note,
      operatorName: operator.name,
      day: pointEntry.day,
      createdAt: sql<string>`to_char(${pointEntry.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(pointEntry)
    .innerJoin(appUser, eq(appUser.id, pointEntry.userId))
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .leftJoin(operator, eq(operator.id, pointEntry.operatorId))
    .where(recordWhere(scope, q))
    .orderBy(desc(pointEntry.id))
    .$dynamic();
  if (page) sel = sel.limit(page.limit).offset(page.offset);
  return sel;
}

export async function listRecords(db: Db, scope: Scope, q: PointRecordQuery) {
  const rows = await recordRows(db, scope, q, { limit: q.Rows, offset: pageOffset(q) });
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pointEntry)
    .innerJoin(appUser, eq(appUser.id, pointEntry.userId))
    .where(recordWhere(scope, q))) as [{ n: number }];
  return list(rows, n);
}
