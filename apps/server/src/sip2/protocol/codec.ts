import { type SipCharset, encode } from './charset.ts';
import { checksum } from './checksum.ts';
import { isKnownCode, MESSAGES, type MessageCode } from './messages.ts';

/** One SIP2 message: identifier, fixed fields by name, variable fields in order (codes may repeat). */
export interface SipMessage {
  code: MessageCode;
  fixed: Record<string, string>;
  fields: [code: string, value: string][];
  /** AY sequence number the sender used (one digit), when it uses error detection. */
  sequence?: string;
  /** True when the sender appended AZ (so our answer carries AY/AZ too). */
  errorDetection?: boolean;
}

export class SipParseError extends Error {
  constructor(readonly reason: 'unknown' | 'short' | 'malformed') {
    super(`SIP2 message ${reason}`);
  }
}

export function fieldValue(m: SipMessage, code: string): string | undefined {
  return m.fields.find(([c]) => c === code)?.[1];
}

export function fieldValues(m: SipMessage, code: string): string[] {
  return m.fields.filter(([c]) => c === code).map(([, v]) => v);
}

// AY then AZ end the message; the AY may directly follow the fixed part ("9900302.00AY1AZFCA5").
const TRAILER = /(?:AY(\d)\|?)?AZ[0-9A-Fa-f]{4}$/;
const SEQ_ONLY = /AY(\d)$/;
const CODE = /^[A-Z]{2}$/;

/** Parses a decoded line (terminator removed). Checksum verification happens on the raw bytes, before. */
export function parseMessage(text: string): SipMessage {
  const code = text.slice(0, 2);
  if (!isKnownCode(code)) throw new SipParseError('unknown');
  const spec = MESSAGES[code].fixed;
  const fixedLength = spec.reduce((n, [, len]) => n + len, 0);
  if (text.length < 2 + fixedLength) throw new SipParseError('short');
  const fixed: Record<string, string> = {};
  let at = 2;
  for (const [name, len] of spec) {
    fixed[name] = text.slice(at, at + len);
    at += len;
  }
  let rest = text.slice(at);
  const msg: SipMessage = { code, fixed, fields: [] };
  const trailer = TRAILER.exec(rest) ?? SEQ_ONLY.exec(rest);
  if (trailer) {
    msg.sequence = trailer[1];
    msg.errorDetection = trailer[0].includes('AZ');
    rest = rest.slice(0, trailer.index);
  }
  for (const part of rest.split('|')) {
    if (!part) continue;
    const c = part.slice(0, 2);
    if (!CODE.test(c)) throw new SipParseError('malformed');
    msg.fields.push([c, part.slice(2)]);
  }
  return msg;
}

export interface BuildOptions {
  charset?: SipCharset;
  /** Append AY (when a sequence is known) and AZ: done when the request used error detection. */
  errorDetection?: boolean;
  sequence?: string;
}

// A value may not contain the delimiter or a line end: it would split the message.
const clean = (v: string) => v.replace(/[|\r\n]/g, ' ');

/**
 * Builds a message: identifier, fixed fields (each exactly its length: a wrong length is a bug and throws),
 * variable fields (undefined ones are left out), then AY/AZ. Returns the text and the bytes to send (without the
 * terminator); the checksum is computed over the encoded bytes.
 */
export function buildMessage(
  code: MessageCode,
  fixed: Record<string, string>,
  fields: [string, string | undefined][],
  opts: BuildOptions = {},
): { text: string; bytes: Buffer } {
  let text: string = code;
  for (const [name, len] of MESSAGES[code].fixed) {
    const v = fixed[name];
    if (v === undefined || v.length !== len) throw new Error(`SIP2 ${code}: fixed field ${name} must be ${len} chars`);
    text += v;
  }
  for (const [c, v] of fields) if (v !== undefined) text += `${c}${clean(v)}|`;
  const charset = opts.charset ?? 'utf-8';
  if (!opts.errorDetection) return { text, bytes: encode(text, charset) };
  // 96/97 carry no sequence number (spec: "96AZFEF6").
  if (opts.sequence !== undefined && code !== '96' && code !== '97') text += `AY${opts.sequence}`;
  text += 'AZ';
  const head = encode(text, charset);
  const sum = checksum(head);
  return { text: text + sum, bytes: Buffer.concat([head, Buffer.from(sum, 'latin1')]) };
}
