import { z } from 'zod';

/** Spec §7: every response is read as code, success, msg and data. code 0 = success. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  msg: string;
  data: T;
  /** Stable UPPER_SNAKE code for the web client's own messages (absent on success). */
  errorCode?: string;
  /** Every invalid field, for forms to show under each field. */
  issues?: FieldIssue[];
}

export interface FieldIssue {
  path: string;
  message: string;
}

/** Lists sit under data.List with the total under data.Total. */
export interface ListData<T> {
  List: T[];
  Total: number;
}

/** Spec §9 pagination: page size 20 by default, choices 5, 10, 20, 30, 40, pager count 5. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZES = [5, 10, 20, 30, 40] as const;
export const PAGER_COUNT = 5;
/** Upper bound for a single list page (exports go through background tasks instead). */
export const PAGE_SIZE_MAX = 500;

/** Every list request takes Page, Rows, SearchKey plus filters. */
export const PageQuery = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Rows: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  SearchKey: z.string().trim().max(200).optional().default(''),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const IdBody = z.object({ id: z.coerce.number().int().positive() });
export type IdBody = z.infer<typeof IdBody>;

export const IdsBody = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1).max(5000) });
export type IdsBody = z.infer<typeof IdsBody>;

export { CODE_CLIENT_TOKEN_INVALID, CODE_FAIL } from './envelope-codes.ts';
