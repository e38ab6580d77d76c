import { SIP2_LIMITS } from '@shuyuan/contracts/sip2/sip-account';
import { type SipMessage, fieldValue } from './protocol/codec.ts';
import { formatSipDate } from './protocol/date.ts';
import { FIELD as F } from './protocol/messages.ts';
import { SUPPORTED_MESSAGES, bit, yn } from './protocol/values.ts';
import type { Reply } from './reply.ts';
import type { SipLogin } from './sip-account.service.ts';

/** 94: login accepted (1) or refused (0). */
export function loginReply(ok: boolean): Reply {
  return { code: '94', fixed: { ok: bit(ok) }, fields: [], success: ok };
}

/**
 * 99 → 98 ACS status. Before login the school is unknown: the institution id is empty and no circulation is
 * offered. Checkin/checkout/renewal are offered only when a circulation service is registered.
 */
export function acsStatus(opts: {
  login: SipLogin | undefined;
  terminal: string | null;
  circulation: boolean;
  now: Date;
  timeZone: string;
}): Reply {
  const { login } = opts;
  const circ = !!login && opts.circulation;
  return {
    code: '98',
    fixed: {
      onlineStatus: 'Y',
      checkinOk: yn(circ),
      checkoutOk: yn(circ),
      renewalPolicy: yn(circ),
      statusUpdateOk: 'N',
      offlineOk: 'N',
      // Tenths of seconds the machine should wait for an answer before it retries.
      timeoutPeriod: '050',
      retriesAllowed: String(SIP2_LIMITS.maxRetries).padStart(3, '0'),
      dateTimeSync: formatSipDate(opts.now, login?.timeZone ?? opts.timeZone),
      protocolVersion: '2.00',
    },
    fields: [
      [F.institutionId, login?.schoolCode ?? ''],
      [F.libraryName, login?.schoolName],
      [F.supportedMessages, SUPPORTED_MESSAGES],
      [F.terminalLocation, opts.terminal ?? undefined],
    ],
    success: true,
  };
}

/**
 * 35 → 36 end patron session: the patron walks away; the connection stays open for the next patron (one
 * connection serves a machine all day). We keep no per-patron state, so ending always succeeds.
 */
export function endSession(msg: SipMessage, login: SipLogin, now: Date): Reply {
  return {
    code: '36',
    fixed: { endSession: 'Y', transactionDate: formatSipDate(now, login.timeZone) },
    fields: [
      [F.institutionId, login.schoolCode],
      [F.patronId, fieldValue(msg, F.patronId) ?? ''],
    ],
    success: true,
  };
}
