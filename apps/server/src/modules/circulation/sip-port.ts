import { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import { CircError } from '@shuyuan/contracts/circulation/loan';
import type { Lang } from '@shuyuan/contracts/common/lang';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { t } from '../../platform/i18n/messages.ts';
import { Scope } from '../../platform/tenancy.ts';
import type { CheckoutResult, CirculationPort, PatronInfo, PatronRequest, SipContext } from '../../sip2/port.ts';
import '../../sip2/sip2.messages.ts';
import { appUser } from '../auth/user.table.ts';
import { location } from '../basic/location.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { waitingCount } from '../reservations/reservation.queue.ts';
import { reservation } from '../reservations/reservation.table.ts';
import { borrowItem } from './borrow.service.ts';
import { renewLoan, returnItem } from './circulation.service.ts';
import { loan } from './circulation.table.ts';
import { findReader, type Reader } from './reader.service.ts';
import { dateIn } from './rules.service.ts';
import { attempt, checkPassword, itemList, patron, patronLang } from './sip-patron.ts';
import { needVerify } from './verify.service.ts';

/**
 * The SIP2 server's view of circulation. Every command goes through the desk's borrowItem / returnItem /
 * renewLoan, and the patron answers (24/64) use the desk's rule lookup (GetUserBorrowLimitV2: identity and
 * permission group) and loan counts, so a self-check machine never lends what the desk would refuse. The patron
 * answers are in sip-patron.ts; this file has the port and its item commands (11, 09, 17, 29).
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
async function admit(ctx: SipContext, req: PatronRequest): Promise<Admitted | CheckoutResult> {
  const scope = new Scope(ctx.schoolId);
  const found = await attempt(ctx, ctx.lang, () => findReader(ctx.db, scope, { readerBarcode: req.patronId }));
  if (!found.value) return refused(found.message);
  const reader = found.value;
  const lang = patronLang(ctx, reader);
  const ok = await checkPassword(
    ctx.db,
    reader,
    req.patronPassword,
    !!req.patronPassword || (await needVerify(ctx.db, scope)),
    ctx.pins,
  );
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

/** The patron's open loans (barcodes), oldest first: what 65 renew all goes through. */
async function loanedBarcodes(ctx: SipContext, scope: Scope, readerId: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ barcode: copy.barcode })
    .from(loan)
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .where(scope.where(loan, eq(loan.userId, readerId), isNull(loan.returnedAt)))
    .orderBy(asc(loan.borrowedAt), asc(loan.id));
  return rows.map((r) => r.barcode);
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
      limits: { charged: p.maxLoans, hold: p.maxHolds, overdue: p.maxOverdue },
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
    const [where] = await ctx.db
      .select({ name: location.name })
      .from(copy)
      .leftJoin(location, eq(location.id, copy.locationId))
      .where(scope.where(copy, eq(copy.barcode, v.barcode)))
      .limit(1);
    return {
      ok: true,
      permanentLocation: where?.name ?? undefined,
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
        holdUntil: reservation.holdUntil,
      })
      .from(copy)
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
      .leftJoin(loan, and(eq(loan.copyId, copy.id), isNull(loan.returnedAt)))
      .leftJoin(location, eq(location.id, copy.locationId))
      .leftJoin(reservation, and(eq(reservation.copyId, copy.id), eq(reservation.state, 'ready')))
      .where(scope.where(copy, eq(copy.barcode, req.itemId)))
      .limit(1);
    if (!c) return { found: false, circulationStatus: '01' };
    // A copy on the hold shelf: the reservation it waits for counts in the queue, CM is its last pickup day.
    const onShelf = c.state === CircState.RESERVED && !!c.holdUntil;
    const queue = (await waitingCount(ctx.db, scope, c)) + (onShelf ? 1 : 0);
    return {
      found: true,
      circulationStatus: onShelf ? '08' : (SIP_STATUS[c.state] ?? '01'),
      title: c.title,
      dueDate: c.due ? dueAsDate(c.due) : undefined,
      holdPickupDate: onShelf && c.holdUntil ? dueAsDate(c.holdUntil) : undefined,
      holdQueueLength: queue,
      mediaType: MEDIA_BOOK,
      permanentLocation: c.location ?? undefined,
    };
  },

  async blockPatron(ctx, req) {
    const scope = new Scope(ctx.schoolId);
    const found = await attempt(ctx, ctx.lang, () => findReader(ctx.db, scope, { readerBarcode: req.patronId }));
    if (!found.value) return { valid: false, status: {}, screenMessage: found.message };
    // The card is blocked as a card reported lost (the desk refuses it until a re-issue); the note says which
    // machine blocked it and why, and lets patron enable (25) lift this block, and only this one.
    const note = [ctx.terminal, req.cardRetained ? 'card retained' : '', req.message].filter(Boolean).join(': ');
    await ctx.db
      .update(appUser)
      .set({ cardLost: true, cardBlockedBy: note || 'SIP2', updatedAt: new Date() })
      .where(scope.where(appUser, eq(appUser.id, found.value.id)));
    const after = await patron(ctx, req.patronId, undefined);
    return { ...after.answer, screenMessage: t(after.lang, 'sip2.cardBlocked', {}, ctx.schoolId) };
  },

  async enablePatron(ctx, req) {
    const p = await admit(ctx, req);
    if (!('scope' in p)) {
      const who = await patron(ctx, req.patronId, req.patronPassword);
      return { ...who.answer, screenMessage: p.screenMessage };
    }
    const r = p.reader;
    let message: string | undefined;
    if (r.cardLost && r.cardBlockedBy) {
      await ctx.db
        .update(appUser)
        .set({ cardLost: false, cardBlockedBy: null, updatedAt: new Date() })
        .where(p.scope.where(appUser, eq(appUser.id, r.id)));
      message = t(p.lang, 'sip2.cardEnabled', {}, ctx.schoolId);
    } else if (r.cardLost) {
      // Reported lost by the reader or the staff: only the desk re-issues it.
      message = t(p.lang, 'sip2.cardLostAtDesk', {}, ctx.schoolId);
    }
    const after = await patron(ctx, req.patronId, req.patronPassword);
    return { ...after.answer, screenMessage: message ?? after.answer.screenMessage };
  },

  async renewAll(ctx, req) {
    const p = await admit(ctx, req);
    if (!('scope' in p)) return { ok: false, renewed: [], unrenewed: [], screenMessage: p.screenMessage };
    const renewed: string[] = [];
    const unrenewed: string[] = [];
    let why: string | undefined;
    // One renewal per loan, each through the desk's command and its rules (limit, overdue, waiting holds).
    for (const barcode of await loanedBarcodes(ctx, p.scope, p.reader.id)) {
      const r = await renewFor(ctx, p, barcode);
      if (r.ok) renewed.push(barcode);
      else {
        unrenewed.push(barcode);
        why ??= r.screenMessage;
      }
    }
    const summary = t(p.lang, 'sip2.renewAll', { renewed: renewed.length, unrenewed: unrenewed.length }, ctx.schoolId);
    return { ok: true, renewed, unrenewed, screenMessage: why ? `${summary} (${why})` : summary };
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
