/**
 * Charsets a self-check machine may speak. UTF-8 is the default; many Chinese machines send GBK. Node decodes
 * GBK with the built-in TextDecoder('gbk') (WHATWG: the GB18030 decoder), but has no GBK encoder, so we build the
 * reverse table once, lazily, from the decoder itself (all two-byte codes) instead of adding a dependency.
 * Characters GBK cannot express (outside the two-byte table) are sent as '?'.
 */
export type SipCharset = 'utf-8' | 'gbk';

const utf8 = new TextDecoder('utf-8');
const utf8Strict = new TextDecoder('utf-8', { fatal: true });
const gbk = new TextDecoder('gbk');
const encoder = new TextEncoder();

let gbkTable: Map<number, number> | undefined;

function gbkReverse(): Map<number, number> {
  if (gbkTable) return gbkTable;
  const table = new Map<number, number>();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const s = gbk.decode(pair);
      const cp = s.codePointAt(0)!;
      // One character, not the replacement character, and the first code wins (GBK has a few duplicates).
      if (s.length === 1 && cp !== 0xfffd && cp >= 0x80 && !table.has(cp)) table.set(cp, (lead << 8) | trail);
    }
  }
  gbkTable = table;
  return table;
}

export function decode(bytes: Uint8Array, charset: SipCharset): string {
  return charset === 'gbk' ? gbk.decode(bytes) : utf8.decode(bytes);
}

/** Before login the account (and so its charset) is unknown: strict UTF-8 first, else GBK. */
export function decodeGuess(bytes: Uint8Array): string {
  try {
    return utf8Strict.decode(bytes);
  } catch {
    return gbk.decode(bytes);
  }
}

export function encode(text: string, charset: SipCharset): Buffer {
  if (charset !== 'gbk') return Buffer.from(encoder.encode(text));
  const table = gbkReverse();
  const out: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) out.push(cp);
    else {
      const code = table.get(cp);
      if (code === undefined) out.push(0x3f);
      else out.push(code >> 8, code & 0xff);
    }
  }
  return Buffer.from(out);
}
