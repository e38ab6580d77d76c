import { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import { CircError } from '@shuyuan/contracts/circulation/loan';
import { LANGS, type Lang } from '@shuyuan/contracts/common/lang';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { BizError } from '../../platform/errors.ts';
import { t } from '../../platform/i18n/messages.ts';
import { verifyPassword } from '../../platform/password.ts';
import { Scope } from '../../platform/tenancy.ts';
import type {
  CheckoutRequest,
  CheckoutResult,
  CirculationPort,
  PatronAnswer,
  PatronInfo,
  RenewRequest,
  SipContext,
} from '../../sip2/port.ts';
import type { PatronStatus } from '../../sip2/protocol/values.ts';
import '../../sip2/sip2.messages.ts';
import { appUser } from '../auth/user.table.ts';
import { location } from '../basic/location.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { lossRecord } from '../losses/loss.table.ts';
import { readerCardUsable } from '../readers/reader.values.ts';
import { waitingCount } from '../reservations/reservation.queue.ts';
import { reservation } from '../reservations/reservation.table.ts';
import { getSetting } from '../settings/settings.service.ts';
import { borrowItem, overdueBlocking, renewLoan, returnItem } from './circulation.service.ts';
import { loan } from './circulation.table.ts';
import { findReader, loanCounts, openLoansOf, type Reader } from './reader.service.ts';
import { dateIn, getEffectiveRule, schoolToday } from './rules.service.ts';
import { needVerify } from './verify.service.ts';

/**
 * The SIP2 server's view of circulation. Every command goes through the desk's borrowItem / returnItem /
 * renewLoan, and the patron answers (24/64) use the desk's rule lookup (GetUserBorrowLimitV2: identity and
 * permission group) and loan counts, so a self-check machine never lends what the desk would refuse.
 */

/** SIP carries instants; a due day is sent as noon UTC so it stays the same day in any school time zone. */
const dueAsDate = (day: string) => new Date(`${day}T12:00:00Z`);
const SIP_STATUS: Record<string, string> = {
  [CircState.AVAILABLE]: '03',
  [CircState.BORROWED]: '04',
  [CircState.RESERVING]: '04',
  [CircState.RESERVED]: '08',
  [CircState.RETURNED_NOT_RECEIVED]: '11',
  [CircState.LOST]: '12',
};
const MEDIA_BOOK = '001';

type Attempt<T> = { value?: T; code?: string; message?: string };

/** Runs a desk command; a refusal becomes its code and its message in `lang`. */
async function attempt<T>(ctx: SipContext, lang: Lang, run: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { value: await run() };
  } catch (e) {
    if (e instanceof BizError) return { code: e.errorCode, message: t(lang, e.msgKey, e.params, ctx.schoolId) };
    throw e;
  }
}

const isLang = (v: string | null | undefined): v is Lang => LANGS.includes(v as Lang);

/** The machine's explicit choice (23/63), else the reader's own language, else the machine account's. */
const patronLang = (ctx: SipContext, r?: { lang: string | null }): Lang =>
  ctx.askedLang ?? (isLang(r?.lang) ? r.lang : ctx.lang);

interface Patron {
  scope: Scope;
  lang: Lang;
  answer: PatronAnswer;
  reader?: Reader;
  /** False when the school asks for the password (circ.borrowVerify) or the machine sent one, and it is wrong. */
  passwordAccepted: boolean;
  counts?: { open: number; overdue: number };
  maxLoans?: number;
  holds?: { ready: number; waiting: number };
  fines?: { count: number; fen: number };
}

/**
 * Who is at the machine, judged as the desk judges: the effective rule of the reader's identity and permission
 * group (GetUserBorrowLimitV2), the overdue mode, card validity, lost card. The password (AD) is checked when the
 * machine sends one or the school asks readers to verify (circ.borrowVerify); an empty AD counts as none.
 */
async function patron(ctx: SipContext, patronId: string, password: string | undefined): Promise<Patron> {
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
  const [today, verify, mode] = await Promise.all([
    schoolToday(ctx.db, scope),
    needVerify(ctx.db, scope),
    getSetting<string>(ctx.db, scope, 'circ.overdueMode'),
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
  const passwordOk = await checkPassword(r, password, verify);
  const disabled = r.state !== 1;
  const expired = !!r.validUntil && r.validUntil < today;
  // The desk refuses a reader found by barcode while the card is reported lost.
  const cardLost = !readerCardUsable(r);
  const blocking = overdueBlocking(mode, rule, counts);
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

/** AD against the reader's password: undefined when none was sent and none is asked for (an empty AD is none). */
async function checkPassword(r: Reader, password: string | undefined, required: boolean): Promise<boolean | undefined> {
  if (!password) return required ? false : undefined;
  return !!r.passwordHash && (await verifyPassword(password, r.passwordHash));
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

/** Loss compensations registered against the reader and not paid yet: the fees a machine reports (BV). */
async function unpaidLosses(ctx: SipContext, scope: Scope, readerId: number) {
  const [c] = await ctx.db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      fen: sql<number>`coalesce(sum(${lossRecord.compensationFen}), 0)`.mapWith(Number),
    })
    .from(lossRecord)
    .where(scope.where(lossRecord, eq(lossRecord.readerId, readerId), eq(lossRecord.state, 'not_compensated')));
  return { count: c?.count ?? 0, fen: c?.fen ?? 0 };
}

/** The item identifiers of one 63 summary list (barcodes; titles for reservations without a copy yet). */
async function itemList(ctx: SipContext, p: Patron, list: string): Promise<string[]> {
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
    return rows.map((x) => x.barcode);
  }
  return []; // recalls: the library does not recall loans
}

/** A refused checkout or renewal: nothing lent, nothing unlocked. */
const refused = (screenMessage: string | undefined): CheckoutResult => ({
  ok: false,
  renewalOk: false,
  desensitize: false,
  screenMessage,
});

/**
 * The patron checks of 11 and 29, before any desk command: the reader exists, and the password is right when the
 * school asks for one or the machine sent one.
 */
async function admit(ctx: SipContext, req: CheckoutRequest | RenewRequest): Promise<Admitted | CheckoutResult> {
  const scope = new Scope(ctx.schoolId);
  const found = await attempt(ctx, ctx.lang, () => findReader(ctx.db, scope, { readerBarcode: req.patronId }));
  if (!found.value) return refused(found.message);
  const reader = found.value;
  const lang = patronLang(ctx, reader);
  const ok = await checkPassword(reader, req.patronPassword, !!req.patronPassword || (await needVerify(ctx.db, scope)));
  if (ok === false) {
    return refused(t(lang, req.patronPassword ? 'sip2.passwordWrong' : 'sip2.passwordRequired', {}, ctx.schoolId));
  }
  return { scope, lang, reader };
}

interface Admitted {
  scope: Scope;
  lang: Lang;
  reader: Reader;
}

/** The machine's no-block due date as a school day, if it sent a usable one. */
const offlineDue = (ctx: SipContext, d: Date | undefined) => (d ? dateIn(d, ctx.timeZone) : undefined);

async function renewFor(
  ctx: SipContext,
  p: Admitted,
  itemId: string,
  offline?: { dueDate?: string },
): Promise<CheckoutResult> {
  const r = await attempt(ctx, p.lang, () =>
    renewLoan(ctx.db, p.scope, { barcode: itemId, readerId: p.reader.id, operatorId: null, offline }),
  );
  if (!r.value) return refused(r.message);
  return {
    ok: true,
    renewalOk: true,
    desensitize: true,
    title: r.value.title,
    dueDate: dueAsDate(r.value.dueDate),
    mediaType: MEDIA_BOOK,
  };
}

export const sipCirculationPort: CirculationPort = {
  async patronStatus(ctx, req) {
    return (await patron(ctx, req.patronId, req.patronPassword)).answer;
  },

  async patronInfo(ctx, req): Promise<PatronInfo> {
    const p = await patron(ctx, req.patronId, req.patronPassword);
    const zero = { hold: 0, overdue: 0, charged: 0, fine: 0, recall: 0, unavailable: 0 };
    if (!p.reader || !p.counts) return { ...p.answer, counts: zero };
    let items: string[] | undefined;
    // The lists name the patron's items: only with the right password when one is asked for.
    if (req.list && p.passwordAccepted) {
      const all = await itemList(ctx, p, req.list);
      items = all.slice(Math.max(0, (req.start ?? 1) - 1), req.end ?? all.length);
    }
    return {
      ...p.answer,
      counts: {
        hold: p.holds?.ready ?? 0,
        overdue: p.counts.overdue,
        charged: p.counts.open,
        fine: p.fines?.count ?? 0,
        recall: 0,
        unavailable: p.holds?.waiting ?? 0,
      },
      limits: { charged: p.maxLoans },
      items,
      email: p.passwordAccepted ? (p.reader.email ?? undefined) : undefined,
    };
  },

  async checkout(ctx, req) {
    const p = await admit(ctx, req);
    if (!('scope' in p)) return p;
    const reader = p.reader;
    if (req.cancel) {
      // BI: undo the checkout just made — only a loan of this very patron.
      const open = await openLoanOfCopy(ctx, p.scope, req.itemId);
      if (!open || open.userId !== reader.id) return refused(t(p.lang, 'sip2.notYourLoan', {}, ctx.schoolId));
      const r = await attempt(ctx, p.lang, () =>
        returnItem(ctx.db, p.scope, { barcode: req.itemId, operatorId: null }),
      );
      return { ok: !!r.value, renewalOk: false, desensitize: false, screenMessage: r.message, title: r.value?.title };
    }
    const r = await attempt(ctx, p.lang, () =>
      borrowItem(ctx.db, p.scope, {
        readerBarcode: req.patronId,
        barcode: req.itemId,
        operatorId: null,
        via: 'sip2',
        offline: req.noBlock ? { dueDate: offlineDue(ctx, req.nbDueDate) } : undefined,
      }),
    );
    if (r.value) {
      return {
        ok: true,
        renewalOk: false,
        desensitize: true,
        title: r.value.title,
        dueDate: dueAsDate(r.value.dueDate),
        mediaType: MEDIA_BOOK,
      };
    }
    if (r.code === CircError.COPY_ON_LOAN) {
      const open = await openLoanOfCopy(ctx, p.scope, req.itemId);
      if (open && open.userId === reader.id) {
        // Already this patron's: an offline checkout reported twice is done; SC renewal policy Y renews.
        if (req.noBlock) {
          return { ok: true, renewalOk: false, desensitize: true, title: open.title, dueDate: dueAsDate(open.dueDate) };
        }
        if (req.renewalAllowed) return renewFor(ctx, p, req.itemId);
      }
    }
    return refused(r.message);
  },

  async checkin(ctx, req) {
    const scope = new Scope(ctx.schoolId);
    if (req.cancel)
      return { ok: false, resensitize: false, alert: true, screenMessage: t(ctx.lang, 'sip2.cancelCheckin') };
    // No block: the machine took the copy back while offline; its return date ends the overdue days.
    const now = new Date();
    const returnedAt = req.noBlock && req.returnDate && req.returnDate < now ? req.returnDate : undefined;
    // Returns are anonymous at the machine: messages in the machine's language.
    const lang = ctx.lang;
    const r = await attempt(ctx, lang, () =>
      returnItem(ctx.db, scope, { barcode: req.itemId, operatorId: null, returnedAt }),
    );
    if (!r.value) return { ok: false, resensitize: false, alert: true, screenMessage: r.message };
    const v = r.value;
    const hold = v.hold;
    return {
      ok: true,
      // A copy going to the hold shelf stays secured; staff move it.
      resensitize: true,
      alert: !!hold,
      alertType: hold ? '01' : undefined,
      title: v.title,
      patronId: v.reader.account,
      mediaType: MEDIA_BOOK,
      screenMessage: hold
        ? t(ctx.lang, 'sip2.holdShelf', { name: hold.name, account: hold.account }, ctx.schoolId)
        : v.overdueDays > 0
          ? t(lang, 'sip2.returnedOverdue', { days: v.overdueDays }, ctx.schoolId)
          : undefined,
    };
  },

  async itemInfo(ctx, req) {
    const scope = new Scope(ctx.schoolId);
    const [c] = await ctx.db
      .select({
        id: copy.id,
        recordId: copy.recordId,
        state: copy.circState,
        title: catalogueRecord.title,
        due: loan.dueDate,
        location: location.name,
      })
      .from(copy)
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
      .leftJoin(loan, and(eq(loan.copyId, copy.id), isNull(loan.returnedAt)))
      .leftJoin(location, eq(location.id, copy.locationId))
      .where(scope.where(copy, eq(copy.barcode, req.itemId)))
      .limit(1);
    if (!c) return { found: false, circulationStatus: '01' };
    const queue = await waitingCount(ctx.db, scope, c);
    return {
      found: true,
      circulationStatus: SIP_STATUS[c.state] ?? '01',
      title: c.title,
      dueDate: c.due ? dueAsDate(c.due) : undefined,
      holdQueueLength: queue,
      mediaType: MEDIA_BOOK,
      permanentLocation: c.location ?? undefined,
    };
  },

  async renew(ctx, req) {
    const p = await admit(ctx, req);
    if (!('scope' in p)) return p;
    // No block: the machine renewed offline; record it with the due date it gave the patron.
    return renewFor(ctx, p, req.itemId, req.noBlock ? { dueDate: offlineDue(ctx, req.nbDueDate) } : undefined);
  },
};

/** The open loan of a copy (by barcode) with its reader, title and location; undefined when none. */
async function openLoanOfCopy(ctx: SipContext, scope: Scope, barcode: string) {
  const [l] = await ctx.db
    .select({
      userId: loan.userId,
      lang: appUser.lang,
      dueDate: loan.dueDate,
      title: catalogueRecord.title,
      location: location.name,
    })
    .from(copy)
    .innerJoin(loan, and(eq(loan.copyId, copy.id), isNull(loan.returnedAt)))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .leftJoin(location, eq(location.id, copy.locationId))
    .where(scope.where(copy, eq(copy.barcode, barcode)))
    .limit(1);
  return l;
}
