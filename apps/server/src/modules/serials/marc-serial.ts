import { isControlField, isDataField, type MarcRecord } from '@shuyuan/contracts/marc/record';
import type { Frequency, SerialKind } from '@shuyuan/contracts/serials/pattern';

/** What a MARC serial record says beyond the catalogue fields: the kind of serial and how often it comes out. */
export interface MarcSerial {
  kind: SerialKind;
  frequency: Frequency;
}

/** MARC 21 008/18 (frequency) → ours; 'e' (every two weeks) is the nearest of our patterns, semimonthly. */
const MARC21_FREQUENCY: Record<string, Frequency> = {
  d: 'daily',
  w: 'weekly',
  c: 'weekly',
  i: 'tenDaily',
  e: 'semimonthly',
  s: 'semimonthly',
  m: 'monthly',
  b: 'bimonthly',
  q: 'quarterly',
};

/** UNIMARC / CNMARC 110 $a/1 (frequency of issue) → ours; 'o' is three times a month (旬刊). */
const UNIMARC_FREQUENCY: Record<string, Frequency> = {
  a: 'daily',
  n: 'daily',
  b: 'weekly',
  c: 'weekly',
  d: 'semimonthly',
  e: 'semimonthly',
  o: 'tenDaily',
  f: 'monthly',
  g: 'bimonthly',
  h: 'quarterly',
};

const control = (r: MarcRecord, tag: string) => {
  const f = r.fields.find((x) => x.tag === tag);
  return f && isControlField(f) ? f.value : '';
};
const subfield = (r: MarcRecord, tag: string, code: string) => {
  const f = r.fields.find((x) => x.tag === tag);
  return (f && isDataField(f) && f.subfields.find((s) => s.code === code)?.value) || '';
};

/**
 * A serial record (leader/07 's') of a periodical or newspaper: its kind and frequency, read from MARC 21 008/18
 * and 008/21 (p periodical, n newspaper, m monographic series) or UNIMARC 110 $a/0 (a periodical, b monographic
 * series, c newspaper) and $a/1. Null for any other record, and for monographic series (a school does not
 * subscribe to them issue by issue). An unknown frequency is irregular (checked in by hand).
 */
export function serialFromMarc(r: MarcRecord, flavour: 'MARC21' | 'UNIMARC'): MarcSerial | null {
  if (r.leader[7] !== 's') return null;
  if (flavour === 'UNIMARC') {
    const coded = subfield(r, '110', 'a');
    if (coded[0] === 'b') return null;
    return { kind: coded[0] === 'c' ? 'newspaper' : 'magazine', frequency: UNIMARC_FREQUENCY[coded[1]] ?? 'irregular' };
  }
  const f008 = control(r, '008');
  if (f008[21] === 'm') return null;
  return { kind: f008[21] === 'n' ? 'newspaper' : 'magazine', frequency: MARC21_FREQUENCY[f008[18]] ?? 'irregular' };
}

/** A serial record the MARC import has just written, with what `serialFromMarc` read from it. */
export interface ImportedSerial extends MarcSerial {
  recordId: number;
  title: string;
  issn: string;
  publisher: string;
  classNo: string;
  language: string;
}
