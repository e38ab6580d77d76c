import {
  type FineDto,
  FineError,
  type FineNotice,
  type FineSettlement,
  FineState,
  fineFor,
} from '@shuyuan/contracts/fines/fine';
import type { PayMethod } from '@shuyuan/contracts/losses/loss';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import type { ReturnContext, Tx } from '../circulation/circulation.hooks.ts';
import { findReader } from '../circulation/reader.service.ts';
import { LOAN_RULES, pickRule } from '../circulation/rules.service.ts';
import { userNames } from '../reminders/user-names.ts';
import { debitDeposit, recordLedger } from './ledger.service.ts';
import { fine } from './loss.table.ts';

type FineRow = typeof fine.$inferSelect;

/** Fine number: FK + the school's date + the id (unique per school). */
const fineNo = (day: string, id: number) => `FK${day.replace(/-/g, '')}${String(id).padStart(6, '0')}`;

/**
 * The return hook: a loan that comes back overdue under a rule with a fine is charged — the open days overdue
 * (the same count the desk shows: closed days of the school calendar are not charged) less the rule's grace days,
 * times the rule's amount per day, at most its cap. The rule is the loan rule of the reader's identity and group,
 * the record's resource type and the copy's location, read from the configuration snapshot (no query). On time, or
 * under a rule without a fine, nothing is written.
 */
export async function chargeFine(ctx: ReturnContext): Promise<FineNotice | undefined> {
  if (ctx.overdueDays <= 0) return undefined;
  const rule = pickRule(await ctx.config.get(LOAN_RULES), {
    identity: ctx.reader.identity,
    groupId: ctx.reader.permissionGroupId,
    resourceTypeId: ctx.resourceTypeId,
    locationId: ctx.copy.locationId,
  });
  const { days, amountFen } = fineFor(ctx.overdueDays, rule);
  if (amountFen <= 0) return undefined;
  // The number carries the id: take it first, so one insert writes the whole row.
  const res = await ctx.tx.execute(sql`select nextval(pg_get_serial_sequence('fine', 'id'))::int as id`);
  const id = Number((res.rows[0] as { id: number }).id);
  const no = fineNo(ctx.returnDay, id);
  await ctx.tx.insert(fine).values(
    ctx.scope.values({
      id,
      fineNo: no,
      loanId: ctx.loan.id,
      readerId: ctx.loan.userId,
      copyId: ctx.copy.id,
      barcode: ctx.copy.barcode,
      title: sql`coalesce((select ${catalogueRecord.title} from ${catalogueRecord} where ${catalogueRecord.id} = ${ctx.copy.recordId}), '')`,
      dueDate: ctx.loan.dueDate,
      returnDay: ctx.returnDay,
      overdueDays: ctx.overdueDays,
      graceDays: rule.fineGraceDays,
      chargedDays: days,
      dayFen: rule.fineDayFen,
      capFen: rule.fineCapFen,
      amountFen,
    }),
  );
  return { id, fineNo: no, chargedDays: days, amountFen };
}

export async function fineDtos(db: Db, rows: FineRow[]): Promise<FineDto[]> {
  const names = await userNames(db, [...rows.map((r) => r.readerId), ...rows.map((r) => r.settledBy)]);
  return rows.map((r) => ({
    id: r.id,
    fineNo: r.fineNo,
    state: r.state as FineState,
    readerId: r.readerId,
    readerAccount: names.get(r.readerId)?.account ?? '',
    readerName: names.get(r.readerId)?.name ?? '',
    barcode: r.barcode,
    title: r.title,
    dueDate: r.dueDate,
    returnDay: r.returnDay,
    overdueDays: r.overdueDays,
    graceDays: r.graceDays,
    chargedDays: r.chargedDays,
    dayFen: r.dayFen,
    capFen: r.capFen,
    amountFen: r.amountFen,
    payMethod: r.payMethod as PayMethod | null,
    settledAt: r.settledAt?.toISOString() ?? null,
    settledByName: r.settledBy ? (names.get(r.settledBy)?.name ?? '') : '',
    waiveReason: r.waiveReason,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** A reader's fines (unpaid first, newest first), with the unpaid total: the desk's reader panel and the personal area. */
export async function finesOfReader(db: Db, scope: Scope, readerId: number, unpaidOnly = false) {
  const rows = await db
    .select()
    .from(fine)
    .where(scope.where(fine, eq(fine.readerId, readerId), unpaidOnly ? eq(fine.state, FineState.UNPAID) : undefined))
    .orderBy(sql`(${fine.state} = 'unpaid') desc`, desc(fine.createdAt), desc(fine.id))
    .limit(200);
  const unpaidFen = rows.filter((r) => r.state === FineState.UNPAID).reduce((n, r) => n + r.amountFen, 0);
  return { unpaidFen, fines: await fineDtos(db, rows) };
}

/** GetReaderFines at the desk: by the reader's card or account. */
export async function finesOfReaderBarcode(db: Db, scope: Scope, readerBarcode: string, unpaidOnly: boolean) {
  const r = await findReader(db, scope, { readerBarcode });
  return {
    reader: { id: r.id, account: r.account, name: r.name, depositFen: r.deposit },
    ...(await finesOfReader(db, scope, r.id, unpaidOnly)),
  };
}

/** Locks the chosen fines; every one must exist in the school, be unpaid and belong to one reader. */
async function lockUnpaid(tx: Tx, scope: Scope, ids: number[]): Promise<FineRow[]> {
  const wanted = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(fine)
    .where(scope.where(fine, inArray(fine.id, wanted)))
    .orderBy(asc(fine.id))
    .for('update');
  if (rows.length !== wanted.length) throw fail(FineError.FINE_NOT_FOUND, 'fines.notFound');
  const settled = rows.find((r) => r.state !== FineState.UNPAID);
  if (settled) throw fail(FineError.FINE_STATE, 'fines.alreadySettled', { no: settled.fineNo });
  if (new Set(rows.map((r) => r.readerId)).size > 1) throw fail(FineError.FINE_STATE, 'fines.oneReader');
  return rows;
}

async function settlement(
  tx: Tx,
  scope: Scope,
  rows: FineRow[],
  s: Pick<FineSettlement, 'state' | 'payMethod' | 'reason'>,
  depositFen?: number,
): Promise<FineSettlement> {
  const [r] = await tx
    .select({ id: appUser.id, account: appUser.account, name: appUser.name, deposit: appUser.deposit })
    .from(appUser)
    .where(scope.where(appUser, eq(appUser.id, rows[0].readerId)));
  return {
    ...s,
    reader: { id: r?.id ?? rows[0].readerId, account: r?.account ?? '', name: r?.name ?? '' },
    fines: rows.map((f) => ({
      id: f.id,
      fineNo: f.fineNo,
      barcode: f.barcode,
      title: f.title,
      chargedDays: f.chargedDays,
      amountFen: f.amountFen,
    })),
    totalFen: rows.reduce((n, f) => n + f.amountFen, 0),
    depositFen: depositFen ?? r?.deposit ?? 0,
  };
}

/**
 * Pays unpaid fines of one reader at the desk: in cash, or from the deposit (which must cover the total:
 * DEPOSIT_TOO_LOW, nothing taken). Each fine gets a ledger row `fine` (+), a deposit payment one deposit row (−)
 * for the total. All in one transaction; the answer is what the receipt prints.
 */
export async function payFines(
  db: Db,
  scope: Scope,
  b: { ids: number[]; payMethod: PayMethod; note: string },
  operatorId: number | null,
): Promise<FineSettlement> {
  return db.transaction(async (tx) => {
    const rows = await lockUnpaid(tx, scope, b.ids);
    const total = rows.reduce((n, f) => n + f.amountFen, 0);
    const ref = rows.map((f) => f.fineNo).join(',');
    let deposit: number | undefined;
    if (b.payMethod === 'deposit')
      deposit = await debitDeposit(
        tx,
        scope,
        { readerId: rows[0].readerId, amountFen: total, ref, operatorId, note: b.note },
        'fines.depositTooLow',
      );
    for (const f of rows)
      await recordLedger(tx, scope, {
        kind: 'fine',
        amountFen: f.amountFen,
        readerId: f.readerId,
        ref: f.fineNo,
        operatorId,
        note: b.note,
      });
    await tx
      .update(fine)
      .set({ state: FineState.PAID, payMethod: b.payMethod, settledBy: operatorId, settledAt: new Date() })
      .where(
        scope.where(
          fine,
          inArray(
            fine.id,
            rows.map((f) => f.id),
          ),
        ),
      );
    return settlement(tx, scope, rows, { state: 'paid', payMethod: b.payMethod, reason: b.note }, deposit);
  });
}

/** Waives unpaid fines of one reader with a reason (no money moves; the reason stays with each fine). */
export async function waiveFines(
  db: Db,
  scope: Scope,
  b: { ids: number[]; reason: string },
  operatorId: number | null,
): Promise<FineSettlement> {
  return db.transaction(async (tx) => {
    const rows = await lockUnpaid(tx, scope, b.ids);
    await tx
      .update(fine)
      .set({ state: FineState.WAIVED, waiveReason: b.reason, settledBy: operatorId, settledAt: new Date() })
      .where(
        scope.where(
          fine,
          inArray(
            fine.id,
            rows.map((f) => f.id),
          ),
        ),
      );
    return settlement(tx, scope, rows, { state: 'waived', payMethod: null, reason: b.reason });
  });
}
