import { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import { OverdueMode } from '@shuyuan/contracts/circulation/loan';
import { and, eq, isNull } from 'drizzle-orm';
import { BizError } from '../../platform/errors.ts';
import { t } from '../../platform/i18n/messages.ts';
import { verifyPassword } from '../../platform/password.ts';
import { Scope } from '../../platform/tenancy.ts';
import type { CirculationPort, PatronAnswer, SipContext } from '../../sip2/port.ts';
import type { PatronStatus } from '../../sip2/protocol/values.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { getSetting } from '../settings/settings.service.ts';
import { loan } from './circulation.table.ts';
import { borrowItem, renewLoan, returnItem } from './circulation.service.ts';
import { type Reader, findReader, loanCounts, openLoansOf } from './reader.service.ts';
import { getEffectiveRule, schoolToday } from './rules.service.ts';

/** SIP carries instants; a due day is sent as noon UTC so it stays the same day in any school time zone. */
const dueAsDate = (day: string) => new Date(`${day}T12:00:00Z`);
const SIP_STATUS: Record<string, string> = {
  [CircState.AVAILABLE]: '03',
  [CircState.BORROWED]: '04',
  [CircState.RESERVED]: '08',
  [CircState.RESERVING]: '04',
  [CircState.LOST]: '12',
};

/** Runs a desk command; a refusal becomes ok=false with its message in the machine's language. */
async function attempt<T>(ctx: SipContext, run: () => Promise<T>): Promise<{ value?: T; message?: string }> {
  try {
    return { value: await run() };
  } catch (e) {
    if (e instanceof BizError) return { message: t(ctx.lang, e.msgKey, e.params, ctx.schoolId) };
    throw e;
  }
}

async function patron(ctx: SipContext, patronId: string, password?: string) {
  const scope = new Scope(ctx.schoolId);
  const found = await attempt(ctx, () => findReader(ctx.db, scope, { readerBarcode: patronId }));
  if (!found.value) return { scope, answer: { valid: false, status: {}, screenMessage: found.message } };
  const r: Reader = found.value;
  const today = await schoolToday(ctx.db, scope);
  const counts = await loanCounts(ctx.db, scope, r.id, today);
  const rule = await getEffectiveRule(ctx.db, scope, {
    identity: r.identity,
    groupId: null,
    resourceTypeId: null,
    locationId: null,
  });
  const mode = await getSetting<string>(ctx.db, scope, 'circ.overdueMode');
  const blocked = r.state !== 1 || (!!r.validUntil && r.validUntil < today);
  const overdueBlocks = counts.overdue > 0 && mode === OverdueMode.UNIFIED_REFUSAL;
  const status: PatronStatus = {
    chargePrivilegesDenied: blocked || overdueBlocks || counts.open >= rule.maxLoans,
    renewalPrivilegesDenied: blocked,
    tooManyItemsCharged: counts.open >= rule.maxLoans,
    tooManyItemsOverdue: overdueBlocks,
  };
  const answer: PatronAnswer = {
    valid: true,
    name: r.name,
    status,
    feeAmountFen: 0,
    passwordOk: password === undefined ? undefined : await verifyPassword(password, r.passwordHash),
  };
  return { scope, answer, reader: r, counts, rule };
}

/** The SIP2 server's view of circulation: every command goes through the desk's borrowItem/returnItem/renewLoan. */
export const sipCirculationPort: CirculationPort = {
  async patronStatus(ctx, req) {
    return (await patron(ctx, req.patronId, req.patronPassword)).answer;
  },

  async patronInfo(ctx, req) {
    const p = await patron(ctx, req.patronId, req.patronPassword);
    const zero = { hold: 0, overdue: 0, charged: 0, fine: 0, recall: 0, unavailable: 0 };
    if (!p.reader || !p.counts) return { ...p.answer, counts: zero };
    let items: string[] | undefined;
    if (req.list === 'charged' || req.list === 'overdue') {
      const all = await openLoansOf(ctx.db, p.scope, p.reader.id, { Page: 1, Rows: 500 });
      const wanted = all.List.filter((l) => req.list === 'charged' || l.overdueDays > 0).map((l) => l.barcode);
      items = wanted.slice(Math.max(0, (req.start ?? 1) - 1), req.end ?? wanted.length);
    }
    return {
      ...p.answer,
      counts: { ...zero, charged: p.counts.open, overdue: p.counts.overdue },
      limits: { charged: p.rule?.maxLoans },
      items,
      email: p.reader.email ?? undefined,
    };
  },

  async checkout(ctx, req) {
    const scope = new Scope(ctx.schoolId);
    if (req.cancel) {
      const r = await attempt(ctx, () => returnItem(ctx.db, scope, { barcode: req.itemId, operatorId: null }));
      return { ok: !!r.value, renewalOk: false, desensitize: false, screenMessage: r.message, title: r.value?.title };
    }
    const r = await attempt(ctx, () =>
      borrowItem(ctx.db, scope, { readerBarcode: req.patronId, barcode: req.itemId, operatorId: null, via: 'sip2' }),
    );
    if (r.value) {
      return {
        ok: true,
        renewalOk: false,
        desensitize: true,
        title: r.value.title,
        dueDate: dueAsDate(r.value.dueDate),
        mediaType: '001',
      };
    }
    return { ok: false, renewalOk: false, desensitize: false, screenMessage: r.message };
  },

  async checkin(ctx, req) {
    const scope = new Scope(ctx.schoolId);
    const r = await attempt(ctx, () => returnItem(ctx.db, scope, { barcode: req.itemId, operatorId: null }));
    if (!r.value) return { ok: false, resensitize: false, alert: true, screenMessage: r.message };
    return {
      ok: true,
      resensitize: true,
      alert: false,
      title: r.value.title,
      patronId: r.value.reader.account,
      mediaType: '001',
    };
  },

  async itemInfo(ctx, req) {
    const scope = new Scope(ctx.schoolId);
    const [c] = await ctx.db
      .select({ state: copy.circState, title: catalogueRecord.title, due: loan.dueDate })
      .from(copy)
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
      .leftJoin(loan, openLoanOf(copy.id))
      .where(scope.where(copy, eq(copy.barcode, req.itemId)))
      .limit(1);
    if (!c) return { found: false, circulationStatus: '01' };
    return {
      found: true,
      circulationStatus: SIP_STATUS[c.state] ?? '01',
      title: c.title,
      dueDate: c.due ? dueAsDate(c.due) : undefined,
      mediaType: '001',
    };
  },

  async renew(ctx, req) {
    const scope = new Scope(ctx.schoolId);
    const r = await attempt(ctx, async () => {
      const reader = await findReader(ctx.db, scope, { readerBarcode: req.patronId });
      return renewLoan(ctx.db, scope, { barcode: req.itemId, readerId: reader.id, operatorId: null });
    });
    if (!r.value) return { ok: false, renewalOk: false, desensitize: false, screenMessage: r.message };
    return { ok: true, renewalOk: true, desensitize: false, title: r.value.title, dueDate: dueAsDate(r.value.dueDate) };
  },
};

function openLoanOf(copyId: typeof copy.id) {
  return and(eq(loan.copyId, copyId), isNull(loan.returnedAt));
}
