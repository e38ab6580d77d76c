import { z } from 'zod';
import { MarcRecord } from '../marc/record.ts';
import type { UnionHit } from './union.ts';

/**
 * Remote members of a union (federation over SRU): another Shuyuan deployment's school (`https://host/sru/CODE`) or
 * any SRU server, asked alongside the union's own members by union search and union cataloguing. Managed by the
 * union's creator and administrators; never lent from (no lending across deployments).
 */
export const REMOTE_SRU_VERSIONS = ['1.1', '1.2', '2.0'] as const;
export const REMOTE_TIMEOUT = { min: 1000, max: 15000, default: 5000 } as const;
/** Records asked of each remote member per search. */
export const REMOTE_PER_SOURCE = { max: 20, default: 10 } as const;

const id = z.coerce.number().int().positive();
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?$/i;

/** The remote's SRU base URL: http or https only (no user:password@), without a query. */
export const RemoteBaseUrl = z
  .string({ error: 'union.remote.urlRequired' })
  .trim()
  .min(1, 'union.remote.urlRequired')
  .max(300, 'validation.tooLong')
  .refine((v) => HTTP_URL.test(v) && !v.includes('?'), 'union.remote.urlInvalid');

/** What the "test" button sends: the form's address, version and timeout (saved or not). */
export const UnionRemoteTarget = z.object({
  unionId: id,
  baseUrl: RemoteBaseUrl,
  version: z.enum(REMOTE_SRU_VERSIONS).default('1.2'),
  timeoutMs: z.coerce
    .number()
    .int()
    .min(REMOTE_TIMEOUT.min, 'union.remote.timeoutRange')
    .max(REMOTE_TIMEOUT.max, 'union.remote.timeoutRange')
    .default(REMOTE_TIMEOUT.default),
});
export type UnionRemoteTarget = z.infer<typeof UnionRemoteTarget>;

export const UnionRemoteCreate = UnionRemoteTarget.extend({
  name: z.string({ error: 'union.remote.nameRequired' }).trim().min(1, 'union.remote.nameRequired').max(60),
  enabled: z.boolean().default(true),
});
export type UnionRemoteCreate = z.infer<typeof UnionRemoteCreate>;

export const UnionRemoteUpdate = UnionRemoteCreate.omit({ unionId: true }).extend({ id });
export type UnionRemoteUpdate = z.infer<typeof UnionRemoteUpdate>;

export const RemoteIdBody = z.object({ id });

export interface UnionRemoteDto {
  id: number;
  unionId: number;
  name: string;
  baseUrl: string;
  version: string;
  timeoutMs: number;
  enabled: boolean;
  createdAt: string;
}

/** The "test" button's answer: the explain (the server's own title) and a one-record search. */
export interface UnionRemoteTest {
  explain: { ok: boolean; title?: string; message?: string };
  search: { ok: boolean; total?: number; title?: string; message?: string };
  ms: number;
}

/** Union search over the remote members: the same text and field as the local search. */
export const UnionRemoteSearchQuery = z.object({
  unionId: id,
  SearchKey: z.string().trim().max(200).default(''),
  field: z.enum(['title', 'author', 'isbn', 'publisher']).optional(),
  perRemote: z.coerce.number().int().min(1).max(REMOTE_PER_SOURCE.max).default(REMOTE_PER_SOURCE.default),
});
export type UnionRemoteSearchQuery = z.infer<typeof UnionRemoteSearchQuery>;

/** One record a remote member answered. `marc` only on union cataloguing (what "copy record" sends back). */
export interface RemoteHit
  extends Pick<UnionHit, 'title' | 'author' | 'publisher' | 'pubYear' | 'isbn' | 'classNo' | 'ownMatch'> {
  key: string;
  remoteId: number;
  remoteName: string;
  marc?: MarcRecord;
  /** The school's MARC rules make a catalogue record of it; else `warnings` say why (no title…). */
  copyable: boolean;
  warnings: string[];
}

/** Per remote member: it answered (with how many records) or why not, in the caller's language. */
export interface RemoteStatus {
  id: number;
  name: string;
  ok: boolean;
  total: number;
  ms: number;
  message?: string;
}

export interface UnionRemoteSearchResult {
  List: RemoteHit[];
  remotes: RemoteStatus[];
}

/** Copy a remote member's record into the school: its MARC, mapped by the school's MARC rules. */
export const UnionCopyRemote = z.object({
  unionId: id,
  remoteId: id,
  marc: MarcRecord.refine((m) => m.fields.length <= 500, 'validation.tooLong'),
  force: z.boolean().optional().default(false),
});
export type UnionCopyRemote = z.infer<typeof UnionCopyRemote>;
