import { z } from 'zod';
import type { SerialKind } from './pattern.ts';

/**
 * Binding (装订): a title's arrived issues of a period become one bound volume — a normal copy of the title's
 * record with its own barcode, call number and price; the issue copies bound into it stop lending one by one.
 * The same routes exist once per kind, each behind its own screen: `P/Serials/<Magazine|Newspaper>/…`.
 */
export const BINDING_SCREENS: Record<SerialKind, { area: string; screen: string }> = {
  magazine: { area: 'Magazine', screen: 'magazine-bound' },
  newspaper: { area: 'Newspaper', screen: 'magazine-bound2' },
};

const id = z.coerce.number().int().positive();
const year = z.coerce.number().int().min(1900).max(2200);
const issueNo = (key: string) => z.coerce.number({ error: key }).int(key).min(1, key).max(1000, key);

/** The issues of a title's year as the binding screen lists them. */
export const BindIssuesQuery = z.object({ titleId: id, year });
export type BindIssuesQuery = z.infer<typeof BindIssuesQuery>;

export interface BindIssueRow {
  id: number;
  label: string;
  issueNo: number | null;
  wholeNo: number | null;
  expectedDate: string | null;
  state: 'expected' | 'arrived' | 'claimed' | 'missing';
  arrivedCopies: number;
  /** Copies on the shelf, not lent and not bound yet: what a new volume can take. */
  bindable: number;
  /** Copies bound already, and the barcodes of the volumes they went into. */
  bound: number;
  volumes: string[];
}

export const BindBody = z
  .object({
    titleId: id,
    year,
    fromIssue: issueNo('serials.binding.fromInvalid'),
    toIssue: issueNo('serials.binding.toInvalid'),
    /** The volume's barcode; empty: the next of the school's barcode rule. */
    barcode: z.string().trim().max(40).default(''),
    /** The volume's call number; empty: class/book number + "year from-to". */
    callNo: z.string().trim().max(100).default(''),
    /** Price in yuan; empty: the issues' price per issue × issues bound. */
    price: z.coerce.number().min(0).max(1_000_000).nullish(),
    locationId: id.optional(),
    /** Bind although some issues of the range never arrived (they are listed in the answer). */
    allowMissing: z.boolean().default(false),
    note: z.string().trim().max(200).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.toIssue < v.fromIssue)
      ctx.addIssue({ code: 'custom', path: ['toIssue'], message: 'serials.binding.endBeforeStart' });
  });
export type BindBody = z.infer<typeof BindBody>;

export interface VolumeRow {
  id: number;
  titleId: number;
  title: string;
  year: number;
  fromIssue: number;
  toIssue: number;
  issues: number;
  copyId: number;
  barcode: string;
  callNo: string;
  priceFen: number | null;
  circState: string;
  locationName: string;
  note: string;
  createdAt: string;
}

export interface BindResult {
  volume: VolumeRow;
  /** Issues of the range that never arrived (bound without them). */
  missing: string[];
}

export const VolumeListQuery = z.object({
  titleId: id.optional(),
  year: year.optional(),
  SearchKey: z.string().trim().max(100).default(''),
  Page: z.coerce.number().int().min(1).default(1),
  Rows: z.coerce.number().int().min(1).max(500).default(50),
});
export type VolumeListQuery = z.infer<typeof VolumeListQuery>;

export const VolumeIdBody = z.object({ volumeId: id });
