import { type MarcHoldingsSource, MarcMappingRules } from '@shuyuan/contracts/marc/mapping';
import type { MarcFlavour } from '@shuyuan/contracts/marc/record';

/**
 * The built-in MARC → catalogue mapping per flavour; a school may edit its own copy (GetMarcRule /
 * UpdateMarcRule). MARC21 follows LoC's bibliographic format (with 084 $2 clc for 中图法 as Chinese
 * MARC21 records carry it); UNIMARC follows CNMARC (GB/T 2901 family: 200 title block, 210 publication,
 * 690 CLC).
 */
const marc21 = MarcMappingRules.parse({
  flavour: 'MARC21',
  preferVernacular: true,
  rules: [
    { field: 'title', sources: [{ tag: '245', codes: 'abnp', isbd: true }] },
    {
      field: 'parallelTitle',
      sources: [
        { tag: '246', codes: 'a', ind2: '1' },
        { tag: '242', codes: 'a' },
      ],
    },
    { field: 'responsibility', sources: [{ tag: '245', codes: 'c' }] },
    {
      field: 'author',
      sources: [{ tag: '100' }, { tag: '110', codes: 'ab' }, { tag: '111' }, { tag: '700' }, { tag: '710' }],
    },
    { field: 'edition', sources: [{ tag: '250' }] },
    {
      field: 'publisher',
      sources: [
        { tag: '260', codes: 'b' },
        { tag: '264', codes: 'b', ind2: '1' },
      ],
    },
    { field: 'place', sources: [{ tag: '260' }, { tag: '264', ind2: '1' }] },
    {
      field: 'year',
      sources: [
        { tag: '260', codes: 'c' },
        { tag: '264', codes: 'c', ind2: '1' },
        { tag: '008', slice: [7, 11] },
      ],
    },
    { field: 'pages', sources: [{ tag: '300' }] },
    {
      field: 'price',
      sources: [
        { tag: '020', codes: 'c' },
        { tag: '365', codes: 'b' },
      ],
    },
    { field: 'isbn', sources: [{ tag: '020' }] },
    { field: 'issn', sources: [{ tag: '022' }] },
    {
      field: 'classification',
      sources: [
        { tag: '084', when: { code: '2', equals: 'clc' } },
        { tag: '084' },
        { tag: '082' },
        { tag: '050', codes: 'ab' },
      ],
    },
    {
      field: 'subjects',
      sources: ['600', '610', '611', '630', '650', '651'].map((tag) => ({ tag, codes: 'abcdxyzv', join: '--' })),
    },
    { field: 'series', sources: [{ tag: '490' }, { tag: '440' }, { tag: '830' }] },
    { field: 'summary', sources: [{ tag: '520' }] },
    { field: 'language', sources: [{ tag: '041' }, { tag: '008', slice: [35, 38] }] },
    { field: 'readingLevel', sources: [{ tag: '521' }] },
  ],
  // Embedded holdings, as our own export writes them.
  holdings: [{ tag: '852', barcode: 'p', location: 'b', callNo: 'h' }],
});

const unimarc = MarcMappingRules.parse({
  flavour: 'UNIMARC',
  preferVernacular: false,
  rules: [
    { field: 'title', sources: [{ tag: '200', codes: 'aehi', isbd: true }] },
    { field: 'parallelTitle', sources: [{ tag: '200', codes: 'd' }, { tag: '510' }] },
    { field: 'responsibility', sources: [{ tag: '200', codes: 'fg', join: '; ' }] },
    {
      field: 'author',
      sources: ['700', '701', '702', '710', '711', '712'].map((tag) => ({ tag, codes: 'ab', join: ', ' })),
    },
    { field: 'edition', sources: [{ tag: '205' }] },
    {
      field: 'publisher',
      sources: [
        { tag: '210', codes: 'c' },
        { tag: '214', codes: 'c' },
      ],
    },
    { field: 'place', sources: [{ tag: '210' }, { tag: '214' }] },
    {
      field: 'year',
      sources: [
        { tag: '210', codes: 'd' },
        { tag: '214', codes: 'd' },
        { tag: '100', slice: [9, 13] },
      ],
    },
    { field: 'pages', sources: [{ tag: '215' }] },
    {
      field: 'price',
      sources: [
        { tag: '010', codes: 'd' },
        { tag: '011', codes: 'd' },
      ],
    },
    { field: 'isbn', sources: [{ tag: '010' }] },
    { field: 'issn', sources: [{ tag: '011' }] },
    {
      field: 'classification',
      sources: [{ tag: '690' }, { tag: '686' }, { tag: '676' }, { tag: '675' }, { tag: '681' }],
    },
    {
      field: 'subjects',
      sources: ['600', '601', '602', '604', '605', '606', '607', '610'].map((tag) => ({
        tag,
        codes: 'abjxyz',
        join: '--',
      })),
    },
    { field: 'series', sources: [{ tag: '225' }, { tag: '410', codes: 'a' }] },
    { field: 'summary', sources: [{ tag: '330' }] },
    { field: 'language', sources: [{ tag: '101' }] },
    { field: 'readingLevel', sources: [{ tag: '333' }] },
  ],
  // CNMARC 905 馆藏信息: $b 登录号 (barcode), $c 馆藏地/排架区分号, $d 分类号 + $e 书次号 (call number).
  holdings: [{ tag: '905', barcode: 'b', location: 'c', callNo: 'de', join: '/' }],
});

/** The holdings fields of a flavour's rules: the school's list, else (rules saved before it existed) the built-in one. */
export function holdingsSources(rules: Readonly<MarcMappingRules>): readonly MarcHoldingsSource[] {
  return rules.holdings ?? builtinMarcRules(rules.flavour).holdings ?? [];
}

/** A fresh copy each call, so callers may edit it without changing the built-in rules. */
export function defaultMarcRules(flavour: MarcFlavour): MarcMappingRules {
  return structuredClone(builtinMarcRules(flavour));
}

/** The shared built-in rules, read-only (no copy: mapping runs once per imported record). */
export function builtinMarcRules(flavour: MarcFlavour): Readonly<MarcMappingRules> {
  return flavour === 'MARC21' ? marc21 : unimarc;
}
