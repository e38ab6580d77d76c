import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { commitWithNext } from '../../db/pipeline.ts';
import type { ConfigSnapshot } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { resourceType } from '../basic/branch.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { fine } from '../losses/loss.table.ts';
import { reservation } from '../reservations/reservation.table.ts';
import { STORED_SETTINGS } from '../settings/settings.service.ts';
import { loan } from './circulation.table.ts';
import type { ReaderRow } from './circulation.hooks.ts';
import type { ReadWithReturn } from './circulation.service.ts';
import { findReader, loanCounts, readerInfoOf } from './reader.service.ts';
import { deskConfig, LOAN_RULES, openDaysBetween, pickRule } from './rules.service.ts';
import { statement } from '../../db/statement.ts';

/**
 * What the lending desk's reader panel shows — the reader's borrowing limits, their open loans, the copies waiting
 * for them on the hold shelf — read in the caller's transaction with the school's configuration at hand: the desk's
 * one-request scans (P/Circulation/DeskReader, DeskBorrow, DeskReturn, DeskRenew) answer it with the command, and
 * the per-endpoint calls of §7 (GetUserBorrowLimitV2, GetUserBorrowing, GetReaderHolds) answer its parts.
 */

/** What the panel needs of the school's configuration and the reader's state, as a command already has it. */
export interface PanelView {
  scope: Scope;
  config: ConfigSnapshot;
  today: string;
  closed: ReadonlySet<string>;
  reader: ReaderRow;
  /** The reader's open/overdue/unreviewed counts over all loans, when the caller has them (else one query). */
  counts?: { open: number; overdue: number; unreviewed: number };
  /** No copy waits on the hold shelf for the reader (the caller's reader lock read it, the command added none). */
  noHolds?: boolean;
  /** The panel's reads end the transaction: the commit goes with the last one (db/pipeline.ts). */
  last?: boolean;
}

/** The limits part (= GetUserBorrowLimitV2). */
export async function limitIn(db: Db, v: PanelView) {
  const { scope, reader: r, today } = v;
  const rules = await v.config.get(LOAN_RULES);
  const combined = (await v.config.get(STORED_SETTINGS)).get('circ.combinedLimit') !== false;
  const subject = { identity: r.identity, groupId: r.permissionGroupId, resourceTypeId: null, locationId: null };
  const rule = pickRule(rules, subject);
  const counts = v.counts ?? (await loanCounts(db, scope, r.id, today));
  // Resource types with a rule of their own that may apply to this reader (any or their identity and group).
  const typeIds = [
    ...new Set(
      rules
        .filter(
          (x) =>
            x.resourceTypeId !== null &&
            (x.identity === null || x.identity === r.identity) &&
            (x.permissionGroupId === null || x.permissionGroupId === r.permissionGroupId),
        )
        .map((x) => x.resourceTypeId as number),
    ),
  ].sort((a, b) => a - b);
  const names = typeIds.length
    ? await db
        .select({ id: resourceType.id, name: resourceType.name, enName: resourceType.enName })
        .from(resourceType)
        .where(inArray(resourceType.id, typeIds))
    : [];
  const byType = [];
  for (const id of typeIds) {
    const ty = names.find((n) => n.id === id);
    const typeRule = pickRule(rules, { ...subject, resourceTypeId: id });
    const open = combined ? counts.open : (await loanCounts(db, scope, r.id, today, id)).open;
    byType.push({
      resourceTypeId: id,
      name: ty?.name ?? String(id),
      enName: ty?.enName || null,
      rule: typeRule,
      open,
      remaining: Math.max(0, typeRule.maxLoans - open),
    });
  }
  return { rule, ...counts, remaining: Math.max(0, rule.maxLoans - counts.open), combined, byType };
}

/** A page of the reader's open loans, oldest due first, with overdue open days (= GetUserBorrowing's rows). */
export async function loanRowsIn(
  db: Db,
  v: Pick<PanelView, 'scope' | 'today' | 'closed'>,
  userId: number,
  page: { limit: number; offset: number } = { limit: 100, offset: 0 },
) {
  const rows = await loanRows(db, v.scope, { userId, limit: page.limit, offset: page.offset });
  return rows.map((x) => ({ ...x, overdueDays: openDaysBetween(x.dueDate, v.today, v.closed) }));
}

/** Copies waiting on the hold shelf for the reader (reservations 'ready'), soonest hold end first. */
export async function holdsOf(db: Db, scope: Scope, readerId: number) {
  return holdRows(db, scope, { readerId });
}

const loanRows = statement('circ_reader_loans', (db, school) =>
  db
    .select({
      loanId: loan.id,
      copyId: loan.copyId,
      barcode: copy.barcode,
      title: catalogueRecord.title,
      borrowedAt: loan.borrowedAt,
      dueDate: loan.dueDate,
      renewals: loan.renewals,
      via: loan.via,
    })
    .from(loan)
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
    .where(school.where(loan, eq(loan.userId, sql.placeholder('userId')), isNull(loan.returnedAt)))
    .orderBy(loan.dueDate, desc(loan.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('circ_reader_loans'),
);

const holdRows = statement('circ_reader_holds', (db, school) =>
  db
    .select({
      reservationId: reservation.id,
      barcode: copy.barcode,
      title: catalogueRecord.title,
      callNo: copy.callNo,
      holdUntil: reservation.holdUntil,
    })
    .from(reservation)
    .innerJoin(copy, eq(copy.id, reservation.copyId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, reservation.recordId))
    .where(
      school.where(
        reservation,
        and(eq(reservation.readerId, sql.placeholder('readerId')), eq(reservation.state, 'ready')),
      ),
    )
    .orderBy(asc(reservation.holdUntil), asc(reservation.id))
    .prepare('circ_reader_holds'),
);

/**
 * The whole panel: limits, open loans, holds (three statements at most; when the counts are at hand two, one when
 * the caller knows the reader has no holds).
 */
export async function panelIn(db: Db, v: PanelView) {
  const limit = await limitIn(db, v);
  // The lists are sent together (one round trip: the connection answers them in order), the commit after them.
  if (v.last && v.noHolds) commitWithNext(db);
  const loans = loanRowsIn(db, v, v.reader.id);
  if (v.last && !v.noHolds) commitWithNext(db);
  const holds = v.noHolds ? [] : holdsOf(db, v.scope, v.reader.id);
  const [l, h] = await Promise.all([loans, holds]);
  return { limit, loans: l, holds: h };
}
export type DeskPanel = Awaited<ReturnType<typeof panelIn>>;

const finesOwed = statement('circ_reader_fines', (db, school) =>
  db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      unpaidFen: sql<number>`coalesce(sum(${fine.amountFen}), 0)`.mapWith(Number),
    })
    .from(fine)
    .where(school.where(fine, eq(fine.readerId, sql.placeholder('readerId')), eq(fine.state, 'unpaid')))
    .prepare('circ_reader_fines'),
);

/** The reader's unpaid overdue fines, how many and their sum (fen): the desk shows the list only when some are owed. */
export async function finesOwedBy(db: Db, scope: Scope, readerId: number) {
  const [c] = await finesOwed(db, scope, { readerId });
  return { count: c?.count ?? 0, unpaidFen: c?.unpaidFen ?? 0 };
}

/**
 * P/Circulation/DeskReader: the lending desk's card scan in one call — who the reader is (readerInfo), their
 * panel and the fines they owe (count and sum). Unknown code → READER_NOT_FOUND.
 */
export async function deskReader(db: Db, scope: Scope, readerBarcode: string) {
  const reader = await findReader(db, scope, { readerBarcode });
  const desk = await deskConfig(db, scope);
  const counts = await loanCounts(db, scope, reader.id, desk.today);
  return {
    reader: await readerInfoOf(db, scope, reader, desk.today, counts),
    ...(await panelIn(db, { scope, ...desk, reader, counts })),
    fines: await finesOwedBy(db, scope, reader.id),
  };
}

/** After a return or renewal: the reader's open loans (named, for the renew screen's list by reader). */
export async function readerLoansAfter(db: Db, v: PanelView) {
  return readerLoans(await loanRowsIn(db, v, v.reader.id), v);
}

type LoanListRow = Awaited<ReturnType<typeof loanRowsIn>>[number];
const readerLoans = (rows: LoanListRow[], v: PanelView) => ({
  loans: rows.map((x) => ({ ...x, readerAccount: v.reader.account, readerName: v.reader.name })),
});

/**
 * readerLoansAfter read by the return's own write statement (circulation.service ReadWithReturn): the reader's open
 * loans but the one returned — the rows and order of `loanRows` (the first page).
 */
export const readerLoansWithReturn: ReadWithReturn<ReturnType<typeof readerLoans>> = {
  name: 'loans',
  select: (
    scope,
    readerId,
    loanId,
  ) => sql`select ${loan.id} as "loanId", ${loan.copyId} as "copyId", ${copy.barcode} as "barcode",
      ${catalogueRecord.title} as "title", ${loan.borrowedAt} as "borrowedAt", ${loan.dueDate} as "dueDate",
      ${loan.renewals} as "renewals", ${loan.via} as "via"
    from ${loan}
    inner join ${copy} on ${copy.id} = ${loan.copyId}
    inner join ${catalogueRecord} on ${catalogueRecord.id} = ${loan.recordId}
    where ${scope.where(loan, eq(loan.userId, readerId), isNull(loan.returnedAt), ne(loan.id, loanId))}
    order by ${loan.dueDate}, ${loan.id} desc
    limit 100`,
  answer: (rows, v) =>
    readerLoans(
      rows.map((r) => {
        const x = {
          loanId: Number(r.loanId),
          copyId: Number(r.copyId),
          barcode: r.barcode as string,
          title: r.title as string,
          // As the query builder maps them: timestamps as dates, dates as YYYY-MM-DD text.
          borrowedAt: new Date(r.borrowedAt as string | Date),
          dueDate: String(r.dueDate),
          renewals: Number(r.renewals),
          via: r.via as LoanListRow['via'],
        };
        return { ...x, overdueDays: openDaysBetween(x.dueDate, v.today, v.closed) };
      }),
      v,
    ),
};
