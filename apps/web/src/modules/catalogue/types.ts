import type { CircState } from '@shuyuan/contracts/catalogue/copy-state';

/** Permission code of the screen; buttons check `${CODE}:add|edit`. */
export const CODE = 'resource-mana.resource.catalog';

/** A row of P/Catalogue/SearchRecords (list columns) or, with every field, P/Catalogue/GetRecord (prices in fen). */
export interface RecordRow {
  id: number;
  title: string;
  parallelTitle: string;
  author: string;
  responsibility?: string;
  edition?: string;
  publisher: string;
  pubPlace?: string;
  pubYear: number | null;
  isbn: string;
  issn?: string;
  classNo: string;
  bookNo: string;
  priceFen: number | null;
  language: string;
  pages?: number | null;
  coverUrl: string;
  recommended?: boolean;
  series?: string;
  subjects?: string[];
  summary?: string;
  readingLevel?: string;
  resourceTypeId?: number | null;
  marc?: unknown;
  copies: number;
}

export interface CopyRow {
  id: number;
  barcode: string;
  callNo: string;
  locationId: number | null;
  circState: CircState;
  storeType: number;
  unitPriceFen: number | null;
}

export type Facet = { value: string | number | null; count: number };
export type FacetKey = 'language' | 'classLetter' | 'year' | 'resourceType' | 'location' | 'state';
export type Facets = Record<FacetKey, Facet[]>;

/** Fen → "12.50" (spec: prices shown with two decimals). */
export const money = (fen: number | null | undefined) => (fen == null ? '' : (fen / 100).toFixed(2));
