import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import type { ClcPart } from './clc.ts';
import { checkPeriod, type PeriodRange, StatFilterShape } from './filters.ts';

/**
 * Accession ledgers (账簿). A copy is accessioned on its batch's acceptance day, else on the day it was created
 * (school time zone); purchase suggestions (store 4) are not accessioned. It leaves the collection on its
 * weeding day (a weeding not taken back) or on the day its loss was registered (a loss not retrieved); a lost
 * copy weeded afterwards leaves once, with its loss.
 */

/** Copies per five basic part of the 中图法 ('' = no class number). */
export type PartCounts = Record<ClcPart | '', number>;

/** P/Statistics/Ledger (/ledger, 总括登记账): a period of the summary accession register. */
export const LedgerQuery = z
  .object({
    ...StatFilterShape,
    period: StatFilterShape.period.default('year'),
  })
  .superRefine(checkPeriod);
export type LedgerQuery = z.infer<typeof LedgerQuery>;

export type LedgerKind = 'in' | 'weeded' | 'lost';

/** One line of the summary register: an accession (one batch, or the unbatched copies of a day) or a removal day. */
export interface LedgerLine {
  key: string;
  kind: LedgerKind;
  date: string;
  batchId: number | null;
  batchNo: string;
  /** Accessions: the batch's source (采购, 捐赠 …); removals: the weeding reasons. */
  source: string;
  /** Accessions: the batch's voucher (else its invoice number); losses: the compensation orders. */
  voucher: string;
  titles: number;
  copies: number;
  valueFen: number;
  parts: PartCounts;
  /** Held after this line. */
  balanceCopies: number;
  balanceValueFen: number;
}

export interface LedgerTotals {
  copies: number;
  valueFen: number;
  parts: PartCounts;
}

export interface LedgerData {
  period: PeriodRange;
  /** Held on the period's first morning. */
  opening: { copies: number; valueFen: number };
  List: LedgerLine[];
  added: LedgerTotals & { titles: number };
  removed: LedgerTotals;
  closing: { copies: number; valueFen: number };
}

/** P/Statistics/Accessions (/store, 入藏登记): the batches accessioned in a period with their figures. */
export const AccessionQuery = LedgerQuery;
export type AccessionQuery = LedgerQuery;
export interface AccessionRow {
  key: string;
  batchId: number | null;
  batchNo: string;
  date: string;
  source: string;
  bookseller: string;
  voucher: string;
  invoiceNo: string;
  /** 0 open, 1 closed (catalogue batch states); null: copies without a batch. */
  state: number | null;
  titles: number;
  copies: number;
  valueFen: number;
  paidFen: number;
  /** Of these copies, how many have left the collection since. */
  removed: number;
}
export interface AccessionData {
  period: PeriodRange;
  List: AccessionRow[];
  total: { titles: number; copies: number; valueFen: number; paidFen: number; removed: number };
}

const zId = z.coerce.number().int().positive();

/**
 * The individual accession register (个别登记账): /singlebatch and /copybatch for one batch, /singlemultiple and
 * /copymultiple for several batches or, with no batch chosen, the copies accessioned in a period.
 */
export const RegisterQuery = PageQuery.extend({
  ...StatFilterShape,
  period: StatFilterShape.period.default('year'),
  batchIds: z.array(zId).max(200).optional(),
}).superRefine(checkPeriod);
export type RegisterQuery = z.infer<typeof RegisterQuery>;

/** One batch (/singlebatch, /copybatch): the batch is required. */
export const BatchRegisterQuery = PageQuery.extend({
  batchIds: z.array(zId, { message: 'statistics.ledger.batchRequired' }).length(1, 'statistics.ledger.batchRequired'),
});
export type BatchRegisterQuery = z.infer<typeof BatchRegisterQuery>;

/** How a copy left the collection, on the register's line. */
export interface Removal {
  kind: 'weeded' | 'lost';
  date: string;
  /** Weeding reason, or the compensation order number. */
  note: string;
}

/** What both registers show of a title. */
export interface RegisterBib {
  id: number;
  title: string;
  author: string;
  publisher: string;
  pubYear: number | null;
  isbn: string;
  callNo: string;
  /** By copy: the copy's price (else the title's); by title: the title's list price. */
  priceFen: number | null;
}

/** /singlebatch, /singlemultiple: one line per copy, in barcode order. */
export interface RegisterCopyRow extends RegisterBib {
  barcode: string;
  date: string;
  source: string;
  batchNo: string;
  locationName: string;
  removal: Removal | null;
}

/** /copybatch, /copymultiple: one line per title with its copies (barcodes in order) and their value. */
export interface RegisterTitleRow extends RegisterBib {
  copies: number;
  valueFen: number;
  barcodes: string;
  removed: number;
}

export interface RegisterData<R> {
  /** The period when no batch was chosen. */
  period?: PeriodRange;
  /** The batches the register covers (number, date, source). */
  batches: { id: number; batchNo: string; date: string; source: string; bookseller: string }[];
  List: R[];
  Total: number;
  total: { titles: number; copies: number; valueFen: number; removed: number };
}

/** P/Statistics/LedgerBatches: the batches a register may be asked for (newest first). */
export const LedgerBatchQuery = z.object({ key: z.string().trim().max(40).optional().default('') });
export interface LedgerBatchOption {
  id: number;
  batchNo: string;
  date: string | null;
  source: string;
  bookseller: string;
}
