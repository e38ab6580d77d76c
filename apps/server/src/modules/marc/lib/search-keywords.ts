import { isDataField, type MarcField, type MarcRecord } from '@shuyuan/contracts/marc/record';
import { detectFlavour } from './flavour.ts';

/** Texts of a MARC record worth finding, by the search document's weight (A titles … D contents). */
export interface MarcKeywords {
  A: string[];
  B: string[];
  C: string[];
  D: string[];
}

type Weight = keyof MarcKeywords;
/** tag → [weight, subfield codes]; a tag not listed is not searched (beyond the catalogue fields). */
type Table = Record<string, [Weight, string]>;

const names = 'abcdqt';
/**
 * MARC21: titles with their subtitles and parts (245 $a $b $n $p, 246 variant titles, 240/130 uniform, 242
 * translated, 740/730 added titles), names (1XX/7XX), subjects 600–651 and 653, series (490, 440, 800–830),
 * contents (505) and the statement of responsibility.
 */
const MARC21: Table = {
  '245': ['A', 'abfgknps'],
  '246': ['A', 'abnp'],
  '240': ['A', 'anp'],
  '130': ['A', 'anp'],
  '242': ['A', 'abnp'],
  '730': ['A', 'anp'],
  '740': ['A', 'anp'],
  '100': ['B', names],
  '110': ['B', 'abcdn'],
  '111': ['B', 'acdnq'],
  '700': ['B', names],
  '710': ['B', 'abcdn'],
  '711': ['B', 'acdnq'],
  '600': ['B', 'abcdqtvxyz'],
  '610': ['B', 'abtvxyz'],
  '611': ['B', 'acdntvxyz'],
  '630': ['B', 'anpvxyz'],
  '648': ['B', 'avxyz'],
  '650': ['B', 'abvxyz'],
  '651': ['B', 'avxyz'],
  '653': ['B', 'a'],
  '490': ['C', 'av'],
  '440': ['C', 'anpv'],
  '800': ['C', 'atv'],
  '810': ['C', 'atv'],
  '830': ['C', 'anpv'],
  '505': ['D', 'agrt'],
  // 245 $c is searched at D through the record's responsibility; its 880 (vernacular) is not a field.
};

/**
 * UNIMARC / CNMARC: 200 title block ($a title, $e other title, $h/$i part, $d parallel), 5XX related titles,
 * 7XX names, 600–608 subjects and 610 keywords, 225/410 series, 327 contents.
 */
const UNIMARC: Table = {
  '200': ['A', 'adehi'],
  '500': ['A', 'ahi'],
  '510': ['A', 'aehi'],
  '512': ['A', 'ae'],
  '513': ['A', 'ae'],
  '514': ['A', 'ae'],
  '515': ['A', 'a'],
  '516': ['A', 'ae'],
  '517': ['A', 'ae'],
  '532': ['A', 'a'],
  '540': ['A', 'a'],
  '541': ['A', 'aehi'],
  '700': ['B', 'abcdg'],
  '701': ['B', 'abcdg'],
  '702': ['B', 'abcdg'],
  '710': ['B', 'abcdeg'],
  '711': ['B', 'abcdeg'],
  '712': ['B', 'abcdeg'],
  '600': ['B', 'abcdjxyz'],
  '601': ['B', 'abjxyz'],
  '602': ['B', 'ajxyz'],
  '604': ['B', 'atjxyz'],
  '605': ['B', 'ajxyz'],
  '606': ['B', 'ajxyz'],
  '607': ['B', 'ajxyz'],
  '608': ['B', 'ajxyz'],
  '610': ['B', 'a'],
  '225': ['C', 'aehiv'],
  '410': ['C', 'a'],
  '327': ['D', 'a'],
};

const text = (f: MarcField, codes: string) =>
  isDataField(f)
    ? f.subfields
        .filter((s) => codes.includes(s.code))
        .map((s) => s.value.trim())
        .filter(Boolean)
        .join(' ')
    : '';

/**
 * Every searchable text of a record, in both scripts: a MARC21 880 (vernacular, e.g. the Chinese of a
 * romanised title) is searched as the field it is linked to ($6 "245-01"), besides that field's own
 * romanised text, so 红楼梦 and Hong lou meng both find the record whichever the title took.
 */
export function marcKeywords(record: MarcRecord): MarcKeywords {
  const out: MarcKeywords = { A: [], B: [], C: [], D: [] };
  const flavour = detectFlavour(record);
  const table = flavour === 'MARC21' ? MARC21 : UNIMARC;
  for (const f of record.fields) {
    if (!isDataField(f)) continue;
    let tag = f.tag;
    if (tag === '880' && flavour === 'MARC21') tag = (f.subfields.find((s) => s.code === '6')?.value ?? '').slice(0, 3);
    const rule = table[tag];
    if (!rule) continue;
    const v = text(f, rule[1]);
    if (v) out[rule[0]].push(v);
  }
  return out;
}

/** A MARC record as stored with a catalogue record (`marc` json), or null when it is not one. */
export function asMarcRecord(v: unknown): MarcRecord | null {
  const r = v as MarcRecord | null;
  return r && typeof r === 'object' && typeof r.leader === 'string' && Array.isArray(r.fields) ? r : null;
}
