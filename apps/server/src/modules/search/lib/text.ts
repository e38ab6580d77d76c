/**
 * Text → search tokens, shared by the document builder and the query parser so both sides always
 * normalise the same way (a query only finds what the document stored in the same shape).
 */

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
  for (const seg of segmenter.segment(normalize(text))) {
    if (!seg.isWordLike) continue;
    // A segment may mix scripts (e.g. 'java编程' in some ICU versions): split Han runs from the rest.
    for (const part of seg.segment.match(/\p{Script=Han}+|[^\p{Script=Han}]+/gu) ?? []) {
      const clean = part.replace(NOT_WORD, '');
      if (!clean) continue;
      const han = HAN.test(clean);
      if (han && !HAS_ZH_DICTIONARY) for (const b of bigrams(clean)) out.push({ text: b, han });
      else out.push({ text: clean, han });
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
  for (const run of normalize(text).match(/\p{Script=Han}{2,}/gu) ?? []) out.push(...bigrams(run));
  return out;
}
