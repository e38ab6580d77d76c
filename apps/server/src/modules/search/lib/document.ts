import { type SQL, sql } from 'drizzle-orm';
import { isbnForms } from './isbn.ts';
import { pinyinTokens } from './pinyin.ts';
import { hanBigrams, hanChars, words } from './text.ts';

type Text = string | null | undefined;
type Texts = Text | Text[];

/** The fields of a catalogue record (or copy) that make its search document. */
export interface SearchFields {
  title?: Texts;
  /** Parallel title, other titles: weighted like the title. */
  otherTitles?: Texts;
  author?: Texts;
  subjects?: Texts;
  isbn?: Texts;
  publisher?: Texts;
  series?: Texts;
  callNumber?: Texts;
  classNumber?: Texts;
  /** Everything else worth finding (summary, edition, barcodes…): weight D. */
  other?: Texts;
}

/** Space-separated tokens per weight, ready for `to_tsvector('simple', …)`. */
export interface SearchDocument {
  A: string;
  B: string;
  C: string;
  D: string;
}

const list = (v: Texts): string[] => (Array.isArray(v) ? v : [v]).filter((s): s is string => !!s?.trim());

/**
 * The tokens of one text, memoised: a catalogue repeats its authors, publishers, places, subjects and series from
 * record to record, and segmenting (ICU) plus pinyin is most of an import's CPU per record. Only short texts are
 * kept (a summary seldom repeats), and the memo is dropped whole when full, so memory stays bounded.
 */
const memo = new Map<string, readonly string[]>();
const MEMO_MAX = 10_000;
const MEMO_TEXT_MAX = 200;

function textTokens(text: string, full: boolean): readonly string[] {
  const key = full ? text : `\u0000${text}`;
  const known = memo.get(key);
  if (known) return known;
  const ws = words(text);
  const out = [...ws.map((w) => w.text), ...hanBigrams(text)];
  if (full) out.push(...pinyinTokens(ws), ...hanChars(text));
  if (text.length <= MEMO_TEXT_MAX) {
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(key, out);
  }
  return out;
}

/**
 * Words of the texts plus Chinese character bigrams and, when `full`, full pinyin and initials and each Chinese
 * character (marked, `hanChars`: a field search or a title search for one character).
 */
function tokens(v: Texts, full = true): string[] {
  const out: string[] = [];
  for (const text of list(v)) out.push(...textTokens(text, full));
  return out;
}

const join = (parts: string[]) => [...new Set(parts)].join(' ');

/**
 * Weights: A title; B author, subjects, ISBN (both forms); C publisher, series; D call number,
 * class number and the rest. D gets no pinyin nor single characters: call and class numbers are codes, and
 * pinyin of a summary costs more import time than it finds (people type pinyin for titles and names).
 */
export function buildSearchDocument(f: SearchFields): SearchDocument {
  return {
    A: join([...tokens(f.title), ...tokens(f.otherTitles)]),
    B: join([
      ...tokens(f.author),
      ...tokens(f.subjects),
      ...list(f.isbn).flatMap((i) => isbnForms(i).map((s) => s.toLowerCase())),
    ]),
    C: join([...tokens(f.publisher), ...tokens(f.series)]),
    D: join([...tokens(f.callNumber, false), ...tokens(f.classNumber, false), ...tokens(f.other, false)]),
  };
}

/** Positions past this are all 16383 in a tsvector: such a document is left to the database. */
const MAX_POSITION = 16_383;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isHan = (c: number) =>
  (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff);

/**
 * A token `to_tsvector('simple', …)` keeps exactly as it is, as one lexeme: lower-case ASCII letters and digits, or
 * Chinese characters of the BMP (marked ones too, `hanChars`), at most 100 — except a digit-e-digit run, which the
 * parser may cut ('3e3e' → '3e3', 'e'). A loop over the codes: a regular expression per token cost more than the
 * rest of the vector.
 */
function safeLexeme(t: string): boolean {
  const n = t.length;
  if (!n || n > 100) return false;
  const first = t.charCodeAt(0);
  if (first === 0xff43 || isHan(first)) {
    if (n === 1 && first === 0xff43) return false;
    for (let i = 1; i < n; i++) if (!isHan(t.charCodeAt(i))) return false;
    return true;
  }
  for (let i = 0; i < n; i++) {
    const c = t.charCodeAt(i);
    if (isDigit(c)) continue;
    if (c < 97 || c > 122) return false;
    if (c === 101 && i > 0 && i + 1 < n && isDigit(t.charCodeAt(i - 1)) && isDigit(t.charCodeAt(i + 1))) return false;
  }
  return true;
}

/**
 * The text of the tsvector `searchVectorSql` computes (cast with `::tsvector`), built here: PostgreSQL's parser costs
 * far more per record than reading a tsvector literal (~90–200 µs against ~20 on the embedded database, a bulk
 * import's largest database cost). Each weight's tokens take the next positions, as `to_tsvector` numbers them and
 * `||` shifts the right operand past the left one's last position. Null when a token is not a `safeLexeme` (Latin
 * letters with marks, kana, Cyrillic…): the caller then computes the vector with `searchVectorSql`.
 */
export function searchVectorText(doc: SearchDocument): string | null {
  const entries: string[] = [];
  const at = new Map<string, number>();
  let last = 0;
  for (const [weight, text] of [
    ['A', doc.A],
    ['B', doc.B],
    ['C', doc.C],
    ['', doc.D],
  ] as const) {
    if (!text) continue;
    for (const token of text.split(' ')) {
      if (!token) continue;
      if (last >= MAX_POSITION || !safeLexeme(token)) return null;
      const position = `${++last}${weight}`;
      const i = at.get(token);
      if (i === undefined) {
        at.set(token, entries.length);
        entries.push(`'${token}':${position}`);
      } else entries[i] += `,${position}`;
    }
  }
  return entries.join(' ');
}

/** The weighted tsvector of a document, for an INSERT/UPDATE of the record's `search` column. */
export function searchVectorSql(doc: SearchDocument): SQL {
  return sql`(setweight(to_tsvector('simple', ${doc.A}), 'A') || setweight(to_tsvector('simple', ${doc.B}), 'B') || setweight(to_tsvector('simple', ${doc.C}), 'C') || setweight(to_tsvector('simple', ${doc.D}), 'D'))`;
}
