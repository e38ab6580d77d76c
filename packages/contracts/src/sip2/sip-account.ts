import { z } from 'zod';

/** Charsets a self-check machine may use; GBK is common on Chinese machines. */
export const SIP_CHARSETS = ['utf-8', 'gbk'] as const;
export type SipCharset = (typeof SIP_CHARSETS)[number];

/**
 * A SIP2 account: the login a self-check machine sends in its 93 message. Logins are unique across all schools,
 * because the login message names no school: the account decides which school the machine serves.
 */
export const SipAccountCreate = z.object({
  login: z.string().trim().min(1).max(60),
  /** Stored hashed; SIP2 sends it in clear text inside the LAN, so it is a device secret, not a person's. */
  password: z.string().min(6).max(60),
  /** Location code of the machine (the 93 CP field); loans made by it record this terminal. */
  locationCode: z.string().trim().max(60).default(''),
  charset: z.enum(SIP_CHARSETS).default('utf-8'),
  /** Language of the screen messages (AF) the machine shows. */
  lang: z.enum(['zh', 'en']).default('zh'),
  enabled: z.boolean().default(true),
});
export type SipAccountCreate = z.input<typeof SipAccountCreate>;

/** SIP2 listener limits (the defaults of startSip2Server). */
export const SIP2_LIMITS = {
  /** A line longer than this without a terminator closes the connection. */
  maxLineBytes: 8 * 1024,
  /** Idle connections are closed after this long. */
  idleTimeoutMs: 10 * 60 * 1000,
  /** Consecutive unusable messages (bad checksum, malformed) answered with 96 before the connection is closed. */
  maxRetries: 3,
  /** Failed logins on one connection before it is closed. */
  maxLoginFailures: 3,
} as const;
