import type { MarcFieldSource } from '@shuyuan/contracts/marc/mapping';
import {
  isControlField,
  isDataField,
  type MarcDataField,
  type MarcField,
  type MarcRecord,
} from '@shuyuan/contracts/marc/record';
import { builtinMarcRules } from './lib/default-rules.ts';
import { detectFlavour } from './lib/flavour.ts';
import { cleanValue, mapRecord } from './lib/map-record.ts';
import type { RecordRow } from './marc.build.ts';
import { toRecordCreate } from './marc.convert.ts';

/** A catalogue field, its rule in the mapping, its value in the record and the text the MARC should carry. */
interface Edit {
  rule: string;
  /** the text to write, '' to remove the subfield */
  text: string;
  /** rewrites a number inside the old text (year, pages, price) instead of replacing the whole value */
  number?: boolean;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const yuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? '' : (fen / 100).toFixed(2));

/**
 * The record's stored MARC with the catalogue fields a cataloguer has changed since (P/Catalogue/UpdateRecord
 * edits the fields, not the MARC) written back into their MARC places. A field equal to what the stored MARC
 * maps to (default rules of its flavour) leaves the MARC untouched, so an unedited record exports byte for
 * byte as imported. A changed field replaces the first occurrence's subfield (keeping its ISBD punctuation),
 * an added one gets its field/subfield, an emptied one loses its subfield.
 */
export function overlayFields(stored: MarcRecord, r: RecordRow): MarcRecord {
  const mapped = mapRecord(stored);
  const conv = toRecordCreate(stored, mapped);
  const was = conv.ok ? conv.row : null;
  const before = {
    title: was?.title ?? str(mapped.title),
    parallelTitle: was?.parallelTitle ?? str(mapped.parallelTitle),
    author: was?.author ?? str(mapped.author),
    responsibility: was?.responsibility ?? str(mapped.responsibility),
    edition: was?.edition ?? str(mapped.edition),
    publisher: was?.publisher ?? str(mapped.publisher),
    place: was?.pubPlace ?? str(mapped.place),
    year: str(was ? was.pubYear : mapped.year),
    pages: str(was?.pages),
    price: was ? yuan(was.price === undefined ? null : Math.round(was.price * 100)) : yuan(mapped.price),
    isbn: was?.isbn ?? str(mapped.isbn),
    issn: was?.issn ?? str(mapped.issn),
    classification: was?.classNo ?? str(mapped.classification),
    series: was?.series ?? str(mapped.series),
    summary: was?.summary ?? str(mapped.summary),
    readingLevel: was?.readingLevel ?? str(mapped.readingLevel),
  };
  const now: typeof before = {
    title: r.title,
    parallelTitle: r.parallelTitle,
    author: r.author,
    responsibility: r.responsibility,
    edition: r.edition,
    publisher: r.publisher,
    place: r.pubPlace,
    year: str(r.pubYear),
    pages: str(r.pages),
    price: yuan(r.priceFen),
    isbn: r.isbn,
    issn: r.issn,
    classification: r.classNo,
    series: r.series,
    summary: r.summary,
    readingLevel: r.readingLevel,
  };
  const edits: Edit[] = [];
  for (const key of Object.keys(before) as (keyof typeof before)[]) {
    if (before[key] === now[key]) continue;
    edits.push({ rule: key, text: now[key], number: key === 'year' || key === 'pages' || key === 'price' });
  }
  const flavour = detectFlavour(stored);
  const rules = builtinMarcRules(flavour);
  let fields: MarcField[] = stored.fields;
  for (const e of edits) {
    const sources = rules.rules.find((x) => x.field === e.rule)?.sources ?? [];
    if (!sources.length) continue;
    fields = apply(fields, sources, e, rules.preferVernacular);
  }
  // The book number (not mapped on import) sits beside the class number in MARC21 084 $b.
  if (flavour === 'MARC21' && r.bookNo) fields = withBookNo(fields, r.bookNo);
  return fields === stored.fields ? stored : { ...stored, fields };
}

const matches = (f: MarcDataField, src: MarcFieldSource) =>
  (src.ind1 === undefined || f.ind1 === src.ind1) &&
  (src.ind2 === undefined || f.ind2 === src.ind2) &&
  (!src.when ||
    f.subfields.some(
      (s) => s.code === src.when?.code && s.value.trim().toLowerCase() === src.when.equals.toLowerCase(),
    ));

const linkedTo = (f: MarcField, tag: string) =>
  f.tag === '880' && isDataField(f) && (f.subfields.find((s) => s.code === '6')?.value ?? '').slice(0, 3) === tag;

/** The value a field gives for a source, as mapRecord reads it (empty when it gives none). */
function valueIn(f: MarcField, src: MarcFieldSource): string {
  if (isControlField(f)) return (src.slice ? f.value.slice(src.slice[0], src.slice[1]) : f.value).trim();
  if (!matches(f, src)) return '';
  if (src.slice) return (f.subfields.find((s) => s.code === 'a')?.value ?? '').slice(src.slice[0], src.slice[1]).trim();
  return f.subfields
    .filter((s) => src.codes.includes(s.code))
    .map((s) => cleanValue(s.value))
    .filter(Boolean)
    .join(src.join);
}

/** The position of the field the mapping took its value from, and the source it read it with. */
function placeOf(fields: MarcField[], sources: readonly MarcFieldSource[], preferVernacular: boolean) {
  for (const src of sources) {
    const at = (keep: (f: MarcField) => boolean) => fields.flatMap((f, i) => (keep(f) ? [i] : []));
    const order = [
      ...(preferVernacular && !src.slice ? at((f) => linkedTo(f, src.tag)) : []),
      ...at((f) => f.tag === src.tag),
    ];
    for (const i of order) if (valueIn(fields[i], src)) return { i, src };
  }
  return null;
}

/** Old text with its leading/trailing ISBD punctuation kept around the new value. */
function rewrite(old: string, text: string, number?: boolean): string {
  if (number) {
    const n = /\d+(?:[.,]\d+)?/.exec(old);
    if (n) return old.slice(0, n.index) + text + old.slice(n.index + n[0].length);
  }
  const lead = /^[\s/:;,=]*/.exec(old)?.[0] ?? '';
  const trail = /[\s/:;,=]*$/.exec(old.slice(lead.length))?.[0] ?? '';
  return lead + text + trail;
}

function insertSubfield(f: MarcDataField, code: string, value: string): MarcDataField {
  const at = f.subfields.findIndex((s) => /[a-z]/.test(s.code) && s.code > code);
  const subfields = [...f.subfields];
  subfields.splice(at < 0 ? subfields.length : at, 0, { code, value });
  return { ...f, subfields };
}

function insertField(fields: MarcField[], f: MarcField): MarcField[] {
  const at = fields.findIndex((x) => x.tag > f.tag);
  const out = [...fields];
  out.splice(at < 0 ? out.length : at, 0, f);
  return out;
}

function apply(fields: MarcField[], sources: readonly MarcFieldSource[], e: Edit, vernacular: boolean): MarcField[] {
  const place = placeOf(fields, sources, vernacular);
  const out = [...fields];
  if (place) {
    const { i, src } = place;
    const f = out[i];
    if (isControlField(f) || src.slice) {
      // A fixed position (008/07-10 year, UNIMARC 100 $a/9-12): overwritten in place, never blanked.
      if (!e.text || !src.slice) return out;
      const [from, to] = src.slice;
      const put = (v: string) =>
        v.padEnd(to, ' ').slice(0, from) + e.text.padEnd(to - from, ' ').slice(0, to - from) + v.slice(to);
      if (isControlField(f)) out[i] = { ...f, value: put(f.value) };
      else {
        const k = f.subfields.findIndex((s) => s.code === 'a');
        const subfields = [...f.subfields];
        subfields[k] = { code: 'a', value: put(subfields[k].value) };
        out[i] = { ...f, subfields };
      }
      return out;
    }
    // The first subfield of the source carries the whole catalogue value; the source's other subfields
    // (245 $n $p, CNMARC 200 $g…) were part of it and go.
    const k = f.subfields.findIndex((s) => src.codes.includes(s.code) && cleanValue(s.value));
    const keep = f.subfields.filter((s, j) => j === k || !src.codes.includes(s.code) || !cleanValue(s.value));
    const subfields = e.text
      ? keep.map((s) =>
          s === f.subfields[k]
            ? { code: s.code, value: rewrite(s.value, e.text, e.number && src.codes.length === 1) }
            : s,
        )
      : keep.filter((s) => s !== f.subfields[k]);
    if (subfields.length && subfields.some((s) => /[a-z]/.test(s.code))) out[i] = { ...f, subfields };
    else out.splice(i, 1);
    return out;
  }
  if (!e.text) return out;
  // Missing: the rule's first source gets it, in the first field of that tag or a new one.
  const src = sources[0];
  if (src.slice) return out;
  const code = src.codes[0] ?? 'a';
  const i = out.findIndex((f) => f.tag === src.tag && isDataField(f) && matches(f, src));
  const text = e.rule === 'price' ? `CNY${e.text}` : e.rule === 'pages' ? `${e.text} p.` : e.text;
  if (i >= 0) {
    out[i] = insertSubfield(out[i] as MarcDataField, code, text);
    return out;
  }
  const subfields = [{ code, value: text }];
  if (src.when) subfields.push({ code: src.when.code, value: src.when.equals });
  return insertField(out, { tag: src.tag, ind1: src.ind1 ?? ' ', ind2: src.ind2 ?? ' ', subfields });
}

function withBookNo(fields: MarcField[], bookNo: string): MarcField[] {
  const i = fields.findIndex((f) => f.tag === '084' && isDataField(f));
  if (i < 0) return fields;
  const f = fields[i] as MarcDataField;
  const k = f.subfields.findIndex((s) => s.code === 'b');
  if (k >= 0 && cleanValue(f.subfields[k].value) === bookNo) return fields;
  const out = [...fields];
  if (k >= 0) {
    const subfields = [...f.subfields];
    subfields[k] = { code: 'b', value: rewrite(subfields[k].value, bookNo) };
    out[i] = { ...f, subfields };
  } else out[i] = insertSubfield(f, 'b', bookNo);
  return out;
}
