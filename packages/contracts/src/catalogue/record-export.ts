import type { z } from 'zod';
import { RecordSearchQuery } from './record.ts';

/**
 * P/Catalogue/ExportRecords: the catalogue list's search (text, field, facets, order) without paging — the
 * export has every record the list found.
 */
export const RecordExportQuery = RecordSearchQuery.omit({ Page: true, Rows: true });
export type RecordExportQuery = z.infer<typeof RecordExportQuery>;

/** The columns of the records export, in file order (labels are server messages `catalogue.recordCol.<key>`). */
export const RECORD_EXPORT_COLUMNS = [
  'title',
  'parallelTitle',
  'author',
  'responsibility',
  'edition',
  'publisher',
  'pubPlace',
  'pubYear',
  'isbn',
  'issn',
  'classNo',
  'bookNo',
  'price',
  'language',
  'pages',
  'series',
  'subjects',
  'resourceType',
  'copies',
] as const;
