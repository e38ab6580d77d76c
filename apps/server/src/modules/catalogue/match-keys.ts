import type { MatchKind } from '@shuyuan/contracts/catalogue/duplicates';
import type { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import { isControlField, isDataField, type MarcRecord } from '@shuyuan/contracts/marc/record';
import { normalizeIsbn, toIsbn13 } from '@shuyuan/contracts/marc/isbn';
import { asMarcRecord } from '../marc/lib/search-keywords.ts';
import { splitRole } from '../marc/marc.build.ts';

/**
 * Match keys: the identifiers by which two records describe the same edition (issue 14 §2). Stored per record
 * (`catalogue_record.match_keys`, copied by triggers into `record_match_key`) by every write, compared by the MARC
 * and Excel imports and listed by the duplicate check. Each key is `<kind>:<value>`, in the order a match is best explained by:
 * - `001:<agency>|<number>`: control number with its agency (003); without 003 a number means nothing outside
 *   its own system, so none. A record built by Shuyuan (no stored MARC) is exported with 001 = its id and 003 =
 *   `SHUYUAN_AGENCY`; `record_match_key` holds that key for it (migration 0026), so the export re-imported finds it.
 * - `035:(<agency>)<number>`: system control numbers; OCLC prefixes (ocm, ocn, on) and leading zeros dropped.
 * - `isbn:<ISBN-13>`: every valid ISBN of the record, ISBN-10 written as its ISBN-13 so both forms match.
 * - `issn:<8 characters>`.
 * - `tay:<title>|<author>|<year>`: normalised (full-width → half-width, case, punctuation, spaces, a leading
 *   article, an author's role and dates); Chinese text as it is otherwise. Only when all three are known.
 * Pure module (no database), so the import's worker thread computes them.
 */

/** 003 written into the MARC built for a record without stored MARC (its 001 is the record id). */
export const SHUYUAN_AGENCY = 'Shuyuan';

const ARTICLES =
  /^(?:the|an?|l'|le|la|les|un|une|des|der|die|das|den|dem|ein|eine|el|los|las|il|lo|gli|i|uno|una|o|os|as|de|het|een)\s+/u;

/** Case, full-width forms, punctuation and spaces: what two cataloguers may write differently. */
export function foldText(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A title for comparison: folded, without a leading article (Western titles), without spaces. */
export function titleKey(title: string): string {
  const t = foldText(title);
  return t.replace(ARTICLES, '').replace(/\s/gu, '') || t.replace(/\s/gu, '');
}

/** An author for comparison: the role ("著", "主编") and life dates left out, folded, without spaces. */
export function authorKey(author: string): string {
  const name = splitRole(author.normalize('NFKC').trim())[0];
  return foldText(name.replace(/\b\d{3,4}\??-(?:\d{3,4}\??)?/gu, '')).replace(/\s/gu, '');
}

/** "(OCoLC)ocm00012345" → "(OCoLC)12345"; other agencies keep their number, spaces dropped. */
export function normalize035(raw: string): string | null {
  const v = raw.normalize('NFKC').replace(/\s+/g, '');
  const m = /^\(([^)]+)\)(.+)$/.exec(v);
  if (!m) return v || null;
  if (m[1].toLowerCase() === 'ocolc') {
    const n = m[2].replace(/^(?:ocm|ocn|on)/i, '').replace(/^0+(?=\d)/, '');
    return `(OCoLC)${n}`;
  }
  return `(${m[1]})${m[2]}`;
}

function subfieldValues(marc: MarcRecord, tags: string[], code: string): string[] {
  const out: string[] = [];
  for (const f of marc.fields)
    if (tags.includes(f.tag) && isDataField(f))
      for (const s of f.subfields) if (s.code === code && s.value.trim()) out.push(s.value);
  return out;
}

const controlValue = (marc: MarcRecord, tag: string) => {
  const f = marc.fields.find((x) => x.tag === tag);
  return f && isControlField(f) ? f.value.trim() : '';
};

const issnKey = (raw: string) => {
  const v = raw
    .normalize('NFKC')
    .replace(/[^0-9Xx]/g, '')
    .toUpperCase();
  return v.length === 8 ? `issn:${v}` : null;
};

/** The match keys of a record as it is saved (its fields and, when it has one, its MARC). */
export function recordMatchKeys(
  b: Pick<RecordCreate, 'title'> & Partial<Pick<RecordCreate, 'author' | 'pubYear' | 'isbn' | 'issn' | 'marc'>>,
): string[] {
  const keys = new Set<string>();
  const marc = asMarcRecord(b.marc);
  if (marc) {
    const id = controlValue(marc, '001');
    const agency = controlValue(marc, '003');
    if (id && agency) keys.add(`001:${agency.toUpperCase()}|${id}`);
    for (const v of subfieldValues(marc, ['035'], 'a')) {
      const n = normalize035(v);
      if (n) keys.add(`035:${n}`);
    }
  }
  const isbns = [b.isbn ?? '', ...(marc ? subfieldValues(marc, ['020', '010'], 'a') : [])];
  for (const raw of isbns) {
    const i13 = raw ? toIsbn13(normalizeIsbn(raw)) : null;
    if (i13) keys.add(`isbn:${i13}`);
  }
  const issns = [b.issn ?? '', ...(marc ? subfieldValues(marc, ['022', '011'], 'a') : [])];
  for (const raw of issns) {
    const k = raw ? issnKey(raw) : null;
    if (k) keys.add(k);
  }
  const title = titleKey(b.title ?? '');
  const author = authorKey(b.author ?? '');
  if (title && author && b.pubYear) keys.add(`tay:${title}|${author}|${b.pubYear}`);
  return [...keys];
}

export const kindOf = (key: string) => key.slice(0, key.indexOf(':')) as MatchKind;
/** What a key shows in a report: "(OCoLC)12345", "9787020002207", "Shuyuan 12". */
export function keyValue(key: string): string {
  const v = key.slice(key.indexOf(':') + 1);
  if (kindOf(key) === '001') return v.replace('|', ' ');
  if (kindOf(key) === 'tay') return v.split('|').join(' / ');
  return v;
}
