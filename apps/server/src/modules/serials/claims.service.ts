import type { Lang } from '@shuyuan/contracts/common/lang';
import type { IssueRow, LateQuery } from '@shuyuan/contracts/serials/arrival';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { addDays, schoolToday } from '../circulation/rules.service.ts';
import { type IssueJoined, issueLabel, selectIssues, titleSearch, toIssueRow } from './arrival.query.ts';
import { serialIssue } from './serials.table.ts';

const LATE_LIST_LIMIT = 5000;

export type LateRow = IssueRow & { supplier: string; orderNo: string };

/**
 * Late and missing issues (催缺): not arrived, and the expected date plus the grace days is before today —
 * issues still only expected (late), claimed from the supplier, or given up as missing.
 */
export async function lateIssues(db: Db, scope: Scope, kind: SerialKind, q: LateQuery): Promise<LateRow[]> {
  const today = await schoolToday(db, scope);
  const states = q.state === 'all' ? ['expected', 'claimed', 'missing'] : [q.state === 'late' ? 'expected' : q.state];
  const rows = await selectIssues(
    db,
    scope,
    kind,
    inArray(serialIssue.state, states),
    isNotNull(serialIssue.expectedDate),
    lt(serialIssue.expectedDate, addDays(today, -q.graceDays)),
    q.titleId ? eq(serialIssue.titleId, q.titleId) : undefined,
    titleSearch(q.SearchKey),
  )
    .orderBy(asc(serialIssue.expectedDate), asc(serialIssue.titleId), asc(serialIssue.seq))
    .limit(LATE_LIST_LIMIT);
  return rows.map((r) => ({ ...toIssueRow(r, today, q.graceDays), supplier: r.supplier, orderNo: r.orderNo }));
}

/** The issues named, of the school and kind, locked; every one must exist and none may have arrived. */
async function lockOpen(tx: Db, scope: Scope, kind: SerialKind, ids: number[], lang: Lang): Promise<IssueJoined[]> {
  const rows = await selectIssues(tx, scope, kind, inArray(serialIssue.id, ids)).for('update', { of: serialIssue });
  if (rows.length !== new Set(ids).size) throw notFound('serials.arrival.notFound');
  const arrived = rows.find((r) => r.state === 'arrived');
  if (arrived)
    throw fail('SERIAL_ISSUE_ARRIVED', 'serials.arrival.claimArrived', {
      label: `${arrived.title} ${issueLabel(arrived, lang)}`,
    });
  return rows;
}

/** Records a claim sent to the supplier: claimed now, one more claim; the issue can still arrive. */
export function claimIssues(db: Db, scope: Scope, kind: SerialKind, ids: number[], lang: Lang): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockOpen(tx, scope, kind, ids, lang);
    await tx
      .update(serialIssue)
      .set({
        state: 'claimed',
        claimedAt: sql`now()`,
        claimCount: sql`${serialIssue.claimCount} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          serialIssue.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.length;
  });
}

/** Gives issues up as missing (缺期) — they stay on the late list as missing and can still arrive. */
export function markMissing(db: Db, scope: Scope, kind: SerialKind, ids: number[], lang: Lang): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockOpen(tx, scope, kind, ids, lang);
    await tx
      .update(serialIssue)
      .set({ state: 'missing', updatedAt: sql`now()` })
      .where(
        inArray(
          serialIssue.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.length;
  });
}

/** The claim list's rows as the supplier reads them (postal code first: the post office orders by it). */
export function claimSheet(rows: LateRow[], t: (k: string) => string, lang: Lang) {
  const headers = [
    'postalCode',
    'title',
    'issn',
    'issue',
    'expectedDate',
    'ordered',
    'supplier',
    'orderNo',
    'claimCount',
    'claimedAt',
    'state',
  ].map((k) => t(`serials.claims.${k}`));
  const state = (r: LateRow) => t(`serials.arrival.state.${r.state === 'expected' ? 'late' : r.state}`);
  const body = rows.map((r) => [
    r.postalCode,
    r.title,
    r.issn,
    issueLabel(r, lang),
    r.expectedDate,
    r.orderedCopies,
    r.supplier,
    r.orderNo,
    r.claimCount,
    r.claimedAt?.slice(0, 10) ?? '',
    state(r),
  ]);
  return { headers, body };
}
