import { isUtf8 } from 'node:buffer';
import {
  isControlTag,
  type MarcErrorCode,
  type MarcField,
  type MarcReadResult,
  type MarcWarningCode,
} from '@shuyuan/contracts/marc/record';
import { marc8ToUnicode } from './marc8.ts';

export interface DecodeOptions {
  /** 'auto' (default) decides per record, see chooseCharset; the others force one encoding. */
  charset?: 'auto' | 'utf8' | 'marc8' | 'gb18030';
}

const FT = 0x1e; // field terminator
const SF = 0x1f; // subfield delimiter

class RecordError extends Error {
  constructor(
    readonly code: MarcErrorCode,
    detail: string,
  ) {
    super(detail);
  }
}

function num(bytes: Uint8Array, from: number, len: number): number {
  let n = 0;
  for (let i = from; i < from + len; i++) {
    const d = bytes[i] - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/**
 * Decodes one record: `bytes` runs from the leader to the record terminator inclusive. Structural faults
 * (the ones that make field boundaries unknowable or the text untrustworthy) reject the record with a
 * code; values that MARC fixes anyway (leader/10-11, 20-23) are repaired and reported as a warning.
 */
export function decodeRecord(bytes: Buffer, index: number, offset: number, opts: DecodeOptions = {}): MarcReadResult {
  try {
    const warnings: MarcWarningCode[] = [];
    const record = decode(bytes, warnings, opts.charset ?? 'auto');
    return { ok: true, index, offset, record, warnings };
  } catch (e) {
    if (!(e instanceof RecordError)) throw e;
    return { ok: false, index, offset, code: e.code, detail: e.message };
  }
}

function decode(bytes: Buffer, warnings: MarcWarningCode[], charset: NonNullable<DecodeOptions['charset']>) {
  const size = bytes.length;
  if (size < 26) throw new RecordError('TRUNCATED_RECORD', `record of ${size} bytes is shorter than a leader`);
  const length = num(bytes, 0, 5);
  const base = num(bytes, 12, 5);
  if (length < 0) throw new RecordError('BAD_LEADER', 'leader/0-4 (record length) is not a number');
  if (base < 0) throw new RecordError('BAD_LEADER', 'leader/12-16 (base address) is not a number');
  if (length !== size) {
    // Some systems count the record's lengths in characters, not bytes (UTF-8): yaz recovers those, so do we.
    const chars = byCharacters(bytes, length, base, warnings);
    if (chars) return chars;
    throw new RecordError('RECORD_LENGTH_MISMATCH', `leader says ${length} bytes, record terminator after ${size}`);
  }
  if (base < 25 || base > size - 1 || bytes[base - 1] !== FT) {
    throw new RecordError('BAD_BASE_ADDRESS', `base address ${base} is not right after the directory`);
  }
  const dirLen = base - 1 - 24;
  if (dirLen % 12 !== 0) throw new RecordError('BAD_DIRECTORY', `directory of ${dirLen} bytes is not entries of 12`);

  let leader = bytes.toString('latin1', 0, 24);
  const fixed = `${leader.slice(0, 10)}22${leader.slice(12, 20)}4500`;
  if (fixed !== leader || /[^\x20-\x7e]/.test(leader)) {
    // UNIMARC leaves leader/23 undefined ("450 "): normal there, so fixed silently.
    if (fixed.slice(0, 23) !== leader.slice(0, 23) || /[^\x20-\x7e]/.test(leader)) warnings.push('LEADER_REPAIRED');
    leader = fixed.replace(/[^\x20-\x7e]/g, ' ');
  }
  const cs = chooseCharset(bytes, base, leader[9], charset, warnings);
  if (cs === 'utf8' && !isUtf8(bytes.subarray(base, size - 1))) {
    throw new RecordError('INVALID_UTF8', 'leader/9 is "a" (UTF-8) but the data is not valid UTF-8');
  }
  leader = `${leader.slice(0, 9)}a${leader.slice(10)}`; // the text is Unicode from here on

  const fields: MarcField[] = [];
  let unmapped = 0;
  const text = (from: number, to: number): string => {
    if (cs === 'utf8') return bytes.toString('utf8', from, to);
    if (cs === 'gb18030') return GB18030.decode(bytes.subarray(from, to));
    const r = marc8ToUnicode(bytes, from, to);
    unmapped += r.unmapped;
    return r.text;
  };
  for (let e = 24; e < base - 1; e += 12) {
    const tag = bytes.toString('latin1', e, e + 3);
    const len = num(bytes, e + 3, 4);
    const at = num(bytes, e + 7, 5);
    if (len < 0 || at < 0) throw new RecordError('BAD_DIRECTORY', `entry ${(e - 24) / 12} (tag ${tag}) is not numeric`);
    const from = base + at;
    const to = from + len - 1; // index of the field terminator
    if (len < 1 || to > size - 2) {
      throw new RecordError('FIELD_OUT_OF_BOUNDS', `field ${tag} at ${at}+${len} runs past the record`);
    }
    if (bytes[to] !== FT) throw new RecordError('FIELD_LENGTH_MISMATCH', `field ${tag} does not end at ${at}+${len}`);
    if (isControlTag(tag)) {
      fields.push({ tag, value: text(from, to) });
      continue;
    }
    fields.push(cs === 'marc8' ? dataField(tag, from, to, bytes, text) : splitField(tag, text(from, to)));
  }
  if (unmapped) warnings.push('MARC8_UNMAPPED');
  return { leader, fields };
}

/**
 * A UTF-8 record whose leader length, base address and directory count characters (code points) instead of
 * bytes: read by character positions when every one of them agrees, with a LENGTHS_IN_CHARACTERS warning.
 */
function byCharacters(bytes: Buffer, length: number, base: number, warnings: MarcWarningCode[]) {
  if (!isUtf8(bytes)) return null;
  const c = Array.from(bytes.toString('utf8'));
  if (c.length !== length || base < 25 || base > c.length - 1 || c[base - 1] !== '\x1e') return null;
  if ((base - 25) % 12 !== 0) return null;
  const str = (from: number, to: number) => c.slice(from, to).join('');
  const fields: MarcField[] = [];
  for (let e = 24; e < base - 1; e += 12) {
    const tag = str(e, e + 3);
    const len = Number(str(e + 3, e + 7));
    const at = Number(str(e + 7, e + 12));
    if (!Number.isInteger(len) || !Number.isInteger(at) || len < 1) return null;
    const to = base + at + len - 1;
    if (to > c.length - 2 || c[to] !== '\x1e') return null;
    const text = str(base + at, to);
    fields.push(isControlTag(tag) ? { tag, value: text } : splitField(tag, text));
  }
  warnings.push('LENGTHS_IN_CHARACTERS');
  const leader = str(0, 24).replace(/[^\x20-\x7e]/g, ' ');
  return { leader: `${leader.slice(0, 9)}a${leader.slice(10, 20)}4500`, fields };
}

function dataField(tag: string, from: number, to: number, bytes: Buffer, text: (a: number, b: number) => string) {
  // Indicators are the bytes before the first delimiter (normally 2); missing ones become blanks.
  const first = bytes.indexOf(SF, from);
  const indEnd = first < 0 || first > to ? to : first;
  const ind = bytes.toString('latin1', from, Math.min(indEnd, from + 2)).padEnd(2, ' ');
  const subfields: { code: string; value: string }[] = [];
  let p = indEnd;
  while (p < to) {
    let next = bytes.indexOf(SF, p + 1);
    if (next < 0 || next > to) next = to;
    if (next > p + 1) {
      // The code is one character, which in bad records may itself be multibyte: decode, then split.
      subfields.push(subfield(text(p + 1, next)));
    }
    p = next;
  }
  return { tag, ind1: clean(ind[0]), ind2: clean(ind[1]), subfields };
}

/**
 * UTF-8 and GB18030 fast path: one decode per field, then split on the delimiter (0x1F never occurs
 * inside a multibyte sequence of either). MARC-8 cannot do this: its escape state restarts per subfield.
 */
function splitField(tag: string, decoded: string) {
  const parts = decoded.split('\x1f');
  const ind = parts[0];
  const subfields: { code: string; value: string }[] = [];
  for (let i = 1; i < parts.length; i++) if (parts[i]) subfields.push(subfield(parts[i]));
  return { tag, ind1: clean(ind[0] ?? ' '), ind2: clean(ind[1] ?? ' '), subfields };
}

/** The code is one character, which in bad records may itself be outside the BMP. */
function subfield(s: string) {
  const cut = (s.codePointAt(0) ?? 0) > 0xffff ? 2 : 1;
  return { code: s.slice(0, cut), value: s.slice(cut) };
}

const clean = (c: string) => (c >= ' ' && c <= '~' ? c : ' ');

const DESIGNATE = new Set([0x28, 0x2c, 0x24, 0x29, 0x2d]); // ( , $ ) -
const SHORTCUT = new Set([0x62, 0x67, 0x70, 0x73]); // b g p s

/** An ISO 2022 escape of MARC-8 (G0/G1 designations, Greek/sub/superscript shortcuts) in the data. */
function hasMarc8Escape(data: Uint8Array): boolean {
  for (let i = data.indexOf(0x1b); i >= 0 && i + 1 < data.length; i = data.indexOf(0x1b, i + 1)) {
    const n = data[i + 1];
    if (SHORTCUT.has(n) || (DESIGNATE.has(n) && i + 2 < data.length && data[i + 2] >= 0x20 && data[i + 2] <= 0x7e))
      return true;
  }
  return false;
}

const GB18030 = new TextDecoder('gb18030');
const GB18030_STRICT = new TextDecoder('gb18030', { fatal: true });

/**
 * leader/9 'a' = UTF-8. Otherwise MARC-8, with two exceptions seen in real files: data that is valid
 * UTF-8 (CNMARC/UNIMARC exports leave leader/9 blank), and UNIMARC records (a 200, no 245) in GB18030/GBK,
 * the encoding of most Chinese CNMARC files. Any MARC-8 escape (ESC) means MARC-8.
 */
function chooseCharset(
  bytes: Buffer,
  base: number,
  l9: string,
  charset: string,
  warnings: MarcWarningCode[],
): 'utf8' | 'marc8' | 'gb18030' {
  if (charset !== 'auto') return charset as 'utf8' | 'marc8' | 'gb18030';
  const data = bytes.subarray(base, bytes.length - 1);
  if (l9 === 'a') {
    // MARC-8 labelled as UTF-8: its escapes to other character sets (ESC ( ,  ESC $1 …) are plain ASCII, so the
    // bytes pass as UTF-8 and would import as "$1!P(!0>" mojibake. Decoded as MARC-8, with a warning.
    if (hasMarc8Escape(data)) {
      warnings.push('CHARSET_MARC8_DETECTED');
      return 'marc8';
    }
    return 'utf8';
  }
  let high = false;
  for (let i = 0; i < data.length; i++) {
    const b = data[i];
    if (b === 0x1b) return 'marc8';
    if (b >= 0x80) high = true;
  }
  if (!high) return 'marc8';
  if (isUtf8(data)) {
    warnings.push('CHARSET_ASSUMED_UTF8');
    return 'utf8';
  }
  let has200 = false;
  let has245 = false;
  for (let e = 24; e + 3 <= base - 1; e += 12) {
    const tag = bytes.toString('latin1', e, e + 3);
    if (tag === '200') has200 = true;
    if (tag === '245') has245 = true;
  }
  if (has200 && !has245) {
    try {
      GB18030_STRICT.decode(data);
      warnings.push('CHARSET_ASSUMED_GB18030');
      return 'gb18030';
    } catch {
      // not GB18030 either: fall through to MARC-8
    }
  }
  return 'marc8';
}
