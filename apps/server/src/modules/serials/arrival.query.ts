import type { IssueRow } from '@shuyuan/contracts/serials/arrival';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { addDays } from '../circulation/rules.service.ts';
import { formatIssueLabel } from './prediction.ts';
import { serialIssue, serialSubscription, serialTitle } from './serials.table.ts';

/** The columns of an issue as the arrival screens show it (issue ⋈ title ⋈ subscription). */
export const issueColumns = {
  id: serialIssue.id,
  titleId: serialIssue.titleId,
  title: serialTitle.title,
  issn: serialTitle.issn,
  postalCode: serialTitle.postalCode,
  frequency: serialTitle.frequency,
  recordId: serialTitle.recordId,
  pricePerIssueFen: serialTitle.pricePerIssueFen,
  subscriptionId: serialIssue.subscriptionId,
  year: serialIssue.year,
  volume: serialIssue.volume,
  issueNo: serialIssue.issueNo,
  wholeNo: serialIssue.wholeNo,
  expectedDate: serialIssue.expectedDate,
  state: serialIssue.state,
  orderedCopies: serialSubscription.copies,
  supplier: serialSubscription.supplier,
  orderNo: serialSubscription.orderNo,
  arrivedCopies: serialIssue.arrivedCopies,
  arrivedAt: serialIssue.arrivedAt,
  claimedAt: serialIssue.claimedAt,
  claimCount: serialIssue.claimCount,
  boundVolumeId: serialIssue.boundVolumeId,
  note: serialIssue.note,
};

/** issue ⋈ title ⋈ subscription of the school, titles of one kind, subscriptions not cancelled. */
export function selectIssues(db: Db, scope: Scope, kind: SerialKind, ...conds: (SQL | undefined)[]) {
  return db
    .select(issueColumns)
    .from(serialIssue)
    .innerJoin(serialTitle, eq(serialTitle.id, serialIssue.titleId))
    .innerJoin(serialSubscription, eq(serialSubscription.id, serialIssue.subscriptionId))
    .where(
      scope.where(serialIssue, eq(serialTitle.kind, kind), eq(serialSubscription.state, 'ordered'), and(...conds)),
    );
}

export type IssueJoined = Awaited<ReturnType<typeof selectIssues>>[number];

/** Title, ISSN or postal code containing the words typed (% and _ literal). */
export function titleSearch(key: string): SQL | undefined {
  if (!key) return undefined;
  const like = `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(serialTitle.title, like), ilike(serialTitle.issn, like), ilike(serialTitle.postalCode, like));
}

/** Late: not arrived and the expected date plus the grace days is before today. */
export function isLate(r: Pick<IssueJoined, 'state' | 'expectedDate'>, today: string, graceDays: number): boolean {
  return r.state !== 'arrived' && !!r.expectedDate && addDays(r.expectedDate, graceDays) < today;
}

export function toIssueRow(r: IssueJoined, today: string, graceDays: number): IssueRow {
  return {
    id: r.id,
    titleId: r.titleId,
    title: r.title,
    issn: r.issn ?? '',
    postalCode: r.postalCode ?? '',
    frequency: r.frequency,
    subscriptionId: r.subscriptionId,
    year: r.year,
    volume: r.volume,
    issueNo: r.issueNo,
    wholeNo: r.wholeNo,
    expectedDate: r.expectedDate,
    state: r.state as IssueRow['state'],
    late: isLate(r, today, graceDays),
    orderedCopies: r.orderedCopies,
    arrivedCopies: r.arrivedCopies,
    arrivedAt: r.arrivedAt?.toISOString() ?? null,
    claimedAt: r.claimedAt?.toISOString() ?? null,
    claimCount: r.claimCount,
    note: r.note,
  };
}

/** "2027年第3期 (总第123期)" / "2027 no. 3 (whole no. 123)" of a stored issue. */
export function issueLabel(r: Pick<IssueJoined, 'year' | 'volume' | 'issueNo' | 'wholeNo'>, lang: 'zh' | 'en'): string {
  return formatIssueLabel({ year: r.year, volume: r.volume, issue: r.issueNo ?? 0, wholeNumber: r.wholeNo }, lang);
}

/** The title's subscription not cancelled (of `year` when given), locked in a transaction when `lock`. */
export async function orderedSubscription(db: Db, scope: Scope, titleId: number, year?: number, lock = false) {
  const q = db
    .select({ id: serialSubscription.id })
    .from(serialSubscription)
    .where(
      scope.where(
        serialSubscription,
        eq(serialSubscription.titleId, titleId),
        year ? eq(serialSubscription.year, year) : undefined,
        eq(serialSubscription.state, 'ordered'),
      ),
    )
    .limit(1);
  const [sub] = lock ? await q.for('update') : await q;
  return sub;
}

export const kindName = (t: (k: string) => string, kind: string) => t(`serials.arrival.kind.${kind}`);
