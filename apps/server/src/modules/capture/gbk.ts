/**
 * Text → GB18030 bytes for Z39.50 terms sent to Chinese servers that expect GBK. Node decodes GB18030 but does
 * not encode it, so the two-byte table is built once by decoding every two-byte code; characters outside it
 * (rare, four-byte codes) become '?'.
 */
let table: Map<string, number> | null = null;

function twoByteTable(): Map<string, number> {
  const dec = new TextDecoder('gb18030');
  const map = new Map<string, number>();
  for (let hi = 0x81; hi <= 0xfe; hi++) {
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      if (lo === 0x7f) continue;
      const ch = dec.decode(Uint8Array.of(hi, lo));
      if (ch.length === 1 && ch !== '\uFFFD' && !map.has(ch)) map.set(ch, (hi << 8) | lo);
    }
  }
  return map;
}

export function encodeGb18030(s: string): Buffer {
  table ??= twoByteTable();
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0x3f;
    if (c < 0x80) out.push(c);
    else {
      const code = table.get(ch);
      if (code === undefined) out.push(0x3f);
      else out.push(code >> 8, code & 0xff);
    }
  }
  return Buffer.from(out);
}
