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
/** A source speaks SRU (an http(s) base URL) or Z39.50 (host:port). */
export const CAPTURE_KINDS = ['sru', 'z3950'] as const;
export type CaptureKind = (typeof CAPTURE_KINDS)[number];
/** Z39.50 record syntaxes: USMARC (MARC21) or UNIMARC (also CNMARC). */
export const Z3950_SYNTAXES = ['usmarc', 'unimarc'] as const;
/** How a source's MARC records are encoded ('auto': as the MARC importer detects it); GBK sources get GBK terms. */
export const CAPTURE_CHARSETS = ['auto', 'utf8', 'marc8', 'gb18030'] as const;
export type CaptureCharset = (typeof CAPTURE_CHARSETS)[number];

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const HOST_PORT = /^[A-Za-z0-9.-]+:\d{1,5}$/;

export const CaptureSourceCreate = z.object({
  name: z.string({ error: 'capture.nameRequired' }).trim().min(1, 'capture.nameRequired').max(60, 'validation.tooLong'),
  kind: z.enum(CAPTURE_KINDS).default('sru'),
  /** SRU: the base URL (http/https); Z39.50: host:port. Which one the kind wants is checked by the server. */
  baseUrl: z
    .string({ error: 'capture.urlRequired' })
    .trim()
    .min(1, 'capture.urlRequired')
    .max(300, 'validation.tooLong')
    .refine((v) => HTTP_URL.test(v) || HOST_PORT.test(v), 'capture.urlInvalid'),
  database: z.string().trim().max(100, 'validation.tooLong').default(''),
  version: z.enum(SRU_VERSIONS).default('1.1'),
  /** SRU: the record schema (marcxml); Z39.50: the record syntax (usmarc, unimarc). */
  recordSchema: z.string().trim().min(1).max(60).default('marcxml'),
  charset: z.enum(CAPTURE_CHARSETS).default('auto'),
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
  /**
   * Z39.50 sign-in given by a union catalogue to its members (NLC, CALIS): sent in the Init as idPass
   * {groupId, userId, password} when a user is set. The password is write-only: never sent back (`hasPassword`);
   * empty or absent keeps the stored one, `clearPassword` removes it.
   */
  user: z.string().trim().max(100, 'validation.tooLong').default(''),
  group: z.string().trim().max(100, 'validation.tooLong').default(''),
  password: z.string().max(200, 'validation.tooLong').optional(),
  clearPassword: z.boolean().optional(),
});
export type CaptureSourceCreate = z.infer<typeof CaptureSourceCreate>;
export const CaptureSourceUpdate = CaptureSourceCreate.extend({ id: z.coerce.number().int().positive() });
export type CaptureSourceUpdate = z.infer<typeof CaptureSourceUpdate>;
export const CaptureSourceListQuery = PageQuery;

/** A source as the browser sees it: never its password, only whether one is stored. */
export interface CaptureSource extends Omit<CaptureSourceCreate, 'password' | 'clearPassword'> {
  id: number;
  hasPassword: boolean;
}

/** What a Z39.50 target answered to the character-set proposal (UTF-8): its choice, and whether records follow it. */
export interface CaptureNegotiated {
  charset: string;
  records: boolean;
}

export const IsbnBody = z.object({
  isbn: z.string({ error: 'capture.isbnRequired' }).trim().min(1, 'capture.isbnRequired').max(30),
});
export type IsbnBody = z.infer<typeof IsbnBody>;

export const TestSourceBody = z.object({
  id: z.coerce.number().int().positive(),
  isbn: z.string().trim().max(30).optional(),
});

/** The address form a kind wants (http(s) URL for SRU, host:port for Z39.50). */
export const addressFits = (kind: CaptureKind, baseUrl: string) =>
  kind === 'z3950' ? HOST_PORT.test(baseUrl.trim()) : HTTP_URL.test(baseUrl.trim());

/**
 * Copy-cataloguing search (P/Capture/SearchSources): any of ISBN, title, author, keyword (all given must match),
 * across the enabled sources (or the listed ones); up to `perSource` candidates from each.
 */
export const CaptureSearchBody = z
  .object({
    isbn: z.string().trim().max(30).default(''),
    title: z.string().trim().max(200).default(''),
    author: z.string().trim().max(100).default(''),
    keyword: z.string().trim().max(200).default(''),
    sourceIds: z.array(z.coerce.number().int().positive()).max(50).optional(),
    perSource: z.coerce.number().int().min(1).max(20).default(5),
  })
  .refine((b) => b.isbn || b.title || b.author || b.keyword, { message: 'capture.searchEmpty', path: ['keyword'] });
export type CaptureSearchBody = z.infer<typeof CaptureSearchBody>;

/** One record a source offers: what a cataloguer compares, and the fields to import. */
export interface CaptureCandidate {
  /** Stable within one answer: source id and position. */
  key: string;
  source: { id: number; name: string };
  title: string;
  author: string;
  publisher: string;
  pubYear: number | null;
  isbn: string;
  /** The ISBN asked differs from every ISBN of the record (or the record has none). */
  isbnMismatch: boolean;
  flavour: string;
  fields: Record<string, unknown>;
  warnings: string[];
}

/** Per source: how many it holds and what it gave, or why it gave nothing. */
export interface CaptureSearchResult {
  candidates: CaptureCandidate[];
  sources: { id: number; name: string; ok: boolean; total: number; message?: string }[];
}

/**
 * Well-known sources a school enables with one click (P/Capture/GetKnownSources, AddKnownSource {key}).
 * `verified`: the address was checked against public documentation (see the capture README); others are
 * offered as "to be confirmed".
 */
export interface KnownSource {
  key: string;
  kind: CaptureKind;
  baseUrl: string;
  database: string;
  version: (typeof SRU_VERSIONS)[number];
  recordSchema: string;
  isbnIndex: string;
  charset: CaptureCharset;
  verified: boolean;
  /** Documentation where the parameters are published. */
  doc: string;
}

export const KNOWN_SOURCES: readonly KnownSource[] = [
  // LC's Z39.50/SRU configuration guidelines: lx2.loc.gov port 210, database LCDB (UTF-8 records).
  {
    key: 'loc-lcdb',
    kind: 'z3950',
    baseUrl: 'lx2.loc.gov:210',
    database: 'LCDB',
    version: '1.1',
    recordSchema: 'usmarc',
    isbnIndex: '',
    charset: 'utf8',
    verified: true,
    doc: 'https://www.loc.gov/z3950/lcserver.html',
  },
  // The same guidelines: SRU base URL http://lx2.loc.gov:210/LCDB, SRU 1.1, CQL index bath.isbn.
  {
    key: 'loc-sru',
    kind: 'sru',
    baseUrl: 'http://lx2.loc.gov:210',
    database: 'LCDB',
    version: '1.1',
    recordSchema: 'marcxml',
    isbnIndex: 'bath.isbn',
    charset: 'auto',
    verified: true,
    doc: 'https://www.loc.gov/z3950/lcserver.html',
  },
  // LC's Voyager server, the address most Z39.50 clients list (MARC-8 records); not in the guidelines above.
  {
    key: 'loc-voyager',
    kind: 'z3950',
    baseUrl: 'z3950.loc.gov:7090',
    database: 'Voyager',
    version: '1.1',
    recordSchema: 'usmarc',
    isbnIndex: '',
    charset: 'marc8',
    verified: false,
    doc: 'https://www.loc.gov/z3950/',
  },
];

export const KnownSourceBody = z.object({ key: z.string().trim().min(1).max(40) });

/**
 * Why a source gave nothing (`capture.error.<code>`). BLOCKED: a union's remote member whose address is on the
 * server's own machine or a private network, refused unless the server allows it (union README "Federation").
 */
export const SruErrorCode = [
  'UNREACHABLE',
  'TIMEOUT',
  'HTTP',
  'BAD_RESPONSE',
  'DIAGNOSTIC',
  'NO_RECORDS',
  'REFUSED',
  'BLOCKED',
] as const;
export type SruErrorCode = (typeof SruErrorCode)[number];
