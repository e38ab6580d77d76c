import { LANGS, type Lang } from '@shuyuan/contracts/common/lang';
import { asc, eq, sql } from 'drizzle-orm';
import { BizError } from '../../platform/errors.ts';
import { t } from '../../platform/i18n/messages.ts';
import { verifyPassword } from '../../platform/password.ts';
import type { Db } from '../../db/client.ts';
import { Scope } from '../../platform/tenancy.ts';
import type { PinMarks } from '../../sip2/pin-marks.ts';
import type { PatronAnswer, SipContext } from '../../sip2/port.ts';
import type { PatronStatus } from '../../sip2/protocol/values.ts';
import '../../sip2/sip2.messages.ts';
import { countFailure, failuresExceeded } from '../auth/rate-limit.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { fine, lossRecord } from '../losses/loss.table.ts';
import { readerCardUsable } from '../readers/reader.values.ts';
import { reservation } from '../reservations/reservation.table.ts';
import { getSetting } from '../settings/settings.service.ts';
import { overdueBlocking } from './borrow.service.ts';
import { findReader, loanCounts, openLoansOf, type Reader } from './reader.service.ts';
import { getEffectiveRule, schoolToday } from './rules.service.ts';
import { needVerify } from './verify.service.ts';

/**
 * The SIP2 patron side (23/24, 63/64; the password check that 11 and 29 use too): who is at the machine, judged
 * as the desk judges, with the counts, holds, fees and item lists a machine shows. The item side is sip-port.ts.
 */

type Attempt<T> = { value?: T; code?: string; message?: string };

/** Runs a desk command; a refusal becomes its code and its message in `lang`. */
export async function attempt<T>(ctx: SipContext, lang: Lang, run: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { value: await run() };
  } catch (e) {
    if (e instanceof BizError) return { code: e.errorCode, message: t(lang, e.msgKey, e.params, ctx.schoolId) };
    throw e;
  }
}

const isLang = (v: string | null | undefined): v is Lang => LANGS.includes(v as Lang);

/** The machine's explicit choice (23/63), else the reader's own language, else the machine account's. */
export const patronLang = (ctx: SipContext, r?: { lang: string | null }): Lang =>
  ctx.askedLang ?? (isLang(r?.lang) ? r.lang : ctx.lang);

export interface Patron {
  scope: Scope;
  lang: Lang;
  answer: PatronAnswer;
  reader?: Reader;
  /** False when the school asks for the password (circ.borrowVerify) or the machine sent one, and it is wrong. */
  passwordAccepted: boolean;
  counts?: { open: number; overdue: number };
  maxLoans?: number;
  /** BZ: live reservations allowed (circ.maxReservations), when the school limits them. */
  maxHolds?: number;
  /** CA: overdue items at which lending stops (the overdue mode blocks), when it does. */
  maxOverdue?: number;
  holds?: { ready: number; waiting: number };
  fines?: { count: number; fen: number };
}

/**
 * Who is at the machine, judged as the desk judges: the effective rule of the reader's identity and permission
 * group (GetUserBorrowLimitV2), the overdue mode, card validity, lost card. The password (AD) is checked when the
 * machine sends one or the school asks readers to verify (circ.borrowVerify); an empty AD counts as none.
 */
export async function patron(ctx: SipContext, patronId: string, password: string | undefined): Promise<Patron> {
  const scope = new Scope(ctx.schoolId);
  const found = await attempt(ctx, ctx.askedLang ?? ctx.lang, () =>
    findReader(ctx.db, scope, { readerBarcode: patronId }),
  );
  if (!found.value) {
    return {
      scope,
      lang: ctx.askedLang ?? ctx.lang,
      passwordAccepted: false,
      answer: { valid: false, status: {}, screenMessage: found.message },
    };
  }
  const r = found.value;
  const lang = patronLang(ctx, r);
  const [today, verify, mode, maxHolds] = await Promise.all([
    schoolToday(ctx.db, scope),
    needVerify(ctx.db, scope),
    getSetting<string>(ctx.db, scope, 'circ.overdueMode'),
    getSetting<number>(ctx.db, scope, 'circ.maxReservations'),
  ]);
  const [counts, rule, holds, fines] = await Promise.all([
    loanCounts(ctx.db, scope, r.id, today),
    getEffectiveRule(ctx.db, scope, {
      identity: r.identity,
      groupId: r.permissionGroupId,
      resourceTypeId: null,
      locationId: null,
    }),
    holdCounts(ctx, scope, r.id),
    unpaidLosses(ctx, scope, r.id),
  ]);
  const passwordOk = await checkPassword(ctx.db, r, password, verify, ctx.pins);
  const disabled = r.state !== 1;
  const expired = !!r.validUntil && r.validUntil < today;
  // The desk refuses a reader found by barcode while the card is reported lost.
  const cardLost = !readerCardUsable(r);
  const blocking = overdueBlocking(mode, rule, counts);
  // One overdue (unified refusal) or unreviewed overdue loan (single mode, rule forbids) stops lending.
  const overdueCounts = overdueBlocking(mode, rule, { overdue: 1, unreviewed: 1 }) > 0;
  const overdueBlocks = blocking > 0;
  const overLimit = counts.open >= rule.maxLoans;
  const blocked = disabled || expired || cardLost;
  const status: PatronStatus = {
    chargePrivilegesDenied: blocked || overdueBlocks || overLimit,
    // The desk renews for a reader whose card is lost (renewLoan checks validity only).
    renewalPrivilegesDenied: disabled || expired,
    cardReportedLost: cardLost,
    tooManyItemsCharged: overLimit,
    tooManyItemsOverdue: overdueBlocks,
  };
  // Why lending is refused, in the desk's words: the first reason the desk itself would give.
  const why = disabled
    ? t(lang, 'circ.readerDisabled', {}, ctx.schoolId)
    : expired
      ? t(lang, 'circ.readerExpired', { date: r.validUntil }, ctx.schoolId)
      : cardLost
        ? t(lang, 'circ.cardLost', {}, ctx.schoolId)
        : overdueBlocks
          ? t(lang, 'circ.overdueRefused', { count: blocking }, ctx.schoolId)
          : overLimit
            ? t(lang, 'circ.overLimit', { count: counts.open, max: rule.maxLoans }, ctx.schoolId)
            : undefined;
  return {
    scope,
    lang,
    reader: r,
    counts,
    maxLoans: rule.maxLoans,
    maxHolds: maxHolds > 0 ? maxHolds : undefined,
    maxOverdue: overdueCounts ? 1 : undefined,
    holds,
    fines,
    passwordAccepted: passwordOk !== false,
    answer: {
      valid: true,
      name: r.name,
      status,
      feeAmountFen: fines.fen,
      passwordOk,
      screenMessage: why,
    },
  };
}

/**
 * AD against the reader's password: undefined when none was sent and none is asked for (an empty AD is none).
 * With the connection's marks, a PIN this connection verified against the same stored hash lately is accepted
 * without hashing it again (sip2/pin-marks.ts); a wrong one is always hashed and refused. A reader whose
 * password failed too often within the minute (rate-limit group 'verify') is answered wrong without a check.
 */
export async function checkPassword(
  db: Db,
  r: Reader,
  password: string | undefined,
  required: boolean,
  pins?: PinMarks,
): Promise<boolean | undefined> {
  if (!password) return required ? false : undefined;
  const key = `reader:${r.id}`;
  if (await failuresExceeded(db, 'verify', key)) return false;
  if (!r.passwordHash) {
    await countFailure(db, 'verify', key);
    return false;
  }
  if (pins?.has(r.id, password, r.passwordHash)) return true;
  const ok = await verifyPassword(password, r.passwordHash);
  if (ok) pins?.add(r.id, password, r.passwordHash);
  else await countFailure(db, 'verify', key);
  return ok;
}

/** Ready holds (on the hold shelf for the reader) and waiting reservations. */
async function holdCounts(ctx: SipContext, scope: Scope, readerId: number) {
  const [c] = await ctx.db
    .select({
      ready: sql<number>`count(*) filter (where ${reservation.state} = 'ready')`.mapWith(Number),
      waiting: sql<number>`count(*) filter (where ${reservation.state} = 'waiting')`.mapWith(Number),
    })
    .from(reservation)
    .where(
      scope.where(reservation, eq(reservation.readerId, readerId), sql`${reservation.state} in ('ready', 'waiting')`),
    );
  return { ready: c?.ready ?? 0, waiting: c?.waiting ?? 0 };
}

/**
 * Loss compensations registered against the reader and not paid yet, and unpaid overdue fines: the fees a machine
 * reports (BV).
 */
async function unpaidLosses(ctx: SipContext, scope: Scope, readerId: number) {
  const [c] = await ctx.db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      fen: sql<number>`coalesce(sum(${lossRecord.compensationFen}), 0)`.mapWith(Number),
    })
    .from(lossRecord)
    .where(scope.where(lossRecord, eq(lossRecord.readerId, readerId), eq(lossRecord.state, 'not_compensated')));
  const [f] = await ctx.db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      fen: sql<number>`coalesce(sum(${fine.amountFen}), 0)`.mapWith(Number),
    })
    .from(fine)
    .where(scope.where(fine, eq(fine.readerId, readerId), eq(fine.state, 'unpaid')));
  return { count: (c?.count ?? 0) + (f?.count ?? 0), fen: (c?.fen ?? 0) + (f?.fen ?? 0) };
}

/** The item identifiers of one 63 summary list (barcodes; titles for reservations without a copy yet). */
export async function itemList(ctx: SipContext, p: Patron, list: string): Promise<string[]> {
  const r = p.reader as Reader;
  const db = ctx.db;
  if (list === 'charged' || list === 'overdue') {
    const all = await openLoansOf(db, p.scope, r.id, { Page: 1, Rows: 500 });
    return all.List.filter((l) => list === 'charged' || l.overdueDays > 0).map((l) => l.barcode);
  }
  if (list === 'hold' || list === 'unavailable') {
    const rows = await db
      .select({ barcode: copy.barcode, title: catalogueRecord.title })
      .from(reservation)
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, reservation.recordId))
      .leftJoin(copy, eq(copy.id, reservation.copyId))
      .where(
        p.scope.where(
          reservation,
          eq(reservation.readerId, r.id),
          eq(reservation.state, list === 'hold' ? 'ready' : 'waiting'),
        ),
      )
      .orderBy(asc(reservation.createdAt), asc(reservation.id));
    return rows.map((x) => (list === 'hold' ? (x.barcode ?? x.title) : x.title));
  }
  if (list === 'fine') {
    const rows = await db
      .select({ barcode: lossRecord.barcode })
      .from(lossRecord)
      .where(p.scope.where(lossRecord, eq(lossRecord.readerId, r.id), eq(lossRecord.state, 'not_compensated')))
      .orderBy(asc(lossRecord.registeredAt), asc(lossRecord.id));
    const fined = await db
      .select({ barcode: fine.barcode })
      .from(fine)
      .where(p.scope.where(fine, eq(fine.readerId, r.id), eq(fine.state, 'unpaid')))
      .orderBy(asc(fine.createdAt), asc(fine.id));
    return [...rows, ...fined].map((x) => x.barcode);
  }
  return []; // recalls: the library does not recall loans
}
