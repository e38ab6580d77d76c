import type { Lang } from '@shuyuan/contracts/common/lang';
import type { CirculationPort, SipContext } from './port.ts';
import type { SipMessage } from './protocol/codec.ts';
import type { MessageCode } from './protocol/messages.ts';
import type { SipLogin } from './sip-account.service.ts';

/** One answer to send: what buildMessage needs, plus whether the exchange counts as a success in the log. */
export interface Reply {
  code: MessageCode;
  fixed: Record<string, string>;
  fields: [string, string | undefined][];
  success: boolean;
}

/** What a circulation handler gets: the request, the signed-in account, the port (if any) and a clock. */
export interface HandlerEnv {
  msg: SipMessage;
  login: SipLogin;
  ctx: SipContext;
  port: CirculationPort | undefined;
  now: Date;
  /** Screen message in the patron's language. */
  say: (key: string, lang?: Lang) => string;
  /** Reports a port failure (the answer is still the protocol's refusal). */
  onError: (err: unknown) => void;
}

/** Calls the port; `undefined` (answer with the refusal) when there is none or it failed. */
export async function ask<T>(env: HandlerEnv, call: (port: CirculationPort) => Promise<T>): Promise<T | undefined> {
  if (!env.port) return undefined;
  try {
    return await call(env.port);
  } catch (e) {
    env.onError(e);
    return undefined;
  }
}

/** The screen message of a refusal: no circulation service, or it failed. */
export function refusalText(env: HandlerEnv, lang: Lang): string {
  return env.say(env.port ? 'sip2.error' : 'sip2.unavailable', lang);
}
