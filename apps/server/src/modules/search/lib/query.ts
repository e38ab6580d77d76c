import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { HAN_CHAR_MARK, hanBigrams, hanSpellings, words } from './text.ts';

/** A user's search text, parsed once and turned into SQL by `searchWhere` / `searchRank`. */
export interface ParsedQuery {
  /** Tokens after the same normalisation as the document. */
  terms: string[];
  /** Text for `to_tsquery('simple', …)`: all terms ANDed. */
  tsquery: string;
  /** The same terms restricted to title lexemes (weight A), to rank title hits first. */
  titleTsquery: string;
  /** For 1–2 character queries: the text matched inside the title by ILIKE/trigram as well. */
  short: string | null;
  /** `short` in every script it may be written in (梦 → 梦, 夢): titles keep their own script. */
  shortSpellings: string[];
  /** Number of characters typed (letters, digits, Han), spaces and punctuation not counted. */
  length: number;
  /** One Chinese character typed alone: its marked lexeme (`hanChars`), without a weight; else null. */
  char: string | null;
  /** The terms restricted to lexemes of the given weights, e.g. 'B' for a search in the author field. */
  weighted(weights: string): string;
}

/**
 * Rules: terms are ANDed; the last term is a prefix (the user is still typing, and 'hlm' must find
 * 红楼梦人物论 whose initials token is 'hlmrwl'); Chinese terms are always prefixes, because a phrase
 * typed alone may segment shorter than inside a title (红楼 vs 红楼梦). Query text goes through the
 * same segmenter as documents, so 红楼梦研究 is looked up as 红楼梦 & 研究; a Chinese word of 3+
 * characters also matches when all its character bigrams are in the document.
 */
export function parseSearchQuery(text: string): ParsedQuery | null {
  let ws = words(text);
  if (!ws.length) return null;
  // Two Chinese characters typed alone segment into two single characters (no context), yet every pair of
  // a document's Chinese text is a lexeme (character bigrams): look the pair up as one word.
  const pair = ws.map((w) => w.text).join('');
  if (ws.every((w) => w.han) && [...pair].length === 2) ws = [{ text: pair, han: true }];
  const lexeme = (text: string, prefix: boolean, weight: string) =>
    prefix || weight ? `'${text}':${prefix ? '*' : ''}${weight}` : `'${text}'`;
  const joined = ws.map((w) => w.text).join('');
  const short = [...joined].length <= 2 ? joined : null;
  const operand = (w: { text: string; han: boolean }, i: number, weight: string) => {
    // A lone character typed alone is found inside titles by ILIKE; as a prefix it would also hit every
    // bigram starting with it (梦 → 梦人 of 红楼梦人物论) and skew the ranking.
    const lone = short !== null && w.han && [...w.text].length === 1;
    const word = lexeme(w.text, !lone && (w.han || i === ws.length - 1), weight);
    if (!w.han || [...w.text].length < 3) return word;
    // The document's segmentation of the same characters may differ: accept all its bigrams instead.
    return `(${word} | ${hanBigrams(w.text)
      .map((b) => lexeme(b, false, weight))
      .join(' & ')})`;
  };
  return {
    terms: ws.map((w) => w.text),
    tsquery: ws.map((w, i) => operand(w, i, '')).join(' & '),
    titleTsquery: ws.map((w, i) => operand(w, i, 'A')).join(' & '),
    short,
    shortSpellings: short ? (hanSpellings(short) ?? [short]) : [],
    length: [...joined].length,
    char: ws.length === 1 && ws[0].han && [...joined].length === 1 ? `${HAN_CHAR_MARK}${joined}` : null,
    weighted: (weights) => ws.map((w, i) => operand(w, i, weights)).join(' & '),
  };
}

export interface SearchColumns {
  /** The record's weighted tsvector column. */
  vector: SQLWrapper;
  /** The title column, for the short-query trigram/ILIKE fallback. */
  title: SQLWrapper;
}

/** `%x%` for ILIKE; short queries are letters and digits only, but escape anyway. */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The title contains the short query in one of its spellings (traditional or simplified). */
const titleHas = (title: SQLWrapper, q: ParsedQuery) =>
  sql`(${sql.join(
    q.shortSpellings.map((s) => sql`${title} ilike ${contains(s)}`),
    sql` or `,
  )})`;

/** The document holds the Chinese character `q.char` in the fields of `weights` (candidates: see `hanChars`). */
const charMatch = (vector: SQLWrapper, char: string, weights: string) =>
  sql`${vector} @@ to_tsquery('simple', ${`'${char}':${weights}`})`;

/**
 * Matches the document, or — for a 1-character query, where a word index cannot find a character inside a
 * word (梦 in 红楼梦) — the title containing it. A Chinese character finds its candidate titles through its marked
 * lexeme (`hanChars`) and only those are read; a Latin letter or digit typed alone reads the titles (pg_trgm's GIN
 * index serves ILIKE from 3 characters only), and finds most of the catalogue anyway.
 */
export function searchWhere(c: SearchColumns, q: ParsedQuery): SQL {
  const ts = sql`${c.vector} @@ to_tsquery('simple', ${q.tsquery})`;
  // Two characters are found by the index: every Chinese pair of a title is a lexeme (character bigrams), and a
  // Latin pair is a word prefix. Only a single character has to be looked for inside the titles.
  if (!q.short || q.length > 1) return ts;
  if (q.char) return sql`(${ts} or (${charMatch(c.vector, q.char, 'A')} and ${titleHas(c.title, q)}))`;
  return sql`(${ts} or ${titleHas(c.title, q)})`;
}

/**
 * A search in one field (title, author, publisher): the field must contain the text (ILIKE on `columns`, the
 * truth), and from 2 characters on the document's lexemes of that field's `weights` must match too, so the GIN
 * index narrows the rows first instead of every title or author being read. Words are matched from their start
 * (`Row` finds Rowling, not Harrow); a single character is looked for inside the field (one pass over it).
 */
export function fieldWhere(vector: SQLWrapper, columns: SQLWrapper[], text: string, weights: string): SQL {
  // Fields keep their record's script: Chinese text is looked for in each spelling (與/与); with too many
  // spellings to list, the folded lexemes of the field alone decide.
  const spellings = /\p{Script=Han}/u.test(text) ? hanSpellings(text.trim()) : [text.trim()];
  const inField = spellings?.length
    ? sql.join(
        columns.flatMap((c) => spellings.map((s) => sql`${c} ilike ${contains(s)}`)),
        sql` or `,
      )
    : null;
  const q = parseSearchQuery(text);
  // A Chinese character: the index narrows to the documents holding it in the field (`hanChars`), ILIKE decides.
  if (q?.char && inField) return sql`(${charMatch(vector, q.char, weights)} and (${inField}))`;
  if (!q || q.length < 2) return sql`(${inField ?? sql`false`})`;
  const match = sql`${vector} @@ to_tsquery('simple', ${q.weighted(weights)})`;
  return inField ? sql`(${match} and (${inField}))` : sql`(${match})`;
}

/**
 * Higher is better. A title hit adds 1, so every title hit ranks above every non-title hit; within a
 * group ts_rank (normalised to 0..1 by option 32) orders by weight and frequency; short queries add
 * trigram similarity and a little for a short title, so 梦 ranks 梦 above 红楼梦 above 红楼梦人物论.
 */
export function searchRank(c: SearchColumns, q: ParsedQuery): SQL {
  const titleHit = q.short
    ? sql`(${c.vector} @@ to_tsquery('simple', ${q.titleTsquery}) or ${titleHas(c.title, q)})`
    : sql`${c.vector} @@ to_tsquery('simple', ${q.titleTsquery})`;
  const rank = sql`(case when ${titleHit} then 1 else 0 end + ts_rank(${c.vector}, to_tsquery('simple', ${q.tsquery}), 32))`;
  // pg_trgm scores nothing for a lone CJK character, so among equal hits the shorter title wins.
  return q.short ? sql`(${rank} + similarity(${c.title}, ${q.short}) + 0.1 / (1 + char_length(${c.title})))` : rank;
}
