import { parseIsbn } from '@shuyuan/contracts/marc/isbn';
import type {
  CatalogueFields,
  MarcFieldSource,
  MarcHolding,
  MarcHoldingsSource,
  MarcMappingRules,
} from '@shuyuan/contracts/marc/mapping';
import { isControlField, isDataField, type MarcField, type MarcRecord } from '@shuyuan/contracts/marc/record';
import { builtinMarcRules } from './default-rules.ts';
import { detectFlavour } from './flavour.ts';

const CJK = '\\u3040-\\u30ff\\u3400-\\u9fff\\uf900-\\ufaff';
/** RLIN-style MARC-8 records put spaces between CJK words ("鲁 迅 与 浙东"); Chinese text has none. */
const CJK_GAP = new RegExp(`([${CJK}])[\\s\\u3000]+(?=[${CJK}])`, 'g');
/** A final "." ends an ISBD area unless it ends an abbreviation ("p.", "ed.", "Jr."). */
const FINAL_DOT = new RegExp(`(?:[0-9${CJK}]|[^\\s.]{4,})\\.$`);

/**
 * ISBD punctuation that ends a MARC element (" /", " :", " ;", ",", "=" …), which a catalogue field omits; the
 * full-width kind of Chinese and Japanese records ("四分律 ／", "風間書房，") too.
 */
export function cleanValue(s: string): string {
  let v = s
    .replace(/\s+/g, ' ')
    .replace(/^[\s/:;,=.／：；，＝。．、]+|[\s/:;,=／：；，＝。．、]+$/g, '')
    .replace(/^\[(.*)\]$/, '$1')
    .replace(CJK_GAP, '$1')
    .trim();
  if (FINAL_DOT.test(v)) v = v.slice(0, -1);
  return v;
}

/**
 * Fields by tag, built once per record. 880s are also filed under the tag they are linked to (their $6
 * reads "245-02/$1"): the same data in its original script, e.g. the Chinese of a romanised title.
 */
class FieldIndex {
  readonly own = new Map<string, MarcField[]>();
  readonly vernacular = new Map<string, MarcField[]>();
  constructor(record: MarcRecord) {
    for (const f of record.fields) {
      add(this.own, f.tag, f);
      if (f.tag === '880' && isDataField(f)) {
        const link = f.subfields.find((s) => s.code === '6')?.value ?? '';
        if (link.length >= 3) add(this.vernacular, link.slice(0, 3), f);
      }
    }
  }
}
function add(map: Map<string, MarcField[]>, key: string, f: MarcField) {
  const list = map.get(key);
  if (list) list.push(f);
  else map.set(key, [f]);
}

function valuesOf(index: FieldIndex, src: MarcFieldSource, preferVernacular: boolean): string[] {
  const out: string[] = [];
  const own = index.own.get(src.tag) ?? [];
  const alt = preferVernacular && !src.slice ? index.vernacular.get(src.tag) : undefined;
  const fields = alt ? [...alt, ...own] : own;
  for (const f of fields) {
    if (isControlField(f)) {
      const v = src.slice ? f.value.slice(src.slice[0], src.slice[1]) : f.value;
      if (v.trim()) out.push(v.trim());
      continue;
    }
    if (src.ind1 !== undefined && f.ind1 !== src.ind1) continue;
    if (src.ind2 !== undefined && f.ind2 !== src.ind2) continue;
    if (
      src.when &&
      !f.subfields.some(
        (s) => s.code === src.when?.code && s.value.trim().toLowerCase() === src.when.equals.toLowerCase(),
      )
    ) {
      continue;
    }
    if (src.slice) {
      // A fixed-position source on a data field reads its first $a (UNIMARC 100$a/9-12 = year).
      const a = f.subfields.find((s) => s.code === 'a')?.value ?? '';
      const v = a.slice(src.slice[0], src.slice[1]).trim();
      if (v) out.push(v);
      continue;
    }
    if (src.isbd) {
      const v = isbdJoin(f.subfields.filter((s) => src.codes.includes(s.code) && s.value.trim()));
      if (v) out.push(v);
      continue;
    }
    const parts = f.subfields
      .filter((s) => src.codes.includes(s.code))
      .map((s) => cleanValue(s.value))
      .filter(Boolean);
    if (parts.length) out.push(parts.join(src.join));
  }
  return out;
}

/** What precedes a subfield in an ISBD title: other title information " : ", a part's number ". ", its name. */
const ISBD_BEFORE: Record<string, string> = { b: ' : ', e: ' : ', n: '. ', h: '. ', p: '. ', i: '. ' };
const ENDS_ISBD = /[/:;,=.／：；，＝。．]$/;

/**
 * A title with its subtitle and parts as one display text: "Flatland : a romance of many dimensions",
 * "Title. Part 2, Name". MARC21 subfields carry their ISBD punctuation (kept); UNIMARC's do not (added).
 */
function isbdJoin(subfields: { code: string; value: string }[]): string {
  let v = '';
  let prev = '';
  for (const s of subfields) {
    const value = s.value.replace(/\s+/g, ' ').trim();
    if (!v) v = value;
    else if (ENDS_ISBD.test(v)) v += ` ${value}`;
    else {
      const partName = (s.code === 'p' || s.code === 'i') && (prev === 'n' || prev === 'h');
      v += `${partName ? ', ' : (ISBD_BEFORE[s.code] ?? ' ')}${value}`;
    }
    prev = s.code;
  }
  return cleanValue(v);
}

/** "CNY25.00", "¥25.00", "$12.95 (pbk.)", "CN6.00" → fen. Only the amount is kept; currency is not converted. */
export function priceToFen(text: string): number | null {
  const m = /(\d+(?:[.,]\d{1,2})?)/.exec(text.replace(/\s/g, ''));
  if (!m) return null;
  const fen = Math.round(Number.parseFloat(m[1].replace(',', '.')) * 100);
  return Number.isFinite(fen) ? fen : null;
}

/**
 * Fills the catalogue fields from a record with the given rules (the built-in ones for the record's
 * flavour when none are given). Each field takes the first source with a value; subjects collect all.
 */
export function mapRecord(record: MarcRecord, rules?: MarcMappingRules): CatalogueFields {
  const r = rules ?? builtinMarcRules(detectFlavour(record));
  const index = new FieldIndex(record);
  const first = (field: string, accept?: RegExp): string | null => {
    const rule = r.rules.find((x) => x.field === field);
    for (const src of rule?.sources ?? []) {
      const v = valuesOf(index, src, r.preferVernacular).filter((x) => !accept || accept.test(x));
      if (v.length) return v[0];
    }
    return null;
  };
  const subjectRule = r.rules.find((x) => x.field === 'subjects');
  const subjects = [...new Set((subjectRule?.sources ?? []).flatMap((s) => valuesOf(index, s, false)))];
  const isbnText = first('isbn');
  const isbn = isbnText ? parseIsbn(isbnText) : null;
  const priceText = first('price');
  // The first source that gives a year: 260 $c "197-?]" gives none, so 008/07-10 is read.
  const year = first('year', /\d{4}/) ?? first('year');
  return {
    title: first('title'),
    parallelTitle: first('parallelTitle'),
    responsibility: first('responsibility'),
    author: first('author'),
    edition: first('edition'),
    publisher: first('publisher'),
    place: first('place'),
    year: year ? (/\d{4}/.exec(year)?.[0] ?? year) : null,
    pages: first('pages'),
    price: priceText ? priceToFen(priceText) : null,
    isbn: isbn ? (isbn.isbn13 ?? isbn.normalized) : null,
    isbnValid: isbn?.valid ?? false,
    issn: first('issn'),
    classification: first('classification'),
    subjects,
    series: first('series'),
    summary: first('summary'),
    language:
      first('language')
        ?.toLowerCase()
        .replace(/[^a-z]/g, '')
        .slice(0, 3) || null,
    readingLevel: first('readingLevel'),
  };
}

/**
 * The copies a record carries: one per occurrence of a holdings field (`holdingsSources`), with its barcode,
 * location text and call number as found (trimmed). An occurrence with none of the three is not a copy.
 */
export function mapHoldings(record: MarcRecord, sources: readonly MarcHoldingsSource[]): MarcHolding[] {
  const out: MarcHolding[] = [];
  if (!sources.length) return out;
  for (const f of record.fields) {
    if (!isDataField(f)) continue;
    for (const src of sources) {
      if (src.tag !== f.tag) continue;
      const pick = (codes: string, join: string) =>
        codes
          ? f.subfields
              .filter((s) => codes.includes(s.code))
              .map((s) => s.value.trim())
              .filter(Boolean)
              .join(join)
          : '';
      const h = {
        barcode: pick(src.barcode, ''),
        location: pick(src.location, ' '),
        callNo: pick(src.callNo, src.join),
      };
      if (h.barcode || h.location || h.callNo) out.push(h);
    }
  }
  return out;
}
