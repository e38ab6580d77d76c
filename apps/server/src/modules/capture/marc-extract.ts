import { isDataField, type MarcDataField, type MarcRecord } from '@shuyuan/contracts/marc/record';
import { isValidIsbn, normalizeIsbn, toIsbn13 } from '@shuyuan/contracts/marc/isbn';
import { cleanValue } from '../marc/lib/map-record.ts';

/** Small readings of a found record that the catalogue mapping does not carry: class numbers, Lexile, cover. */
const fields = (r: MarcRecord, tag: string): MarcDataField[] =>
  r.fields.filter((f): f is MarcDataField => isDataField(f) && f.tag === tag);
const sub = (f: MarcDataField, code: string) => f.subfields.find((s) => s.code === code)?.value.trim() ?? '';
const first = (vals: string[]) => vals.map((v) => cleanValue(v)).find(Boolean) ?? '';

/**
 * Chinese Library Classification number: UNIMARC/CNMARC 690 $a; MARC21 084 $a with $2 clc (or any 084
 * when the record has no other scheme), or the local 093 $a.
 */
export function clcNumber(r: MarcRecord): string {
  return first([
    ...fields(r, '690').map((f) => sub(f, 'a')),
    ...fields(r, '084')
      .filter((f) => /^clc|^zt/i.test(sub(f, '2')))
      .map((f) => sub(f, 'a')),
    ...fields(r, '093').map((f) => sub(f, 'a')),
  ]);
}

/** Dewey Decimal Classification: MARC21 082 $a (the '/' segmentation marks dropped), UNIMARC 676 $a. */
export function deweyNumber(r: MarcRecord): string {
  return first([...fields(r, '082'), ...fields(r, '676')].map((f) => sub(f, 'a').replace(/\//g, '')));
}

/**
 * Reading level (MARC21 521 "Target audience note"): the Lexile measure when one is given ("880L",
 * "Lexile: AD560L", $b Lexile), else the note text.
 */
export function readingLevel(r: MarcRecord): { lexile: string; text: string } {
  const notes = fields(r, '521');
  for (const f of notes) {
    const all = f.subfields.map((s) => s.value).join(' ');
    const m = /\b((?:AD|NC|HL|IG|GN|BR|NP)?\d{1,4}L)\b/i.exec(all);
    if (m && (/lexile/i.test(all) || /^\s*(?:AD|NC|HL|IG|GN|BR|NP)?\d{1,4}L\s*$/i.test(sub(f, 'a')))) {
      return { lexile: m[1].toUpperCase(), text: cleanValue(sub(f, 'a')) };
    }
  }
  return { lexile: '', text: first(notes.map((f) => sub(f, 'a'))) };
}

const IMAGE = /\.(jpe?g|png|gif|webp)(\?|$)/i;

/** A cover image URL from 856 $u: one labelled as a cover ($3/$y/$z) or pointing at an image. */
export function coverUrl(r: MarcRecord): string {
  const links = fields(r, '856').map((f) => ({
    url: sub(f, 'u'),
    label: [sub(f, '3'), sub(f, 'y'), sub(f, 'z')].join(' '),
  }));
  const ok = links.filter((l) => /^https?:\/\//i.test(l.url));
  return ok.find((l) => /cover|封面|jacket/i.test(l.label))?.url ?? ok.find((l) => IMAGE.test(l.url))?.url ?? '';
}

/** The ISBNs a record gives (MARC21 020 $a, UNIMARC 010 $a), as 13 digits where valid, else as written. */
export function recordIsbns(r: MarcRecord): string[] {
  const out: string[] = [];
  for (const f of [...fields(r, '020'), ...fields(r, '010')]) {
    const raw = sub(f, 'a');
    const token = /[0-9Xx][0-9Xx-]{8,16}/.exec(raw)?.[0];
    if (!token) continue;
    const n = normalizeIsbn(token);
    const v = isValidIsbn(n) ? (toIsbn13(n) ?? n) : n;
    if (!out.includes(v)) out.push(v);
  }
  return out;
}
