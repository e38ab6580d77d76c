import { generateRange } from '@shuyuan/contracts/printing/barcode';
import { callNumberLines } from '@shuyuan/contracts/printing/call-number';
import type { LabelKind } from '@shuyuan/contracts/printing/label-template';
import type { PrintLabelRow, PrintSource } from '@shuyuan/contracts/printing/print-api';
import { PRINT_LIMIT } from '@shuyuan/contracts/printing/print-job';
import { and, asc, count, eq, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { school } from '../school/school.table.ts';
import { parseSearchQuery, searchWhere } from '../search/lib/query.ts';
import type { LabelData } from './lib/label-layout.ts';
import { preprintRange } from './printing.table.ts';

/**
 * Turns a print selection into label rows: copies (spine / barcode labels), readers (cards), typed call numbers
 * or barcode ranges (pre-printing). Everything is read through the school's Scope. A selection larger than
 * PRINT_LIMIT is refused before anything is loaded; an empty one is 'The print data is invalid'.
 */
export interface PrintRows {
  total: number;
  rows: PrintLabelRow[];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const starts = (s: string) => `${escapeLike(s)}%`;
const contains = (s: string) => `%${escapeLike(s)}%`;

/** WHERE on copies for a copy selection. */
function copyCondition(scope: Scope, source: PrintSource): SQL | undefined {
  switch (source.type) {
    case 'copies':
      return inArray(copy.id, source.ids);
    case 'barcodes':
      return inArray(copy.barcode, source.barcodes);
    case 'barcodeRange': {
      // Same-width barcodes compare as numbers do; widths outside from..to are not in the range.
      const [lo, hi] = [source.from, source.to];
      return and(
        gte(copy.barcode, lo),
        lte(copy.barcode, hi),
        sql`char_length(${copy.barcode}) between ${Math.min(lo.length, hi.length)} and ${Math.max(lo.length, hi.length)}`,
      );
    }
    case 'callNoRange':
      return and(
        gte(copy.callNo, source.from),
        or(lte(copy.callNo, source.to), sql`${copy.callNo} like ${starts(source.to)}`),
        ne(copy.callNo, ''),
      );
    case 'batch':
      return eq(copy.batchId, source.batchId);
    case 'search': {
      const q = parseSearchQuery(source.key);
      const byBarcode = eq(copy.barcode, source.key);
      if (!q) return byBarcode;
      const matching = sql`(select ${catalogueRecord.id} from ${catalogueRecord} where ${scope.where(
        catalogueRecord,
        searchWhere({ vector: catalogueRecord.search, title: catalogueRecord.title }, q),
      )})`;
      return or(byBarcode, inArray(copy.recordId, matching));
    }
    default:
      return undefined;
  }
}

const isCopySource = (s: PrintSource) =>
  ['copies', 'barcodes', 'barcodeRange', 'callNoRange', 'batch', 'search'].includes(s.type);

/** Copy order on the sheet: shelf order (call number) for spine labels, barcode order otherwise. */
const copyOrder = (kind: LabelKind) =>
  kind === 'spine' ? [asc(copy.callNo), asc(copy.barcode), asc(copy.id)] : [asc(copy.barcode), asc(copy.id)];

function readerCondition(scope: Scope, s: Extract<PrintSource, { type: 'readers' }>): SQL {
  const parts: SQL[] = [];
  if (s.ids.length) parts.push(inArray(appUser.id, s.ids));
  if (s.classIds.length) parts.push(inArray(appUser.classId, s.classIds));
  if (s.gradeIds.length)
    parts.push(
      inArray(
        appUser.classId,
        sql`(select ${schoolClass.id} from ${schoolClass} where ${scope.where(schoolClass, inArray(schoolClass.gradeId, s.gradeIds))})`,
      ),
    );
  if (s.key) parts.push(or(ilike(appUser.account, contains(s.key)), ilike(appUser.name, contains(s.key)))!);
  if (!parts.length) throw fail('PRINT_DATA_INVALID', 'printing.job.dataInvalid');
  return and(ne(appUser.identity, 'staff'), or(...parts))!;
}

async function preprintBarcodes(db: Db, scope: Scope, source: PrintSource): Promise<string[] | null> {
  if (source.type === 'range') return [...generateRange(source.range)];
  if (source.type !== 'preprint') return null;
  const [r] = await db
    .select()
    .from(preprintRange)
    .where(scope.where(preprintRange, eq(preprintRange.id, source.rangeId)))
    .limit(1);
  if (!r) throw notFound('printing.range.notFound');
  if (r.endSeq - r.startSeq + 1 > PRINT_LIMIT) throw fail('PRINT_LIMIT', 'printing.job.limit');
  return [
    ...generateRange({ prefix: r.prefix, start: r.startSeq, end: r.endSeq, width: r.width, checkDigit: r.checkDigit }),
  ];
}

const SAMPLE: PrintLabelRow = {
  id: 0,
  barcode: 'T0000123',
  callNumber: 'I247.5/123:2',
  title: '小王子',
  readerName: '张小明',
  readerClass: '三年级 2 班',
};

/** Counts the selection, refusing more than PRINT_LIMIT (without loading it). */
export async function countSelection(db: Db, scope: Scope, source: PrintSource): Promise<number> {
  if (isCopySource(source)) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(copy)
      .where(scope.where(copy, copyCondition(scope, source)));
    return n;
  }
  if (source.type === 'readers') {
    const [{ n }] = await db
      .select({ n: count() })
      .from(appUser)
      .where(scope.where(appUser, readerCondition(scope, source)));
    return n;
  }
  if (source.type === 'callNumbers') return source.lines.reduce((a, l) => a + l.count, 0);
  if (source.type === 'sample') return source.count;
  if (source.type === 'range') return source.range.end - source.range.start + 1;
  const [r] = await db
    .select({ n: sql<number>`${preprintRange.endSeq} - ${preprintRange.startSeq} + 1` })
    .from(preprintRange)
    .where(scope.where(preprintRange, eq(preprintRange.id, (source as { rangeId: number }).rangeId)))
    .limit(1);
  if (!r) throw notFound('printing.range.notFound');
  return Number(r.n);
}

/**
 * The label rows of a selection, in print order; `page` limits to one page of a list screen. Refuses an empty
 * or too large selection (spec §5) unless `page` is given (a list may be empty).
 */
export async function selectRows(
  db: Db,
  scope: Scope,
  kind: LabelKind,
  source: PrintSource,
  page?: { offset: number; limit: number },
): Promise<PrintRows> {
  const total = await countSelection(db, scope, source);
  if (!page) {
    if (total > PRINT_LIMIT) throw fail('PRINT_LIMIT', 'printing.job.limit', { limit: PRINT_LIMIT });
    if (total === 0) throw fail('PRINT_DATA_INVALID', 'printing.job.dataInvalid');
  }
  const offset = page?.offset ?? 0;
  const limit = page?.limit ?? PRINT_LIMIT;
  if (isCopySource(source)) {
    const rows = await db
      .select({ id: copy.id, barcode: copy.barcode, callNumber: copy.callNo, title: catalogueRecord.title })
      .from(copy)
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
      .where(scope.where(copy, copyCondition(scope, source)))
      .orderBy(...copyOrder(kind))
      .offset(offset)
      .limit(limit);
    return { total, rows };
  }
  if (source.type === 'readers') {
    const rows = await db
      .select({
        id: appUser.id,
        barcode: appUser.account,
        readerName: appUser.name,
        className: schoolClass.name,
        gradeName: grade.name,
      })
      .from(appUser)
      .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
      .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
      .where(scope.where(appUser, readerCondition(scope, source)))
      .orderBy(asc(grade.sort), asc(schoolClass.sort), asc(schoolClass.name), asc(appUser.account))
      .offset(offset)
      .limit(limit);
    return {
      total,
      rows: rows.map((r) => ({
        id: r.id,
        barcode: r.barcode,
        callNumber: '',
        title: '',
        readerName: r.readerName,
        readerClass: [r.gradeName, r.className].filter(Boolean).join(' '),
      })),
    };
  }
  if (source.type === 'callNumbers') {
    const all = source.lines.flatMap((l, i) =>
      Array.from({ length: l.count }, () => ({ id: i + 1, barcode: '', callNumber: l.callNumber, title: '' })),
    );
    return { total, rows: all.slice(offset, offset + limit) };
  }
  if (source.type === 'sample')
    return { total, rows: Array.from({ length: Math.min(total, limit) }, (_, i) => ({ ...SAMPLE, id: i + 1 })) };
  const codes = (await preprintBarcodes(db, scope, source)) ?? [];
  return {
    total,
    rows: codes
      .slice(offset, offset + limit)
      .map((b, i) => ({ id: offset + i + 1, barcode: b, callNumber: '', title: '' })),
  };
}

export async function schoolName(db: Db, scope: Scope): Promise<string> {
  const [s] = await db.select({ name: school.name }).from(school).where(eq(school.id, scope.schoolId)).limit(1);
  return s?.name ?? '';
}

/** LabelData for the renderers; photos are loaded by `photo(url)` (reader cards only). */
export async function toLabels(
  rows: PrintLabelRow[],
  school: string,
  photo?: (id: number) => Promise<Buffer | undefined>,
): Promise<LabelData[]> {
  const out: LabelData[] = [];
  for (const r of rows)
    out.push({
      barcode: r.barcode || undefined,
      callNumber: r.callNumber && callNumberLines(r.callNumber).length ? r.callNumber : undefined,
      title: r.title || undefined,
      schoolName: school,
      readerName: r.readerName,
      readerClass: r.readerClass,
      photo: photo && r.id ? await photo(r.id) : undefined,
    });
  return out;
}
