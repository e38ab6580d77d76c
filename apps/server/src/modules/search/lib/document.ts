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
 * Words of the texts plus Chinese character bigrams and, when `full`, full pinyin and initials and each Chinese
 * character (marked, `hanChars`: a field search or a title search for one character).
 */
function tokens(v: Texts, full = true): string[] {
  const out: string[] = [];
  for (const text of list(v)) {
    const ws = words(text);
    out.push(...ws.map((w) => w.text), ...hanBigrams(text));
    if (full) out.push(...pinyinTokens(ws), ...hanChars(text));
  }
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

/** The weighted tsvector of a document, for an INSERT/UPDATE of the record's `search` column. */
export function searchVectorSql(doc: SearchDocument): SQL {
  return sql`(setweight(to_tsvector('simple', ${doc.A}), 'A') || setweight(to_tsvector('simple', ${doc.B}), 'B') || setweight(to_tsvector('simple', ${doc.C}), 'C') || setweight(to_tsvector('simple', ${doc.D}), 'D'))`;
}
