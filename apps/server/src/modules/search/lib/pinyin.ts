import { pinyin } from 'pinyin-pro';
import type { Word } from './text.ts';

/** At most this many words are joined from one start, so a long summary cannot blow up the document. */
const MAX_JOIN = 8;

/**
 * Words repeat across a catalogue (出版社, 人民, 文学…) and pinyin-pro is the slowest step of building a
 * document, so syllables are memoised; the cache is dropped whole when full to bound memory.
 */
const cache = new Map<string, string[]>();
const CACHE_MAX = 50_000;

/** Toneless syllables of a Chinese word; pinyin-pro resolves polyphones from the word (重庆 → chong qing). */
export function syllables(word: string): string[] {
  let s = cache.get(word);
  if (!s) {
    s = pinyin(word, { toneType: 'none', type: 'array', v: true }).map((p) => p.replace(/[^a-z]/g, ''));
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(word, s);
  }
  return s;
}

/**
 * Pinyin tokens of a field's words. For each run of consecutive Chinese words (红楼梦 | 人物 | 论):
 * - every syllable (hong, lou, meng, ren, wu, lun) — so 'hong lou meng' typed with spaces matches;
 * - the joined pinyin and the initials starting at every word boundary (hongloumengrenwulun,
 *   renwulun, lun; hlmrwl, rwl, l) — so 'honglou' or 'hlm' (prefix) and 'rwl' (a later word) match.
 */
export function pinyinTokens(words: Word[]): string[] {
  const out: string[] = [];
  let run: string[][] = [];
  const flush = () => {
    for (let i = 0; i < run.length; i++) {
      const part = run.slice(i, i + MAX_JOIN);
      out.push(
        part.flat().join(''),
        part
          .flat()
          .map((s) => s[0] ?? '')
          .join(''),
      );
    }
    run = [];
  };
  for (const w of words) {
    if (!w.han) {
      flush();
      continue;
    }
    const syl = syllables(w.raw ?? w.text).filter(Boolean);
    out.push(...syl);
    run.push(syl);
  }
  flush();
  return out;
}
