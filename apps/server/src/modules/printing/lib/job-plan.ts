import { pageCount } from '@shuyuan/contracts/printing/label-template';
import type { LabelTemplate } from '@shuyuan/contracts/printing/label-template';
import { checkPageRange, PRINT_LIMIT, type PrintPageRange } from '@shuyuan/contracts/printing/print-job';
import { fail } from '../../../platform/errors.ts';
import './printing.messages.ts';

/** The pages a job prints (1-based, inclusive) out of the pages its labels fill. */
export interface JobPlan {
  pages: number;
  first: number;
  last: number;
}

/**
 * Checks a job before anything is drawn, so a refused job leaves no partial file: spec §5 at most 5000
 * records (PRINT_LIMIT), at least one, and a page range inside the document ('The print data is invalid,
 * please select again').
 */
export function planJob(t: LabelTemplate, total: number, range: PrintPageRange = {}): JobPlan {
  if (total > PRINT_LIMIT) throw fail('PRINT_LIMIT', 'printing.job.limit', { limit: PRINT_LIMIT });
  const pages = pageCount(t, total);
  const r = total > 0 ? checkPageRange(range, pages) : null;
  if (!r) throw fail('PRINT_DATA_INVALID', 'printing.job.dataInvalid');
  return { pages, first: r[0], last: r[1] };
}

/** Counts an array's labels; a stream of labels must say how many it will yield. */
export function totalOf(labels: Iterable<unknown> | AsyncIterable<unknown>, total?: number): number {
  if (total !== undefined) return total;
  if (Array.isArray(labels)) return labels.length;
  throw new Error('printing: pass `total` when labels are a stream');
}
