import type { Lang } from '@shuyuan/contracts/common/lang';
import type { PatronAnswer, PatronInfo } from './port.ts';
import { fieldValue } from './protocol/codec.ts';
import { formatSipDate } from './protocol/date.ts';
import { FIELD as F } from './protocol/messages.ts';
import { count4, formatPatronStatus, langFromSip, money, parseSummary, sipLanguage, yn } from './protocol/values.ts';
import { ask, type HandlerEnv, type Reply, refusalText } from './reply.ts';

/** Without an answer from circulation every privilege is denied; nothing is claimed about the patron. */
const REFUSED: PatronAnswer = {
  valid: false,
  status: {
    chargePrivilegesDenied: true,
    renewalPrivilegesDenied: true,
    recallPrivilegesDenied: true,
    holdPrivilegesDenied: true,
  },
};

function patronFields(env: HandlerEnv, a: PatronAnswer, known: boolean): [string, string | undefined][] {
  const { msg, login } = env;
  return [
    [F.institutionId, login.schoolCode],
    [F.patronId, fieldValue(msg, F.patronId) ?? ''],
    [F.personalName, a.name ?? ''],
    // BL/CQ only when circulation answered: a refusal says nothing about whether the patron exists.
    [F.validPatron, known ? yn(a.valid) : undefined],
    [F.validPatronPassword, known && a.passwordOk !== undefined ? yn(a.passwordOk) : undefined],
    [F.currencyType, a.feeAmountFen !== undefined ? 'CNY' : undefined],
    [F.feeAmount, money(a.feeAmountFen)],
  ];
}

/**
 * The status flags sent for an answer: a patron who is not valid has every privilege denied (charge, renew,
 * recall, hold), as Koha and Evergreen answer an unknown patron, whatever else the port said.
 */
const statusOf = (a: PatronAnswer) => formatPatronStatus(a.valid ? a.status : { ...REFUSED.status, ...a.status });

/** 24 (patron status, also the answer to 01 block patron) or 26 (patron enable) from the port's answer. */
function statusReply(env: HandlerEnv, code: '24' | '26', a: PatronAnswer | undefined, lang: Lang): Reply {
  const answer = a ?? REFUSED;
  return {
    code,
    fixed: {
      patronStatus: statusOf(answer),
      language: sipLanguage(lang),
      transactionDate: formatSipDate(env.now, env.ctx.timeZone),
    },
    fields: [...patronFields(env, answer, !!a), [F.screenMessage, a ? a.screenMessage : refusalText(env, lang)]],
    success: !!a?.valid,
  };
}

/** 23 → 24 patron status. */
export async function patronStatus(env: HandlerEnv): Promise<Reply> {
  const { msg, ctx } = env;
  const lang = langFromSip(msg.fixed.language) ?? ctx.lang;
  const req = { patronId: fieldValue(msg, F.patronId) ?? '', patronPassword: fieldValue(msg, F.patronPassword) };
  const a = await ask(env, (p) => p.patronStatus({ ...ctx, lang, askedLang: langFromSip(msg.fixed.language) }, req));
  return statusReply(env, '24', a, lang);
}

/** 01 block patron → 24: the machine found the card misused (or kept it); the card is blocked. */
export async function blockPatron(env: HandlerEnv): Promise<Reply> {
  const { msg, ctx } = env;
  const a = await ask(env, (p) =>
    p.blockPatron(ctx, {
      patronId: fieldValue(msg, F.patronId) ?? '',
      cardRetained: msg.fixed.cardRetained === 'Y',
      message: fieldValue(msg, F.blockedCardMsg),
    }),
  );
  return statusReply(env, '24', a, ctx.lang);
}

/** 25 patron enable → 26: lifts a block a machine made (the patron's password is checked by the port). */
export async function patronEnable(env: HandlerEnv): Promise<Reply> {
  const { msg, ctx } = env;
  const req = { patronId: fieldValue(msg, F.patronId) ?? '', patronPassword: fieldValue(msg, F.patronPassword) };
  const a = await ask(env, (p) => p.enablePatron(ctx, req));
  return statusReply(env, '26', a, ctx.lang);
}

/** 63 → 64 patron information (counts, limits and the one item list the summary asks for). */
export async function patronInformation(env: HandlerEnv): Promise<Reply> {
  const { msg, ctx, now } = env;
  const lang = langFromSip(msg.fixed.language) ?? ctx.lang;
  const list = parseSummary(msg.fixed.summary ?? '');
  const num = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  const req = {
    patronId: fieldValue(msg, F.patronId) ?? '',
    patronPassword: fieldValue(msg, F.patronPassword),
    list,
    start: num(fieldValue(msg, F.startItem)),
    end: num(fieldValue(msg, F.endItem)),
  };
  const askedLang = langFromSip(msg.fixed.language);
  const a: PatronInfo | undefined = await ask(env, (p) => p.patronInfo({ ...ctx, lang, askedLang }, req));
  const c = a?.counts;
  const listField = {
    hold: F.holdItems,
    overdue: F.overdueItems,
    charged: F.chargedItems,
    fine: F.fineItems,
    recall: F.recallItems,
    unavailable: F.unavailableHoldItems,
  }[list ?? 'hold'];
  const limit = (n: number | undefined) => (n === undefined ? undefined : count4(n));
  return {
    code: '64',
    fixed: {
      patronStatus: statusOf(a ?? REFUSED),
      language: sipLanguage(lang),
      transactionDate: formatSipDate(now, ctx.timeZone),
      holdItemsCount: count4(c?.hold),
      overdueItemsCount: count4(c?.overdue),
      chargedItemsCount: count4(c?.charged),
      fineItemsCount: count4(c?.fine),
      recallItemsCount: count4(c?.recall),
      unavailableHoldsCount: count4(c?.unavailable),
    },
    fields: [
      ...patronFields(env, a ?? REFUSED, !!a),
      [F.holdItemsLimit, limit(a?.limits?.hold)],
      [F.overdueItemsLimit, limit(a?.limits?.overdue)],
      [F.chargedItemsLimit, limit(a?.limits?.charged)],
      ...(list ? (a?.items ?? []).map((id): [string, string] => [listField, id]) : []),
      [F.homeAddress, a?.address],
      [F.email, a?.email],
      [F.phone, a?.phone],
      [F.screenMessage, a ? a.screenMessage : refusalText(env, lang)],
    ],
    success: !!a?.valid,
  };
}
