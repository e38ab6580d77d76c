/**
 * Text → search tokens, shared by the document builder and the query parser so both sides always
 * normalise the same way (a query only finds what the document stored in the same shape).
 */

import { HAN_FOLD_PAIRS } from './han-fold.data.ts';

// ICU word segmentation: Node 20's full-icu build ships the Chinese dictionary, so 红楼梦人物论 →
// 红楼梦 | 人物 | 论. Checked at load time; without it we fall back to overlapping character bigrams.
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
export const HAS_ZH_DICTIONARY = [...segmenter.segment('中华人民共和国')].length < 7;

const HAN = /\p{Script=Han}/u;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

export interface Word {
  text: string;
  /** True when the word is Chinese characters only (it gets pinyin). */
  han: boolean;
  /** The word in the text's own script (before folding traditional → simplified), read for its pinyin. */
  raw?: string;
}

/** Traditional (and variant) character → simplified, one code unit length for another (han-fold.data.ts). */
const FOLD = new Map<string, string>();
{
  const pairs = [...HAN_FOLD_PAIRS];
  for (let i = 0; i + 1 < pairs.length; i += 2) FOLD.set(pairs[i], pairs[i + 1]);
}
/** Simplified character → the traditional ones that fold to it (夢 for 梦), to look a character up in raw titles. */
const UNFOLD = new Map<string, string[]>();
for (const [t, s] of FOLD) UNFOLD.set(s, [...(UNFOLD.get(s) ?? []), t]);
/** The same table by UTF-16 code unit for the BMP (a lookup per character of every indexed text), and astral pairs. */
const FOLD_BMP = new Uint16Array(0x10000);
const FOLD_ASTRAL = new Map<string, string>();
for (const [t, s] of FOLD) {
  if (t.length === 1) FOLD_BMP[t.charCodeAt(0)] = s.charCodeAt(0);
  else FOLD_ASTRAL.set(t, s);
}

/**
 * Traditional Chinese folded to simplified, character by character (傲慢與偏見 → 傲慢与偏见), so both scripts are
 * one set of tokens in the index and in the query; the record's fields keep their own script. Never changes
 * the length of the text.
 */
export function foldHan(text: string): string {
  let codes: Uint16Array | null = null;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x3400) continue;
    if (code >= 0xd800 && code < 0xdc00) {
      // An astral character (surrogate pair) folds to another pair.
      const f = FOLD_ASTRAL.get(text.slice(i, i + 2));
      if (f) {
        codes ??= codesOf(text);
        codes[i] = f.charCodeAt(0);
        codes[i + 1] = f.charCodeAt(1);
      }
      i++;
    } else if (FOLD_BMP[code]) {
      codes ??= codesOf(text);
      codes[i] = FOLD_BMP[code];
    }
  }
  return codes ? new TextDecoder('utf-16le').decode(codes) : text;
}
const codesOf = (text: string) => {
  const a = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) a[i] = text.charCodeAt(i);
  return a;
};

/**
 * The spellings of a text in both scripts, for ILIKE on columns that keep their own script (梦 → 梦, 夢;
 * 與 → 与, 與); null when there would be more than `max`.
 */
export function hanSpellings(text: string, max = 8): string[] | null {
  let out = [''];
  for (const c of foldHan(text)) {
    const alts = [c, ...(UNFOLD.get(c) ?? [])];
    out = out.flatMap((p) => alts.map((a) => p + a));
    if (out.length > max) return null;
  }
  return out;
}

/**
 * Full-width → half-width (NFKC), Latin accents dropped (Gödel = godel, readers rarely type them),
 * lower case, and digits joined across hyphens so that 978-7-02-000220-7 and 9787020002207 are one
 * token wherever they appear.
 */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(?<=\d)[-‐‑–](?=[\dx])/gu, '');
}

function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length <= 2) return [run];
  const out: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

/**
 * Splits text into words: Chinese by the ICU dictionary, everything else at spaces and punctuation.
 * Each word keeps only letters and digits, so 'I242.4' becomes 'i2424' on both sides and the
 * PostgreSQL parser never splits a token we made.
 */
export function words(text: string): Word[] {
  const out: Word[] = [];
  const own = normalize(text);
  // Segmented in one script (traditional text then splits as simplified does); pinyin reads the own script at
  // the same positions (folding keeps lengths), so 乾隆 stays qian long.
  const folded = foldHan(own);
  for (const seg of segmenter.segment(folded)) {
    if (!seg.isWordLike) continue;
    // A segment may mix scripts (e.g. 'java编程' in some ICU versions): split Han runs from the rest.
    for (const m of seg.segment.matchAll(/\p{Script=Han}+|[^\p{Script=Han}]+/gu)) {
      const part = m[0];
      const clean = part.replace(NOT_WORD, '');
      if (!clean) continue;
      const han = HAN.test(clean);
      const at = seg.index + (m.index ?? 0);
      const raw = han ? own.slice(at, at + part.length).replace(NOT_WORD, '') : undefined;
      if (han && !HAS_ZH_DICTIONARY) for (const b of bigrams(clean)) out.push({ text: b, han });
      else out.push({ text: clean, han, raw });
    }
  }
  return out;
}

/**
 * Overlapping character pairs of every Han run (编程思想 → 编程 程思 思想). ICU's segmentation depends on
 * context (Java编程思想 → java 编 程 思想, but 编程 alone is one word), so documents also carry bigrams
 * and a Chinese query word of 3+ characters may match them instead (see query.ts).
 */
export function hanBigrams(text: string): string[] {
  const out: string[] = [];
  for (const run of foldHan(normalize(text)).match(/\p{Script=Han}{2,}/gu) ?? []) out.push(...bigrams(run));
  return out;
}

/**
 * Marks a lexeme as one Chinese character of a title (`ｃ梦`), so that a character typed alone is found through the
 * index inside any title (梦 in 红楼梦) instead of by reading every title. The mark is a full-width letter, which
 * NFKC turns into an ASCII one: no normalised word of a document or a query begins with it, so no prefix query
 * (`'梦':*`, `'c':*`) ever reaches these lexemes.
 */
export const HAN_CHAR_MARK = '\uff43';

/** Each Chinese character of the text once, folded to simplified and marked (红楼夢 → ｃ红 ｃ楼 ｃ梦). */
export function hanChars(text: string): string[] {
  const chars = foldHan(normalize(text)).match(/\p{Script=Han}/gu) ?? [];
  return [...new Set(chars)].map((c) => HAN_CHAR_MARK + c);
}
