import { CircError } from '@shuyuan/contracts/circulation/loan';
import {
  type DeferBody,
  DEFER_MAX_TIMES,
  type DeferralRecordQuery,
  type DeferredItemQuery,
} from '@shuyuan/contracts/circulation/desk';
import { count, desc, eq, gte, ilike, isNull, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { fail } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { runRenewChecks } from './circulation.hooks.ts';
import { loan, loanDeferral } from './circulation.table.ts';
import { lockCopy, lockOpenLoan } from './loan-locks.ts';
import { findReader } from './reader.service.ts';
import { addDays, deskConfig, dueDateIn, overdueDayCounter, openDaysBetween, schoolToday } from './rules.service.ts';

/**
 * P/Circulation/GetDeferredItem: the open loans a deferral can apply to — of one copy (`barcode`) or of one
 * reader (`readerBarcode`) — with days overdue and how many deferrals each already had.
 */
export async function deferredItems(db: Db, scope: Scope, q: DeferredItemQuery) {
  const today = await schoolToday(db, scope);
  let cond: SQL | undefined;
  if (q.barcode) cond = eq(copy.barcode, q.barcode);
  else cond = eq(loan.userId, (await findReader(db, scope, { readerBarcode: q.readerBarcode })).id);
  const deferrals = db
    .select({ loanId: loanDeferral.loanId, n: count().as('n') })
    .from(loanDeferral)
    .where(scope.where(loanDeferral))
    .groupBy(loanDeferral.loanId)
    .as('d');
  const rows = await db
    .select({
      loanId: loan.id,
      barcode: copy.barcode,
      title: catalogueRecord.title,
      borrowedAt: loan.borrowedAt,
      dueDate: loan.dueDate,
      renewals: loan.renewals,
      deferrals: deferrals.n,
      readerAccount: appUser.account,
      readerName: appUser.name,
    })
    .from(loan)
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .leftJoin(deferrals, eq(deferrals.loanId, loan.id))
    .where(scope.where(loan, isNull(loan.returnedAt), cond))
    .orderBy(loan.dueDate, loan.id)
    .limit(200);
  if (q.barcode && !rows.length) {
    await db.transaction(async (tx) => {
      const { copy: c } = await lockCopy(tx, scope, q.barcode ?? '');
      await lockOpenLoan(tx, scope, c.id, c.barcode);
    });
  }
  const overdue = await overdueDayCounter(db, scope, today);
  return rows.map((r) => ({
    ...r,
    deferrals: Number(r.deferrals ?? 0),
    overdueDays: overdue(r.dueDate),
  }));
}

/**
 * P/Circulation/DeferredReturn — the rule we chose: a librarian pushes the due date of an OPEN loan back by
 * 1..DEFER_MAX_DAYS days (contract), counted from the current due date and moved past closed days, with a
 * required reason; a loan is deferred at most DEFER_MAX_TIMES times (DEFER_LIMIT); renew checks of other
 * modules apply (a reservation waiting refuses it, as for a renewal). Overdue loans may be deferred — that is
 * what the screen is for (illness, school trips). Every deferral is a row in loan_deferral and the operation
 * log. Locks: copy, then loan (the order return and renew use).
 */
export async function deferReturn(db: Db, scope: Scope, body: DeferBody, operatorId: number | null) {
  const { config, today, closed } = await deskConfig(db, scope);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ barcode: copy.barcode })
      .from(loan)
      .innerJoin(copy, eq(copy.id, loan.copyId))
      .where(scope.where(loan, eq(loan.id, body.loanId)));
    if (!found) throw fail(CircError.LOAN_NOT_FOUND, 'circ.defer.loanNotFound');
    const { copy: c, title } = await lockCopy(tx, scope, found.barcode);
    const { loan: l, account, name } = await lockOpenLoan(tx, scope, c.id, c.barcode);
    if (l.id !== body.loanId) throw fail(CircError.LOAN_NOT_FOUND, 'circ.loanNotFound', { barcode: c.barcode });
    const [{ n }] = await tx
      .select({ n: count() })
      .from(loanDeferral)
      .where(scope.where(loanDeferral, eq(loanDeferral.loanId, l.id)));
    if (n >= DEFER_MAX_TIMES) throw fail(CircError.DEFER_LIMIT, 'circ.defer.limit', { max: DEFER_MAX_TIMES });
    await runRenewChecks({ tx, scope, config, today, copy: c, loan: l });
    const newDueDate = dueDateIn(closed, l.dueDate, body.days);
    await tx.insert(loanDeferral).values(
      scope.values({
        loanId: l.id,
        days: body.days,
        oldDueDate: l.dueDate,
        newDueDate,
        reason: body.reason,
        operatorId,
      }),
    );
    await tx.update(loan).set({ dueDate: newDueDate }).where(eq(loan.id, l.id));
    return {
      loanId: l.id,
      barcode: c.barcode,
      title,
      reader: { id: l.userId, account, name },
      oldDueDate: l.dueDate,
      newDueDate,
      deferrals: n + 1,
      overdueDays: openDaysBetween(newDueDate, today, closed),
    };
  });
}

/** P/Circulation/GetDeferralRecords: the deferral log, newest first; SearchKey = reader, barcode or title. */
export async function deferralRecords(db: Db, scope: Scope, q: DeferralRecordQuery) {
  const op = alias(appUser, 'op');
  const key = q.SearchKey ? `%${q.SearchKey}%` : null;
  const where = scope.where(
    loanDeferral,
    key
      ? or(
          ilike(appUser.account, key),
          ilike(appUser.name, key),
          ilike(copy.barcode, key),
          ilike(catalogueRecord.title, key),
        )
      : undefined,
    q.from ? gte(loanDeferral.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(loanDeferral.createdAt, new Date(`${addDays(q.to, 1)}T00:00:00Z`)) : undefined,
  );
  const rows = await db
    .select()
    .from(loanDeferral)
    .innerJoin(loan, eq(loan.id, loanDeferral.loanId))
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .leftJoin(op, eq(op.id, loanDeferral.operatorId))
    .where(where)
    .orderBy(desc(loanDeferral.createdAt), desc(loanDeferral.id))
    .limit(q.Rows)
    .offset(pageOffset(q));
  const [{ total }] = await db
    .select({ total: count() })
    .from(loanDeferral)
    .innerJoin(loan, eq(loan.id, loanDeferral.loanId))
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .where(where);
  return list(
    rows.map((r) => ({
      id: r.loan_deferral.id,
      loanId: r.loan.id,
      barcode: r.copy.barcode,
      title: r.catalogue_record.title,
      readerAccount: r.app_user.account,
      readerName: r.app_user.name,
      days: r.loan_deferral.days,
      oldDueDate: r.loan_deferral.oldDueDate,
      newDueDate: r.loan_deferral.newDueDate,
      reason: r.loan_deferral.reason,
      operatorName: r.op?.name ?? null,
      createdAt: r.loan_deferral.createdAt,
      returned: r.loan.returnedAt !== null,
    })),
    total,
  );
}
