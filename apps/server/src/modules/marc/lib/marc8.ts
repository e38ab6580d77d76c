import { MARC8_SETS } from './marc8-table.data.ts';

/**
 * MARC-8 → Unicode (MARC 21 Specifications, "Character Sets"). G0 starts as Basic Latin (ASCII), G1 as
 * ANSEL (Extended Latin); escape sequences switch either to another set, including the 3-byte EACC set
 * (0x31) used for Chinese, Japanese and Korean. MARC-8 puts combining diacritics BEFORE their base
 * letter and Unicode after it, so marks are held back until the next spacing character, and the result
 * is NFC-normalised so that converted text compares equal to text that arrived as UTF-8.
 */

const EACC = 0x31;
const BASIC_LATIN = 0x42;
const ANSEL = 0x45;

interface Entry {
  ch: string;
  comb: boolean;
}
let table: Map<number, Entry> | null = null;

/** Decodes the generated table once, on the first MARC-8 record (most files never need it). */
function getTable(): Map<number, Entry> {
  if (table) return table;
  table = new Map();
  for (const [setKey, data] of Object.entries(MARC8_SETS)) {
    const set = Number(setKey);
    let marc = 0;
    for (const item of data.split(',')) {
      const dot = item.indexOf('.');
      marc += Number.parseInt(item.slice(0, dot), 36);
      const comb = item.endsWith('*');
      const ucs = Number.parseInt(comb ? item.slice(dot + 1, -1) : item.slice(dot + 1), 36);
      table.set(set * 0x1000000 + marc, { ch: String.fromCodePoint(ucs), comb });
    }
  }
  return table;
}

export interface Marc8Result {
  text: string;
  /** number of codes that had no mapping (each became U+FFFD) */
  unmapped: number;
}

/** Converts one field's bytes (without terminators). */
export function marc8ToUnicode(bytes: Uint8Array, start = 0, end = bytes.length): Marc8Result {
  const map = getTable();
  let g0 = BASIC_LATIN;
  let g1 = ANSEL;
  let out = '';
  let pending = ''; // combining marks waiting for their base character
  let unmapped = 0;
  let sawCombining = false;
  const emit = (e: Entry | undefined) => {
    if (!e) {
      unmapped++;
      out += `\uFFFD${pending}`;
      pending = '';
    } else if (e.ch === '\uFE21' || e.ch === '\uFE23') {
      // Right halves of MARC-8 double diacritics: Unicode's U+0361/U+0360 already span both letters,
      // so the half marks are dropped (as yaz does) instead of leaving stray U+FE2x in titles.
    } else if (e.comb) {
      pending += e.ch;
      sawCombining = true;
    } else {
      out += e.ch + pending;
      pending = '';
    }
  };
  let i = start;
  while (i < end) {
    const b = bytes[i];
    if (b === 0x1b) {
      i = readEscape(bytes, i, end, (set, isG1) => {
        if (isG1) g1 = set;
        else g0 = set;
      });
      continue;
    }
    // Spaces and controls are single bytes even while a multibyte set is in G0.
    if (b <= 0x20) {
      out += String.fromCharCode(b) + pending;
      pending = '';
      i++;
      continue;
    }
    if (b >= 0x80 && b < 0xa0) {
      // C1 range: only the ANSEL joiners (0x88, 0x89, 0x8D, 0x8E) exist; other bytes are dropped.
      const e = map.get(ANSEL * 0x1000000 + b);
      if (e) emit(e);
      i++;
      continue;
    }
    const set = b < 0x80 ? g0 : g1;
    if (set === EACC) {
      if (i + 3 > end) {
        unmapped++;
        break;
      }
      const code = ((bytes[i] & 0x7f) << 16) | ((bytes[i + 1] & 0x7f) << 8) | (bytes[i + 2] & 0x7f);
      emit(map.get(EACC * 0x1000000 + code));
      i += 3;
      continue;
    }
    if (set === BASIC_LATIN && b < 0x80) {
      out += String.fromCharCode(b) + pending;
      pending = '';
    } else {
      emit(map.get(set * 0x1000000 + (b & 0x7f)) ?? map.get(set * 0x1000000 + b));
    }
    i++;
  }
  out += pending;
  return { text: sawCombining ? out.normalize('NFC') : out, unmapped };
}

/**
 * Reads an escape sequence at i and reports the designated set; returns the index after it. ESC s
 * (ASCII default) and the technique-1 sets (ESC g, b, p) designate G0. An unknown or cut-off sequence
 * is skipped by one byte, so the rest of the field still converts.
 */
function readEscape(bytes: Uint8Array, i: number, end: number, set: (code: number, isG1: boolean) => void): number {
  const a = bytes[i + 1];
  if (a === undefined || i + 1 >= end) return i + 1;
  if (a === 0x73) {
    set(BASIC_LATIN, false);
    return i + 2;
  }
  if (a === 0x67 || a === 0x62 || a === 0x70) {
    set(a, false);
    return i + 2;
  }
  if (a === 0x28 || a === 0x2c || a === 0x29 || a === 0x2d) {
    if (i + 2 >= end) return end;
    set(bytes[i + 2], a === 0x29 || a === 0x2d);
    return i + 3;
  }
  if (a === 0x24) {
    const b = bytes[i + 2];
    if (i + 2 >= end) return end;
    if (b === 0x2c || b === 0x29 || b === 0x2d) {
      if (i + 3 >= end) return end;
      set(bytes[i + 3], b !== 0x2c);
      return i + 4;
    }
    set(b, false); // ESC $ 1: EACC into G0
    return i + 3;
  }
  return i + 1;
}
