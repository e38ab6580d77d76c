import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';

/**
 * The public search site (issue 11 §1): what a reader may search by. `any` is the whole search document
 * (title, author, subjects, ISBN, pinyin and initials…); the others look in that field only.
 */
export const OPAC_FIELDS = ['any', 'title', 'author', 'isbn', 'classNo', 'subject', 'series'] as const;
export type OpacField = (typeof OPAC_FIELDS)[number];

/** Result orders: relevance (newest first without a text), newest catalogued, year, title, call number. */
export const OPAC_SORTS = ['relevance', 'new', 'year', 'title', 'callNo'] as const;
export type OpacSort = (typeof OPAC_SORTS)[number];

const id = z.coerce.number().int().positive();
const year = z.coerce.number().int().min(0).max(9999);

/** Facet filters picked from a previous answer's `Facets`. */
export const OpacFacets = z
  .object({
    classLetter: z.string().trim().max(2).optional(),
    author: z.string().trim().max(200).optional(),
    year: year.optional(),
    locationId: id.optional(),
    /** The school's resource type; `0` picks records without one. */
    resourceTypeId: z.coerce.number().int().min(0).optional(),
    language: z.string().trim().max(20).optional(),
    /** Only records with a copy on the shelf that lends now. */
    available: z.boolean().optional(),
    /** A reading level as catalogued (a graded band such as '1–2年级', or a Lexile measure such as '650L'). */
    readingLevel: z.string().trim().max(50).optional(),
    /** Lexile range: records whose level is a Lexile measure (650L, AD560L) within it. */
    lexileFrom: z.coerce.number().int().min(0).max(2000).optional(),
    lexileTo: z.coerce.number().int().min(0).max(2000).optional(),
  })
  .default({});
export type OpacFacets = z.infer<typeof OpacFacets>;

/** P/Search/Catalogue: one text in one field, facets, sort, page. */
export const OpacSearchQuery = PageQuery.extend({
  field: z.enum(OPAC_FIELDS).default('any'),
  sort: z.enum(OPAC_SORTS).default('relevance'),
  facets: OpacFacets,
});
export type OpacSearchQuery = z.infer<typeof OpacSearchQuery>;

export const OPAC_OPS = ['and', 'or', 'not'] as const;
export type OpacOp = (typeof OPAC_OPS)[number];

/** One line of the advanced search: how it joins the lines before it, the field and the text. */
export const OpacLine = z.object({
  op: z.enum(OPAC_OPS).default('and'),
  field: z.enum(OPAC_FIELDS).default('any'),
  text: z.string().trim().max(200, 'validation.tooLong'),
});
export type OpacLine = z.infer<typeof OpacLine>;

/** P/Search/ComplexCatalogue: field lines joined by and/or/not, year range, type, location, language. */
export const OpacComplexQuery = PageQuery.extend({
  lines: z.array(OpacLine).max(8).default([]),
  yearFrom: year.optional(),
  yearTo: year.optional(),
  resourceTypeId: z.coerce.number().int().min(0).optional(),
  locationId: id.optional(),
  language: z.string().trim().max(20).optional(),
  sort: z.enum(OPAC_SORTS).default('relevance'),
  facets: OpacFacets,
}).refine((q) => q.yearFrom === undefined || q.yearTo === undefined || q.yearFrom <= q.yearTo, {
  path: ['yearTo'],
  message: 'opac.search.yearRange',
});
export type OpacComplexQuery = z.infer<typeof OpacComplexQuery>;

/** P/Search/CatalogueDetail and P/Search/Collection: one record of the school. */
export const OpacRecordQuery = z.object({ id });
export type OpacRecordQuery = z.infer<typeof OpacRecordQuery>;

/** POST /search/classify: the 中图法 classes under `parent` (top level without), with the school's record counts. */
export const OpacClassifyQuery = z.object({ parent: z.string().trim().max(40).optional() });
export type OpacClassifyQuery = z.infer<typeof OpacClassifyQuery>;

/** P/Search/Recommend: staff picks (`picks`), purchase suggestions that arrived (`arrived`), or both. */
export const OpacRecommendQuery = PageQuery.extend({
  kind: z.enum(['all', 'picks', 'arrived']).default('all'),
});
export type OpacRecommendQuery = z.infer<typeof OpacRecommendQuery>;

/** One found record, as the result list shows it (copies and available count only what the public may see). */
export interface OpacHit {
  id: number;
  title: string;
  author: string;
  publisher: string;
  pubYear: number | null;
  isbn: string;
  classNo: string;
  bookNo: string;
  coverUrl: string;
  resourceTypeId: number | null;
  series: string;
  copies: number;
  available: number;
}

export type OpacFacetName = 'classLetter' | 'author' | 'year' | 'location' | 'resourceType' | 'language' | 'available';
export interface OpacFacetValue {
  value: string | number | null;
  count: number;
  /** Location and resource type names (zh and en). */
  label?: string;
  enLabel?: string;
}

export interface OpacSearchResult {
  List: OpacHit[];
  Total: number;
  Facets: Record<OpacFacetName, OpacFacetValue[]>;
}

/** A copy as the public sees it: never who has it. */
export interface OpacCopy {
  id: number;
  barcode: string;
  callNo: string;
  circState: string;
  storeType: number;
  /** The due date of its open loan (school date), when on loan. */
  dueDate: string | null;
  branch: string;
  location: { id: number; name: string; mapUrl: string; x: number | null; y: number | null } | null;
  /** Where it stands (book positioning), when placed: shelf code, face, layer, column. */
  shelf: { shelf: string; position: string; face: number; layer: number; column: number } | null;
}

export interface OpacRecordDetail {
  id: number;
  title: string;
  parallelTitle: string;
  author: string;
  responsibility: string;
  edition: string;
  publisher: string;
  pubPlace: string;
  pubYear: number | null;
  isbn: string;
  issn: string;
  classNo: string;
  bookNo: string;
  language: string;
  pages: number | null;
  price: string | null;
  coverUrl: string;
  series: string;
  subjects: string[];
  summary: string;
  resourceType: string;
  /** MARC fields, for the MARC view (tag, indicators, `$a…` subfields). */
  marc: { tag: string; ind?: string; text: string }[];
  byAuthor: OpacHit[];
  sameClass: OpacHit[];
}

export interface OpacClassNode {
  code: string;
  name: string;
  hasChildren: boolean;
  /** Records of the school in this class (its code as the start of their class number). */
  count: number;
}

export interface OpacStatfile {
  records: number;
  copies: number;
  available: number;
  readers: number;
  loansThisYear: number;
  newThisMonth: number;
}
