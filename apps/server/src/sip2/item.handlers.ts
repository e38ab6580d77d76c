import type { CheckoutResult } from './port.ts';
import { fieldValue } from './protocol/codec.ts';
import { formatSipDate, parseSipDate } from './protocol/date.ts';
import { FIELD as F } from './protocol/messages.ts';
import { bit, count4, money, yn, ynu } from './protocol/values.ts';
import { ask, type HandlerEnv, type Reply, refusalText } from './reply.ts';

const flag = (v: string | undefined) => v === 'Y';

/** Fields shared by checkout and renew answers (12, 30). */
function loanReply(env: HandlerEnv, code: '12' | '30', r: CheckoutResult | undefined): Reply {
  const { msg, login, ctx, now } = env;
  const date = (d: Date | undefined) => (d ? formatSipDate(d, ctx.timeZone) : undefined);
  return {
    code,
    fixed: {
      ok: bit(!!r?.ok),
      renewalOk: yn(r?.renewalOk),
      magneticMedia: ynu(r?.magneticMedia),
      // Never desensitize (unlock) an item we did not lend.
      desensitize: yn(!!r?.ok && r.desensitize),
      transactionDate: formatSipDate(now, ctx.timeZone),
    },
    fields: [
      [F.institutionId, login.schoolCode],
      [F.patronId, fieldValue(msg, F.patronId) ?? ''],
      [F.itemId, fieldValue(msg, F.itemId) ?? ''],
      [F.titleId, r?.title ?? ''],
      [F.dueDate, r?.ok ? (date(r.dueDate) ?? '') : ''],
      [F.feeType, r?.feeType],
      [F.currencyType, r?.feeAmountFen !== undefined ? 'CNY' : undefined],
      [F.feeAmount, money(r?.feeAmountFen)],
      [F.mediaType, r?.mediaType],
      [F.screenMessage, r ? r.screenMessage : refusalText(env, ctx.lang)],
    ],
    success: !!r?.ok,
  };
}

/** 11 → 12 checkout. */
export async function checkout(env: HandlerEnv): Promise<Reply> {
  const { msg, ctx } = env;
  const r = await ask(env, (p) =>
    p.checkout(ctx, {
      patronId: fieldValue(msg, F.patronId) ?? '',
      patronPassword: fieldValue(msg, F.patronPassword),
      itemId: fieldValue(msg, F.itemId) ?? '',
      renewalAllowed: flag(msg.fixed.scRenewalPolicy),
      noBlock: flag(msg.fixed.noBlock),
      nbDueDate: parseSipDate(msg.fixed.nbDueDate, ctx.timeZone),
      feeAcknowledged: flag(fieldValue(msg, F.feeAcknowledged)),
      cancel: flag(fieldValue(msg, F.cancel)),
    }),
  );
  return loanReply(env, '12', r);
}

/** 29 → 30 renew. */
export async function renew(env: HandlerEnv): Promise<Reply> {
  const { msg, ctx } = env;
  const r = await ask(env, (p) =>
    p.renew(ctx, {
      patronId: fieldValue(msg, F.patronId) ?? '',
      patronPassword: fieldValue(msg, F.patronPassword),
      itemId: fieldValue(msg, F.itemId) ?? '',
      noBlock: flag(msg.fixed.noBlock),
      nbDueDate: parseSipDate(msg.fixed.nbDueDate, ctx.timeZone),
      feeAcknowledged: flag(fieldValue(msg, F.feeAcknowledged)),
    }),
  );
  return loanReply(env, '30', r);
}

/** 09 → 10 checkin. On refusal: no resensitize instruction (the item stays as it is) and the alert is raised. */
export async function checkin(env: HandlerEnv): Promise<Reply> {
  const { msg, login, ctx, now } = env;
  const r = await ask(env, (p) =>
    p.checkin(ctx, {
      itemId: fieldValue(msg, F.itemId) ?? '',
      noBlock: flag(msg.fixed.noBlock),
      returnDate: parseSipDate(msg.fixed.returnDate, ctx.timeZone),
      currentLocation: fieldValue(msg, F.currentLocation),
      cancel: flag(fieldValue(msg, F.cancel)),
    }),
  );
  return {
    code: '10',
    fixed: {
      ok: bit(!!r?.ok),
      resensitize: yn(!!r?.ok && r.resensitize),
      magneticMedia: ynu(r?.magneticMedia),
      alert: yn(r ? r.alert : true),
      transactionDate: formatSipDate(now, ctx.timeZone),
    },
    fields: [
      [F.institutionId, login.schoolCode],
      [F.itemId, fieldValue(msg, F.itemId) ?? ''],
      [F.permanentLocation, r?.permanentLocation ?? ''],
      [F.titleId, r?.title],
      [F.sortBin, r?.sortBin],
      [F.alertType, r?.alert ? r.alertType : undefined],
      [F.patronId, r?.patronId],
      [F.mediaType, r?.mediaType],
      [F.screenMessage, r ? r.screenMessage : refusalText(env, ctx.lang)],
    ],
    success: !!r?.ok,
  };
}

/** 17 → 18 item information. Refusal: circulation status 01 "other", security marker 00, fee type 01. */
export async function itemInformation(env: HandlerEnv): Promise<Reply> {
  const { msg, login, ctx, now } = env;
  const itemId = fieldValue(msg, F.itemId) ?? '';
  const r = await ask(env, (p) => p.itemInfo(ctx, { itemId }));
  const date = (d: Date | undefined) => (d ? formatSipDate(d, ctx.timeZone) : undefined);
  return {
    code: '18',
    fixed: {
      circulationStatus: r && /^\d{2}$/.test(r.circulationStatus) ? r.circulationStatus : '01',
      securityMarker: '00',
      feeType: '01',
      transactionDate: formatSipDate(now, ctx.timeZone),
    },
    fields: [
      [F.holdQueueLength, r?.holdQueueLength === undefined ? undefined : String(r.holdQueueLength)],
      [F.dueDate, date(r?.dueDate)],
      [F.holdPickupDate, date(r?.holdPickupDate)],
      [F.itemId, itemId],
      [F.titleId, r?.title ?? ''],
      [F.owner, r?.owner ?? (r ? login.schoolCode : undefined)],
      [F.mediaType, r?.mediaType],
      [F.permanentLocation, r?.permanentLocation],
      [F.currentLocation, r?.currentLocation],
      [F.screenMessage, r ? r.screenMessage : refusalText(env, ctx.lang)],
    ],
    success: !!r?.found,
  };
}

/** 65 → 66 renew all: every loan the rules let the patron renew; the lists name what was and was not renewed. */
export async function renewAll(env: HandlerEnv): Promise<Reply> {
  const { msg, login, ctx, now } = env;
  const r = await ask(env, (p) =>
    p.renewAll(ctx, {
      patronId: fieldValue(msg, F.patronId) ?? '',
      patronPassword: fieldValue(msg, F.patronPassword),
      feeAcknowledged: flag(fieldValue(msg, F.feeAcknowledged)),
    }),
  );
  const renewed = r?.renewed ?? [];
  const unrenewed = r?.unrenewed ?? [];
  return {
    code: '66',
    fixed: {
      ok: bit(!!r?.ok),
      renewedCount: count4(renewed.length),
      unrenewedCount: count4(unrenewed.length),
      transactionDate: formatSipDate(now, ctx.timeZone),
    },
    fields: [
      [F.institutionId, login.schoolCode],
      ...renewed.map((id): [string, string] => [F.renewedItems, id]),
      ...unrenewed.map((id): [string, string] => [F.unrenewedItems, id]),
      [F.screenMessage, r ? r.screenMessage : refusalText(env, ctx.lang)],
    ],
    success: !!r?.ok,
  };
}
