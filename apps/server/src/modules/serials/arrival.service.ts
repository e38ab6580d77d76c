import { StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { ErrorCode } from '@shuyuan/contracts/common/errors';
import type { Lang } from '@shuyuan/contracts/common/lang';
import {
  type CheckInResult,
  DEFAULT_GRACE_DAYS,
  type ExpectedQuery,
  type HandCheckInBody,
  type IssueRow,
} from '@shuyuan/contracts/serials/arrival';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { and, asc, count, desc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BizError, fail, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { addCopies } from '../catalogue/catalogue.service.ts';
import { schoolToday } from '../circulation/rules.service.ts';
import {
  type IssueJoined,
  issueLabel,
  kindName,
  orderedSubscription,
  selectIssues,
  titleSearch,
  toIssueRow,
} from './arrival.query.ts';
import { serialIssue, serialIssueCopy, serialSubscription, serialTitle } from './serials.table.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;

/** The expected list of the check-in screen (open issues by expected date), or arrived / all issues. */
export async function listIssues(db: Db, scope: Scope, kind: SerialKind, q: ExpectedQuery) {
  const conds = [
    q.titleId ? eq(serialIssue.titleId, q.titleId) : undefined,
    q.year ? eq(serialIssue.year, q.year) : undefined,
    q.state === 'open' ? ne(serialIssue.state, 'arrived') : undefined,
    q.state === 'arrived' ? eq(serialIssue.state, 'arrived') : undefined,
    titleSearch(q.SearchKey),
  ];
  const order =
    q.state === 'arrived'
      ? [desc(serialIssue.arrivedAt), desc(serialIssue.id)]
      : [asc(serialIssue.expectedDate), asc(serialTitle.title), asc(serialIssue.seq)];
  const [rows, [total], today] = await Promise.all([
    selectIssues(db, scope, kind, ...conds)
      .orderBy(...order)
      .limit(q.Rows)
      .offset((q.Page - 1) * q.Rows),
    db
      .select({ n: count() })
      .from(serialIssue)
      .innerJoin(serialTitle, eq(serialTitle.id, serialIssue.titleId))
      .innerJoin(serialSubscription, eq(serialSubscription.id, serialIssue.subscriptionId))
      .where(
        scope.where(serialIssue, eq(serialTitle.kind, kind), eq(serialSubscription.state, 'ordered'), and(...conds)),
      ),
    schoolToday(db, scope),
  ]);
  return { List: rows.map((r) => toIssueRow(r, today, DEFAULT_GRACE_DAYS)), Total: total?.n ?? 0 };
}

/** One issue of the school and kind, locked for the rest of the transaction. */
async function lockIssue(tx: Db, scope: Scope, kind: SerialKind, issueId: number): Promise<IssueJoined> {
  const [row] = await selectIssues(tx, scope, kind, eq(serialIssue.id, issueId)).for('update', { of: serialIssue });
  if (!row) throw notFound('serials.arrival.notFound');
  return row;
}

export function alreadyArrived(r: IssueJoined, lang: Lang) {
  const date = r.arrivedAt ? r.arrivedAt.toISOString().slice(0, 10) : '';
  return fail('SERIAL_ISSUE_ARRIVED', 'serials.arrival.alreadyArrived', {
    title: r.title,
    label: issueLabel(r, lang),
    date,
    copies: r.arrivedCopies,
  });
}

/**
 * Checks an issue in: `copies` catalogue copies of the title's record (barcodes from the school's rule, the
 * one generator of catalogue/addCopies), linked in serial_issue_copy and not yet distributed; the issue becomes
 * arrived. An issue that arrived already is refused by name. Runs in the caller's transaction.
 */
async function checkInLocked(
  tx: Db,
  scope: Scope,
  row: IssueJoined,
  copies: number,
  note: string,
  t: Tr,
  lang: Lang,
): Promise<CheckInResult> {
  if (row.state === 'arrived') throw alreadyArrived(row, lang);
  if (!row.recordId) throw fail('SERIAL_NO_RECORD', 'serials.arrival.noRecord', { title: row.title });
  const input = {
    recordId: row.recordId,
    count: copies,
    callNo: '',
    // The call number names the issue: class/book number, then year-issue (2027-3).
    additionalNo: `${row.year}-${row.issueNo ?? row.wholeNo ?? ''}`,
    // Periodicals go on display at once: the circulation store, lendable under their own loan rules.
    storeType: StoreType.CIRCULATION,
    unitPrice: row.pricePerIssueFen == null ? undefined : row.pricePerIssueFen / 100,
  };
  // Two desks checking in at the same moment may be given the same next barcodes; the unique index refuses the
  // second (its copies are rolled back to the savepoint), which then numbers again after the first's.
  let made: Awaited<ReturnType<typeof addCopies>> | undefined;
  for (let attempt = 1; !made; attempt++) {
    try {
      made = await addCopies(tx, scope, input, t);
    } catch (e) {
      if (attempt >= 3 || !(e instanceof BizError) || e.errorCode !== ErrorCode.DUPLICATE) throw e;
    }
  }
  await tx.insert(serialIssueCopy).values(made.List.map((c) => ({ issueId: row.id, copyId: c.id })));
  const [updated] = await tx
    .update(serialIssue)
    .set({
      state: 'arrived',
      arrivedAt: sql`now()`,
      arrivedCopies: copies,
      note: note || row.note,
      updatedAt: sql`now()`,
    })
    .where(eq(serialIssue.id, row.id))
    .returning({ arrivedAt: serialIssue.arrivedAt, note: serialIssue.note });
  const today = await schoolToday(tx, scope);
  const issue: IssueRow = toIssueRow(
    { ...row, state: 'arrived', arrivedCopies: copies, arrivedAt: updated.arrivedAt, note: updated.note },
    today,
    0,
  );
  return { issue, barcodes: made.List.map((c) => c.barcode) };
}

/** Check-in of an expected (or claimed, missing) issue picked from the list or found by a scan. */
export function checkIn(
  db: Db,
  scope: Scope,
  kind: SerialKind,
  body: { issueId: number; copies: number; note: string },
  t: Tr,
  lang: Lang,
): Promise<CheckInResult> {
  return db.transaction(async (tx) => {
    const row = await lockIssue(tx, scope, kind, body.issueId);
    return checkInLocked(tx, scope, row, body.copies, body.note, t, lang);
  });
}

/**
 * Check-in of an issue typed by hand (irregular titles, an issue the prediction did not list): the year's
 * subscription must exist; an issue of that number already listed is checked in instead of a second one.
 */
export function handCheckIn(
  db: Db,
  scope: Scope,
  kind: SerialKind,
  body: HandCheckInBody,
  t: Tr,
  lang: Lang,
): Promise<CheckInResult> {
  return db.transaction(async (tx) => {
    const [title] = await tx
      .select({ id: serialTitle.id, title: serialTitle.title, kind: serialTitle.kind })
      .from(serialTitle)
      .where(scope.where(serialTitle, eq(serialTitle.id, body.titleId)));
    if (!title) throw notFound();
    if (title.kind !== kind)
      throw fail('SERIAL_OTHER_KIND', 'serials.arrival.otherKind', {
        title: title.title,
        kind: kindName(t, title.kind),
      });
    const sub = await orderedSubscription(tx, scope, title.id, body.year, true);
    if (!sub)
      throw fail('SERIAL_NOT_ORDERED', 'serials.arrival.noYearSubscription', { title: title.title, year: body.year });
    const [existing] = await selectIssues(
      tx,
      scope,
      kind,
      eq(serialIssue.subscriptionId, sub.id),
      eq(serialIssue.issueNo, body.issueNo),
    )
      .orderBy(asc(serialIssue.seq))
      .limit(1)
      .for('update', { of: serialIssue });
    let row = existing;
    if (!row) {
      const [last] = await tx
        .select({ seq: max(serialIssue.seq) })
        .from(serialIssue)
        .where(eq(serialIssue.subscriptionId, sub.id));
      const [added] = await tx
        .insert(serialIssue)
        .values(
          scope.values({
            subscriptionId: sub.id,
            titleId: title.id,
            seq: (last?.seq ?? 0) + 1,
            expectedDate: await schoolToday(tx, scope),
            year: body.year,
            volume: body.volume ?? null,
            issueNo: body.issueNo,
            wholeNo: body.wholeNo ?? null,
          }),
        )
        .returning({ id: serialIssue.id });
      row = await lockIssue(tx, scope, kind, added.id);
    }
    return checkInLocked(tx, scope, row, body.copies, body.note, t, lang);
  });
}

/**
 * Undoes a check-in made by mistake: its copies leave the catalogue and the issue is expected again (claimed
 * when it had been claimed). Refused while a copy is on loan or in any state but available, or the issue is bound.
 */
export function undoCheckIn(db: Db, scope: Scope, kind: SerialKind, issueId: number): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await lockIssue(tx, scope, kind, issueId);
    if (row.state !== 'arrived') throw fail('SERIAL_NOT_ARRIVED', 'serials.arrival.notArrived');
    const copies = await tx
      .select({ id: copy.id, barcode: copy.barcode, state: copy.circState, locationId: serialIssueCopy.locationId })
      .from(serialIssueCopy)
      .innerJoin(copy, eq(copy.id, serialIssueCopy.copyId))
      .where(eq(serialIssueCopy.issueId, row.id))
      .for('update', { of: copy });
    const busy = copies.find((c) => c.state !== 'available' || c.locationId != null);
    if (busy || row.boundVolumeId != null)
      throw fail('SERIAL_COPIES_IN_USE', 'serials.arrival.copiesInUse', { barcode: busy?.barcode ?? '' });
    if (copies.length)
      await tx.delete(copy).where(
        scope.where(
          copy,
          inArray(
            copy.id,
            copies.map((c) => c.id),
          ),
        ),
      );
    await tx
      .update(serialIssue)
      .set({
        state: row.claimCount > 0 ? 'claimed' : 'expected',
        arrivedAt: null,
        arrivedCopies: 0,
        updatedAt: sql`now()`,
      })
      .where(eq(serialIssue.id, row.id));
  });
}
