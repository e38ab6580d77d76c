import { z } from 'zod';
import { MarcFlavour } from './record.ts';

/** Catalogue fields a MARC record fills (issue 3 §1). `subjects` is a list, the rest single values. */
export const CatalogueFieldKey = z.enum([
  'title',
  'parallelTitle',
  'responsibility',
  'author',
  'edition',
  'publisher',
  'place',
  'year',
  'pages',
  'price',
  'isbn',
  'issn',
  'classification',
  'subjects',
  'series',
  'summary',
  'language',
  'readingLevel',
]);
export type CatalogueFieldKey = z.infer<typeof CatalogueFieldKey>;

/**
 * Where one catalogue field comes from. Data fields: the listed subfield codes in record order, joined.
 * Control fields: character positions [from, to). A source may be restricted by indicators or by another
 * subfield's value (e.g. 084 only when $2 is "clc").
 */
export const MarcFieldSource = z.object({
  tag: z.string().regex(/^[0-9A-Za-z]{3}$/),
  codes: z
    .string()
    .regex(/^[0-9a-z]*$/)
    .default('a'),
  join: z.string().max(5).default(' '),
  ind1: z.string().length(1).optional(),
  ind2: z.string().length(1).optional(),
  when: z.object({ code: z.string().length(1), equals: z.string().max(50) }).optional(),
  slice: z.tuple([z.number().int().min(0), z.number().int().min(1)]).optional(),
  /** a title with its subtitle and parts: subfields joined with their ISBD punctuation (" : ", ". ") */
  isbd: z.boolean().optional(),
});
export type MarcFieldSource = z.infer<typeof MarcFieldSource>;
export type MarcFieldSourceInput = z.input<typeof MarcFieldSource>;

export const MarcFieldRule = z.object({
  field: CatalogueFieldKey,
  /** tried in order: the first source with a value wins; for `subjects` all sources are collected */
  sources: z.array(MarcFieldSource).min(1).max(20),
});
export type MarcFieldRule = z.infer<typeof MarcFieldRule>;

const codes = z
  .string()
  .regex(/^[0-9a-z]*$/)
  .max(10);

/**
 * Where the copies of a record are (holdings): one copy per occurrence of the tag. MARC21 852 ($b location,
 * $h call number, $p barcode), CNMARC 905 ($b barcode, $c location, $d/$e class and book number); a school
 * may add its vendor's local field (949…). Several call-number codes are joined with `join`.
 */
export const MarcHoldingsSource = z.object({
  tag: z.string().regex(/^[0-9]{3}$/),
  barcode: codes.default(''),
  location: codes.default(''),
  callNo: codes.default(''),
  join: z.string().max(5).default('/'),
});
export type MarcHoldingsSource = z.infer<typeof MarcHoldingsSource>;

/** The mapping for one flavour, as `GetMarcRule` returns it and `UpdateMarcRule` saves it. */
export const MarcMappingRules = z.object({
  flavour: MarcFlavour,
  /** MARC21 only: prefer the 880 field linked to a tag (the vernacular, e.g. Chinese, script) */
  preferVernacular: z.boolean().default(true),
  rules: z.array(MarcFieldRule),
  /** the fields that carry copies; absent (rules saved before) = the flavour's built-in ones, [] = none */
  holdings: z.array(MarcHoldingsSource).max(10).optional(),
});
export type MarcMappingRules = z.infer<typeof MarcMappingRules>;

/** What the mapping yields: text fields as found (ISBD punctuation trimmed), price in fen, ISBN normalised. */
export interface CatalogueFields {
  title: string | null;
  parallelTitle: string | null;
  responsibility: string | null;
  author: string | null;
  edition: string | null;
  publisher: string | null;
  place: string | null;
  year: string | null;
  pages: string | null;
  /** fen (1/100 yuan); null when absent or not a number */
  price: number | null;
  /** ISBN-13 when the first ISBN is valid, else the normalised text as found (flagged by isbnValid) */
  isbn: string | null;
  isbnValid: boolean;
  issn: string | null;
  classification: string | null;
  subjects: string[];
  series: string | null;
  summary: string | null;
  language: string | null;
  readingLevel: string | null;
}

/** One copy a record carries in its holdings fields (empty strings when the field does not say). */
export interface MarcHolding {
  barcode: string;
  location: string;
  callNo: string;
}
