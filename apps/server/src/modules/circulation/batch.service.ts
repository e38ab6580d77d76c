import type { BatchAnswer, BatchItemResult } from '@shuyuan/contracts/circulation/desk';
import { CircError } from '@shuyuan/contracts/circulation/loan';
import type { Db } from '../../db/client.ts';
import { BizError } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { borrowItem } from './borrow.service.ts';
import { returnItem } from './circulation.service.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;

export interface BorrowLine {
  line: number;
  readerBarcode: string;
  barcode: string;
}

/** A refusal as a result line in the caller's language; anything that is not a refusal stops the batch. */
function refused(base: Omit<BatchItemResult, 'ok'>, e: unknown, t: Tr): BatchItemResult {
  if (!(e instanceof BizError)) throw e;
  return { ...base, ok: false, errorCode: e.errorCode, message: t(e.msgKey, e.params) };
}

function summary(results: BatchItemResult[]): BatchAnswer {
  const succeeded = results.filter((r) => r.ok).length;
  return { total: results.length, succeeded, failed: results.length - succeeded, results };
}

/**
 * Batch borrow (P/Circulation/batchcirc): every line is one borrowItem in its own transaction, so good lines
 * are lent and each refused line says why, exactly as at the desk (limits, ranges, reservations …). Blank
 * lines are skipped; a line without a reader is refused. Lines run in order, so a reader's limit counts the
 * copies lent by earlier lines of the same list.
 */
export async function batchBorrow(
  db: Db,
  scope: Scope,
  lines: BorrowLine[],
  operatorId: number | null,
  t: Tr,
): Promise<BatchAnswer> {
  const results: BatchItemResult[] = [];
  for (const l of lines) {
    if (!l.barcode && !l.readerBarcode) continue;
    const base = { line: l.line, readerBarcode: l.readerBarcode, barcode: l.barcode };
    if (!l.readerBarcode || !l.barcode) {
      const [errorCode, key] = l.readerBarcode
        ? [CircError.COPY_NOT_FOUND, 'circ.batch.copyMissing']
        : [CircError.READER_NOT_FOUND, 'circ.batch.readerMissing'];
      results.push({ ...base, ok: false, errorCode, message: t(key) });
      continue;
    }
    try {
      const r = await borrowItem(db, scope, { ...l, operatorId, via: 'batch' });
      results.push({ ...base, ok: true, title: r.title, readerName: r.reader.name, dueDate: r.dueDate });
    } catch (e) {
      results.push(refused(base, e, t));
    }
  }
  return summary(results);
}

/**
 * Batch return (P/Circulation/batchreturn): every barcode is one returnItem in its own transaction — 500
 * copies with 3 bad barcodes return 497 and list the 3 with their reasons. Blank lines are skipped. Each
 * returned line carries the reader, the days overdue and a hold-shelf notice when a reservation took it.
 */
export async function batchReturn(
  db: Db,
  scope: Scope,
  lines: { line: number; barcode: string }[],
  operatorId: number | null,
  t: Tr,
): Promise<BatchAnswer> {
  const results: BatchItemResult[] = [];
  for (const l of lines) {
    if (!l.barcode) continue;
    const base = { line: l.line, barcode: l.barcode };
    try {
      const r = await returnItem(db, scope, { barcode: l.barcode, operatorId });
      results.push({
        ...base,
        ok: true,
        title: r.title,
        readerBarcode: r.reader.account,
        readerName: r.reader.name,
        dueDate: r.dueDate,
        overdueDays: r.overdueDays,
        holdFor: r.hold ? r.hold.name : null,
      });
    } catch (e) {
      results.push(refused(base, e, t));
    }
  }
  return summary(results);
}
