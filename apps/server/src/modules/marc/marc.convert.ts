import { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import type { CatalogueFields } from '@shuyuan/contracts/marc/mapping';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';

/** A message key with its parameters, translated late (preview: caller's language; import: starter's). */
export interface Msg {
  key: string;
  params?: Record<string, unknown>;
}

export type Converted = { ok: true; row: RecordCreate; warnings: Msg[] } | { ok: false; errors: Msg[] };

// Over-long values are cut to the record's limits rather than refusing the record: the full text stays in
// the stored MARC, and a 5,001-character summary should not cost a librarian the book.
const cut = (v: string | null, max: number) => (v ?? '').slice(0, max);
/**
 * The number of pages of an extent ("xii, 345 p.", "345页", "[8], 120 leaves"): the largest number followed by a
 * page unit, or a bare number. "3 v." (volumes) and "1 videodisc" are not page counts.
 */
export function pageCount(v: string | null): number | undefined {
  const text = (v ?? '').trim();
  if (/^\d+$/.test(text)) return Number(text);
  let best: number | undefined;
  for (const m of text.matchAll(/(\d+)\s*(?:p\b|pp\b|pages?\b|leaves\b|ff?\.|页|頁|面)/giu)) {
    const n = Number(m[1]);
    if (best === undefined || n > best) best = n;
  }
  return best;
}

/** Mapped MARC fields → the catalogue's record input, validated by the same contract as the record form. */
export function toRecordCreate(record: MarcRecord, f: CatalogueFields): Converted {
  const warnings: Msg[] = [];
  if (f.isbn && !f.isbnValid) warnings.push({ key: 'marc.isbnDropped', params: { isbn: f.isbn } });
  const year = /\d{4}/.exec(f.year ?? '');
  const pages = pageCount(f.pages);
  const input = {
    title: cut(f.title, 500),
    parallelTitle: cut(f.parallelTitle, 500),
    author: cut(f.author, 500),
    responsibility: cut(f.responsibility, 500),
    edition: cut(f.edition, 100),
    publisher: cut(f.publisher, 200),
    pubPlace: cut(f.place, 100),
    pubYear: year ? Number(year[0]) : undefined,
    isbn: f.isbnValid ? (f.isbn ?? '') : '',
    issn: cut(f.issn, 20),
    classNo: cut(f.classification, 60),
    price: f.price === null ? undefined : f.price / 100,
    language: cut(f.language, 20),
    pages: pages !== undefined && pages <= 100000 ? pages : undefined,
    series: cut(f.series, 500),
    subjects: f.subjects.slice(0, 50).map((s) => s.slice(0, 200)),
    summary: cut(f.summary, 5000),
    readingLevel: cut(f.readingLevel, 50),
    marc: record,
  };
  const r = RecordCreate.safeParse(input);
  if (!r.success) return { ok: false, errors: r.error.issues.map((i) => ({ key: i.message })) };
  return { ok: true, row: r.data, warnings };
}
