import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';

/**
 * Copy cataloguing (套录, spec §5/§7 P/Capture/*): a school configures SRU sources; an ISBN look-up takes the
 * first record found in the enabled sources, in their order. Vendor endpoints go to the sources tagged with
 * their name.
 */
export const CAPTURE_VENDORS = [
  'LibraryDataGradDDW',
  'LibraryDataGradZGTSW',
  'LibraryDataGradOCRC',
  'LibraryDataGradLanree',
  'LibraryDataGrad_SHTSG',
  'Scholastic',
  'SYZNCatalogue',
] as const;
export type CaptureVendor = (typeof CAPTURE_VENDORS)[number];

/** Endpoints that use any enabled source unless some source is tagged with their name. */
export const CAPTURE_LOOKUPS = [
  'MarcDataGrad',
  'ItemsImgGradChi',
  'ItemsImgGradEng',
  'GetChiIndexNum',
  'GetDwIndexNum',
  'GetLeXile',
] as const;
export type CaptureLookup = (typeof CAPTURE_LOOKUPS)[number];

/** Every name a source can be tagged with (its `vendors`). */
export const CAPTURE_ROUTES = [...CAPTURE_VENDORS, ...CAPTURE_LOOKUPS] as const;
export type CaptureRoute = (typeof CAPTURE_ROUTES)[number];

export const SRU_VERSIONS = ['1.1', '1.2', '2.0'] as const;

export const CaptureSourceCreate = z.object({
  name: z.string({ error: 'capture.nameRequired' }).trim().min(1, 'capture.nameRequired').max(60, 'validation.tooLong'),
  kind: z.literal('sru').default('sru'),
  baseUrl: z
    .string({ error: 'capture.urlRequired' })
    .trim()
    .min(1, 'capture.urlRequired')
    .max(300, 'validation.tooLong')
    .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, 'capture.urlInvalid'),
  database: z.string().trim().max(100, 'validation.tooLong').default(''),
  version: z.enum(SRU_VERSIONS).default('1.1'),
  recordSchema: z.string().trim().min(1).max(60).default('marcxml'),
  /** CQL index for ISBN, e.g. bath.isbn, dc.identifier, isbn; empty = the bare term. */
  isbnIndex: z
    .string()
    .trim()
    .max(60)
    .regex(/^[\w.:-]*$/, 'capture.indexInvalid')
    .default('bath.isbn'),
  timeoutMs: z.coerce.number().int().min(1000, 'capture.timeoutRange').max(60000, 'capture.timeoutRange').default(8000),
  enabled: z.boolean().default(true),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  vendors: z.array(z.enum(CAPTURE_ROUTES)).max(CAPTURE_ROUTES.length).default([]),
});
export type CaptureSourceCreate = z.infer<typeof CaptureSourceCreate>;
export const CaptureSourceUpdate = CaptureSourceCreate.extend({ id: z.coerce.number().int().positive() });
export type CaptureSourceUpdate = z.infer<typeof CaptureSourceUpdate>;
export const CaptureSourceListQuery = PageQuery;

export interface CaptureSource extends CaptureSourceCreate {
  id: number;
}

export const IsbnBody = z.object({
  isbn: z.string({ error: 'capture.isbnRequired' }).trim().min(1, 'capture.isbnRequired').max(30),
});
export type IsbnBody = z.infer<typeof IsbnBody>;

export const TestSourceBody = z.object({
  id: z.coerce.number().int().positive(),
  isbn: z.string().trim().max(30).optional(),
});

/** Why a source gave nothing (`capture.error.<code>`). */
export const SruErrorCode = ['UNREACHABLE', 'TIMEOUT', 'HTTP', 'BAD_RESPONSE', 'DIAGNOSTIC', 'NO_RECORDS'] as const;
export type SruErrorCode = (typeof SruErrorCode)[number];
