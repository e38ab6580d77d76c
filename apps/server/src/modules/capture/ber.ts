/**
 * The small part of ASN.1 BER that Z39.50 needs (ITU-T X.690): definite lengths on output, tags of any number,
 * INTEGER, BOOLEAN, OCTET STRING, BIT STRING, NULL, OBJECT IDENTIFIER, and reading of one element at a time.
 */

export const UNIVERSAL = 0x00;
export const CONTEXT = 0x80;
const CONSTRUCTED = 0x20;

/** An encoded element. */
export type Ber = Buffer;

function tagBytes(cls: number, constructed: boolean, tag: number): number[] {
  const first = cls | (constructed ? CONSTRUCTED : 0);
  if (tag < 31) return [first | tag];
  const rest: number[] = [tag & 0x7f];
  for (let n = tag >>> 7; n > 0; n >>>= 7) rest.unshift(0x80 | (n & 0x7f));
  return [first | 0x1f, ...rest];
}

function lengthBytes(n: number): number[] {
  if (n < 0x80) return [n];
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v & 0xff);
  return [0x80 | out.length, ...out];
}

function element(cls: number, constructed: boolean, tag: number, content: Buffer): Ber {
  return Buffer.concat([Buffer.from([...tagBytes(cls, constructed, tag), ...lengthBytes(content.length)]), content]);
}

/** A constructed element: [tag] SEQUENCE-like, or an explicit tag around one element. */
export const cons = (tag: number, ...parts: (Ber | null | undefined)[]): Ber =>
  element(CONTEXT, true, tag, Buffer.concat(parts.filter((p): p is Ber => !!p)));
export const seq = (...parts: (Ber | null | undefined)[]): Ber =>
  element(UNIVERSAL, true, 16, Buffer.concat(parts.filter((p): p is Ber => !!p)));
/** EXTERNAL ([UNIVERSAL 8] IMPLICIT SEQUENCE): direct-reference OID, then the encoding. */
export const external = (...parts: Ber[]): Ber => element(UNIVERSAL, true, 8, Buffer.concat(parts));

function intContent(v: number): Buffer {
  const out: number[] = [];
  let n = v;
  do {
    out.unshift(n & 0xff);
    n = Math.floor(n / 256);
  } while (n > 0);
  if (out[0] & 0x80) out.unshift(0);
  return Buffer.from(out);
}

/** [tag] IMPLICIT INTEGER (non-negative: Z39.50 never sends negative numbers). */
export const int = (tag: number, v: number): Ber => element(CONTEXT, false, tag, intContent(v));
export const uint = (v: number): Ber => element(UNIVERSAL, false, 2, intContent(v));
export const bool = (tag: number, v: boolean): Ber => element(CONTEXT, false, tag, Buffer.from([v ? 0xff : 0]));
export const octets = (tag: number, v: Buffer | string): Ber =>
  element(CONTEXT, false, tag, typeof v === 'string' ? Buffer.from(v, 'utf8') : v);
export const nul = (tag: number): Ber => element(CONTEXT, false, tag, Buffer.alloc(0));

/** [tag] IMPLICIT BIT STRING with the given bits (0 = most significant bit of the first byte) set. */
export function bits(tag: number, set: number[], size: number): Ber {
  const bytes = Buffer.alloc(Math.ceil(size / 8));
  for (const b of set) bytes[b >> 3] |= 0x80 >> (b & 7);
  return element(CONTEXT, false, tag, Buffer.concat([Buffer.from([bytes.length * 8 - size]), bytes]));
}

function oidContent(oid: string): Buffer {
  const parts = oid.split('.').map(Number);
  const out: number[] = [parts[0] * 40 + parts[1]];
  for (const p of parts.slice(2)) {
    const sub: number[] = [p & 0x7f];
    for (let n = p >>> 7; n > 0; n >>>= 7) sub.unshift(0x80 | (n & 0x7f));
    out.push(...sub);
  }
  return Buffer.from(out);
}

/** OBJECT IDENTIFIER, universal or [tag] IMPLICIT. */
export const oid = (value: string, tag?: number): Ber =>
  tag === undefined ? element(UNIVERSAL, false, 6, oidContent(value)) : element(CONTEXT, false, tag, oidContent(value));

// ---- reading ----

export interface Node {
  cls: number;
  constructed: boolean;
  tag: number;
  content: Buffer;
}

export class BerError extends Error {}

/**
 * The length of the first complete element in `buf` (header + content), or 0 when more bytes are needed.
 * Indefinite lengths are read too (their end is the first 00 00 at the element's own level).
 */
export function completeLength(buf: Buffer, from = 0): number {
  const h = header(buf, from);
  if (!h) return 0;
  if (h.length >= 0) return buf.length >= h.start + h.length ? h.start + h.length - from : 0;
  let pos = h.start;
  for (;;) {
    if (pos + 2 > buf.length) return 0;
    if (buf[pos] === 0 && buf[pos + 1] === 0) return pos + 2 - from;
    const n = completeLength(buf, pos);
    if (!n) return 0;
    pos += n;
  }
}

function header(
  buf: Buffer,
  from: number,
): { cls: number; constructed: boolean; tag: number; start: number; length: number } | null {
  let pos = from;
  if (pos >= buf.length) return null;
  const first = buf[pos++];
  let tag = first & 0x1f;
  if (tag === 0x1f) {
    tag = 0;
    for (;;) {
      if (pos >= buf.length) return null;
      const b = buf[pos++];
      tag = tag * 128 + (b & 0x7f);
      if (!(b & 0x80)) break;
    }
  }
  if (pos >= buf.length) return null;
  let length = buf[pos++];
  if (length === 0x80) length = -1;
  else if (length & 0x80) {
    const n = length & 0x7f;
    if (n > 4) throw new BerError('length too large');
    if (pos + n > buf.length) return null;
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + buf[pos++];
  }
  return { cls: first & 0xc0, constructed: !!(first & CONSTRUCTED), tag, start: pos, length };
}

/** The elements one after another in `buf` (a constructed element's content). */
export function children(buf: Buffer): Node[] {
  const out: Node[] = [];
  let pos = 0;
  while (pos < buf.length) {
    if (buf[pos] === 0 && buf[pos + 1] === 0) break; // end of an indefinite-length content
    const n = completeLength(buf, pos);
    const h = header(buf, pos);
    if (!n || !h) throw new BerError('truncated element');
    const end = h.length >= 0 ? h.start + h.length : pos + n - 2;
    out.push({ cls: h.cls, constructed: h.constructed, tag: h.tag, content: buf.subarray(h.start, end) });
    pos += n;
  }
  return out;
}

export const readOne = (buf: Buffer): Node => {
  const [n] = children(buf.subarray(0, completeLength(buf)));
  if (!n) throw new BerError('empty');
  return n;
};

export function readInt(content: Buffer): number {
  let n = content[0] & 0x80 ? -1 : 0;
  for (const b of content) n = n * 256 + b;
  return n;
}

export function readOid(content: Buffer): string {
  const parts: number[] = [];
  let v = 0;
  for (const b of content) {
    v = v * 128 + (b & 0x7f);
    if (!(b & 0x80)) {
      if (!parts.length) parts.push(Math.min(Math.floor(v / 40), 2), v < 80 ? v % 40 : v - 80);
      else parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

/** An OCTET STRING's bytes, primitive or constructed (segments joined). */
export function readOctets(n: Node): Buffer {
  if (!n.constructed) return n.content;
  return Buffer.concat(children(n.content).map(readOctets));
}

/** The first child with a context tag. */
export const ctx = (nodes: Node[], tag: number) => nodes.find((n) => n.cls === CONTEXT && n.tag === tag);
