import type {
  MyBill,
  MyChild,
  MyReservation,
  MySuggestion,
  RenewOutcome,
  TimelineMonth,
} from '@shuyuan/contracts/opac/personal';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { BizError, fail } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { studentParent } from '../circ-records/circ-records.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { renewLoan } from '../circulation/circulation.service.ts';
import { dateIn, SCHOOL_ZONE } from '../circulation/rules.service.ts';
import { configOf } from '../../platform/school-config.ts';
import { finesOfReader } from '../losses/fines.service.ts';
import { lossRecord } from '../losses/loss.table.ts';
import { recommendation, reservation } from '../reservations/reservation.table.ts';
import { cancelReservation, queuePosition } from '../reservations/reservations.service.ts';

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** The caller's open loan `loanId` (another reader's or a closed one: LOAN_NOT_YOURS). */
async function myOpenLoan(db: Db, scope: Scope, userId: number, loanId: number) {
  const [l] = await db
    .select({ id: loan.id, barcode: copy.barcode, title: catalogueRecord.title })
    .from(loan)
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
    .where(scope.where(loan, eq(loan.id, loanId), eq(loan.userId, userId), isNull(loan.returnedAt)));
  if (!l) throw fail('LOAN_NOT_YOURS', 'opac.notYourLoan');
  return l;
}

/**
 * Renews one of the caller's loans through the desk's own command (`renewLoan` with the reader fixed), so the
 * school's rules and every refusal (limit, overdue, someone waiting, card expired) are the desk's.
 */
export async function renewMine(ctx: Ctx<unknown>, loanId: number) {
  const me = ctx.user!.userId;
  const l = await myOpenLoan(ctx.db, ctx.scope, me, loanId);
  return renewLoan(ctx.db, ctx.scope, { barcode: l.barcode, readerId: me, operatorId: me, audit: ctx.audit });
}

/** Renews every open loan of the caller; each answer says the new due date or why the rules refuse it. */
export async function renewAllMine(ctx: Ctx<unknown>): Promise<RenewOutcome[]> {
  const me = ctx.user!.userId;
  const open = await ctx.db
    .select({ id: loan.id, barcode: copy.barcode, title: catalogueRecord.title })
    .from(loan)
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
    .where(ctx.scope.where(loan, eq(loan.userId, me), isNull(loan.returnedAt)))
    .orderBy(asc(loan.dueDate), asc(loan.id));
  const out: RenewOutcome[] = [];
  for (const l of open) {
    try {
      const r = await renewLoan(ctx.db, ctx.scope, { barcode: l.barcode, readerId: me, operatorId: me });
      out.push({ loanId: l.id, barcode: l.barcode, title: l.title, ok: true, dueDate: r.dueDate });
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      out.push({
        loanId: l.id,
        barcode: l.barcode,
        title: l.title,
        ok: false,
        reason: ctx.t(e.msgKey, e.params),
        errorCode: e.errorCode,
      });
    }
  }
  ctx.auditDetail.renewed = out.filter((x) => x.ok).map((x) => x.barcode);
  return out;
}

/** The caller's reservations, live first, with the place in the queue and the last pickup day. */
export async function myReservations(db: Db, scope: Scope, userId: number): Promise<MyReservation[]> {
  const rows = await db
    .select({
      id: reservation.id,
      recordId: reservation.recordId,
      title: catalogueRecord.title,
      state: reservation.state,
      createdAt: reservation.createdAt,
      holdUntil: reservation.holdUntil,
      barcode: copy.barcode,
    })
    .from(reservation)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, reservation.recordId))
    .leftJoin(copy, eq(copy.id, reservation.copyId))
    .where(scope.where(reservation, eq(reservation.readerId, userId)))
    .orderBy(sql`${reservation.state} in ('waiting', 'ready') desc`, desc(reservation.createdAt), desc(reservation.id))
    .limit(200);
  return Promise.all(
    rows.map(async (r) => ({
      ...r,
      state: r.state as MyReservation['state'],
      createdAt: r.createdAt.toISOString(),
      barcode: r.state === 'ready' ? r.barcode : null,
      queuePosition: r.state === 'waiting' ? await queuePosition(db, scope, r) : null,
    })),
  );
}

/** Cancels one of the caller's live reservations (another reader's: RESERVATION_NOT_YOURS). */
export async function cancelMine(db: Db, scope: Scope, userId: number, id: number) {
  const [r] = await db
    .select({ id: reservation.id })
    .from(reservation)
    .where(scope.where(reservation, eq(reservation.id, id), eq(reservation.readerId, userId)));
  if (!r) throw fail('RESERVATION_NOT_YOURS', 'opac.notYourReservation');
  const done = await cancelReservation(db, scope, id, userId);
  return { id: done.id, state: done.state };
}

/** The caller's purchase suggestions and where each stands. */
export async function mySuggestions(db: Db, scope: Scope, userId: number, q: { Page: number; Rows: number }) {
  const where = scope.where(recommendation, eq(recommendation.readerId, userId));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: recommendation.id,
        title: recommendation.title,
        author: recommendation.author,
        isbn: recommendation.isbn,
        state: recommendation.state,
        note: recommendation.note,
        recordId: recommendation.recordId,
        createdAt: recommendation.createdAt,
      })
      .from(recommendation)
      .where(where)
      .orderBy(desc(recommendation.createdAt), desc(recommendation.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(recommendation).where(where),
  ]);
  return list<MySuggestion>(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total,
  );
}

/** GetUserInfoAndBalance: the caller's deposit and compensation orders (paid or still owed). */
export async function myBill(db: Db, scope: Scope, userId: number): Promise<MyBill> {
  const [u] = await db
    .select({ account: appUser.account, name: appUser.name, identity: appUser.identity, deposit: appUser.deposit })
    .from(appUser)
    .where(scope.where(appUser, eq(appUser.id, userId)));
  if (!u) throw fail('READER_NOT_FOUND', 'circ.readerNotFound');
  const rows = await db
    .select()
    .from(lossRecord)
    .where(scope.where(lossRecord, eq(lossRecord.readerId, userId)))
    .orderBy(desc(lossRecord.registeredAt));
  const owed = rows.filter((r) => r.state === 'not_compensated').reduce((n, r) => n + r.compensationFen, 0);
  const fines = await finesOfReader(db, scope, userId);
  return {
    account: u.account,
    name: u.name,
    identity: u.identity,
    deposit: yuan(u.deposit),
    owed: yuan(owed),
    compensations: rows.map((r) => ({
      orderNo: r.orderNo,
      title: r.title,
      barcode: r.barcode,
      amount: yuan(r.compensationFen),
      state: r.state,
      registeredAt: r.registeredAt.toISOString(),
      compensatedAt: r.compensatedAt?.toISOString() ?? null,
    })),
    finesOwed: yuan(fines.unpaidFen),
    fines: fines.fines.map((f) => ({
      fineNo: f.fineNo,
      title: f.title,
      barcode: f.barcode,
      dueDate: f.dueDate,
      returnDay: f.returnDay,
      overdueDays: f.overdueDays,
      graceDays: f.graceDays,
      chargedDays: f.chargedDays,
      perDay: yuan(f.dayFen),
      amount: yuan(f.amountFen),
      state: f.state,
      settledAt: f.settledAt,
    })),
  };
}

/** The children linked to a parent (nothing for anyone else). */
export async function myChildren(db: Db, scope: Scope, parentId: number): Promise<MyChild[]> {
  return db
    .select({ id: appUser.id, account: appUser.account, name: appUser.name, relation: studentParent.relation })
    .from(studentParent)
    .innerJoin(appUser, eq(appUser.id, studentParent.studentId))
    .where(scope.where(studentParent, eq(studentParent.parentId, parentId)))
    .orderBy(asc(appUser.name));
}

/** Whose reading the caller may see: themselves, or a child linked to them (anyone else: NOT_YOUR_CHILD). */
export async function readerInView(db: Db, scope: Scope, userId: number, childId?: number): Promise<number> {
  if (!childId || childId === userId) return userId;
  const [link] = await db
    .select({ id: studentParent.id })
    .from(studentParent)
    .where(scope.where(studentParent, and(eq(studentParent.parentId, userId), eq(studentParent.studentId, childId))));
  if (!link) throw fail('NOT_YOUR_CHILD', 'opac.notYourChild');
  return childId;
}

/** readingRecord/line: a reader's loans month by month, newest first (last 500). */
export async function timeline(db: Db, scope: Scope, readerId: number): Promise<TimelineMonth[]> {
  const rows = await db
    .select({
      loanId: loan.id,
      recordId: loan.recordId,
      title: catalogueRecord.title,
      borrowedAt: loan.borrowedAt,
      returnedAt: loan.returnedAt,
    })
    .from(loan)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
    .where(scope.where(loan, eq(loan.userId, readerId)))
    .orderBy(desc(loan.borrowedAt), desc(loan.id))
    .limit(500);
  const zone = await configOf(db, scope, SCHOOL_ZONE);
  const months = new Map<string, TimelineMonth>();
  for (const r of rows) {
    const month = dateIn(r.borrowedAt, zone).slice(0, 7);
    let m = months.get(month);
    if (!m) {
      m = { month, items: [] };
      months.set(month, m);
    }
    m.items.push({
      loanId: r.loanId,
      recordId: r.recordId,
      title: r.title,
      borrowedAt: r.borrowedAt.toISOString(),
      returnedAt: r.returnedAt?.toISOString() ?? null,
    });
  }
  return [...months.values()];
}
