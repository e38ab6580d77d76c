import fs from 'node:fs';
import path from 'node:path';
import { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import type { Lang } from '@shuyuan/contracts/common/lang';
import {
  CATA_IMPORT_COLUMNS,
  type CataImportColumn,
  type CataImportRow,
  type DuplicatePolicy,
} from '@shuyuan/contracts/marc/api';
import type { MarcHolding } from '@shuyuan/contracts/marc/mapping';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { analyzeTables } from '../../platform/analyze.ts';
import { checkSheetFile, sheetFailure } from '../../platform/files/sheet.ts';
import { sheetRowsOffThread } from '../../platform/files/sheet-thread.ts';
import { writeImportResult } from '../../platform/files/import-result.ts';
import { t as translate } from '../../platform/i18n/messages.ts';
import { type JobHandle, type JobResultTarget, registerJobResult } from '../../platform/jobs/jobs.ts';
import { Scope } from '../../platform/tenancy.ts';
import { recordMatchKeys } from '../catalogue/match-keys.ts';
import { describeKey, firstMatch, recordsByMatchKeys } from '../catalogue/match.service.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { recordDocument } from '../catalogue/record-document.ts';
import { type CopyRequest, ImportTarget } from './marc.copies.ts';
import { insertRecords } from './marc.insert.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;
type Raw = Record<CataImportColumn, string>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows per step: on the embedded database a desk's loan waits for the step in hand (see marc.import.ts). */
const BATCH = { postgres: 500, pglite: 50 } as const;

/** The template: one sheet with the column headers in the caller's language. */
export async function cataTemplate(tr: Tr): Promise<{ data: Buffer; fileName: string; type: string }> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(tr('marc.cata.sheet').slice(0, 31));
  ws.columns = CATA_IMPORT_COLUMNS.map((k) => ({
    header: tr(`marc.cata.col.${k}`),
    key: k,
    width: k === 'title' || k === 'summary' ? 30 : 14,
  }));
  ws.getRow(1).font = { bold: true };
  // keep ISBNs and barcodes as text (Excel would show 9.78E+12, or drop leading zeros)
  for (const k of ['isbn', 'barcodes'] as const) ws.getColumn(k).numFmt = '@';
  return { data: Buffer.from(await wb.xlsx.writeBuffer()), fileName: `${tr('marc.cata.sheet')}.xlsx`, type: XLSX };
}

/** A sheet row → the record form's contract input, so a row is checked exactly like the form. */
function toInput(raw: Raw) {
  const num = (v: string) => (v === '' ? undefined : v.replace(/[,，¥￥元\s]/g, ''));
  return RecordCreate.safeParse({
    ...raw,
    pubYear: num(raw.pubYear),
    price: num(raw.price),
    pages: num(raw.pages),
    subjects: raw.subjects
      .split(/[;；,，、]/)
      .map((s) => s.trim())
      .filter(Boolean),
  });
}

const norm = (s: string) => s.replace(/[\s（）()：:*＊;；]/g, '').toLowerCase();

/** Other header texts schools use for a column (besides the zh/en template headers). */
const ALIASES: Partial<Record<CataImportColumn, string[]>> = {
  title: ['题名', '书名', '正题名', 'title'],
  author: ['作者', '著者', 'author'],
  isbn: ['isbn', 'isbn号'],
  price: ['价格', '定价', 'price'],
  subjects: ['主题词', '主题', 'subjects'],
  barcodes: ['条码', '条形码', '登录号', 'barcode', 'barcodes'],
  copies: ['复本数', '复本', 'copies'],
  classNo: ['中图分类号', '分类号', 'classno'],
  batch: ['批次', '批次号', 'batch', 'batchno'],
};

/** Header text → column key: the template headers in Chinese and English, and the aliases above. */
function headerIndex(): Map<string, CataImportColumn> {
  const m = new Map<string, CataImportColumn>();
  for (const k of CATA_IMPORT_COLUMNS) {
    for (const lang of ['zh', 'en'] as const) m.set(norm(translate(lang, `marc.cata.col.${k}`)), k);
    for (const a of ALIASES[k] ?? []) if (!m.has(norm(a))) m.set(norm(a), k);
  }
  return m;
}

/** Columns by header text (row 1), in either language, in any order; unknown columns are ignored. */
function headerColumns(cells: string[]): Map<CataImportColumn, number> {
  const index = headerIndex();
  const at = new Map<CataImportColumn, number>();
  cells.forEach((text, col) => {
    const key = index.get(norm(text));
    if (key && !at.has(key)) at.set(key, col);
  });
  return at;
}

/** A data row by column key, or null when blank (blank rows are skipped). */
function rawRow(cells: string[], at: Map<CataImportColumn, number>): Raw | null {
  const raw = Object.fromEntries(
    CATA_IMPORT_COLUMNS.map((k) => {
      const col = at.get(k);
      return [k, col === undefined ? '' : (cells[col] ?? '')];
    }),
  ) as Raw;
  return Object.values(raw).some(Boolean) ? raw : null;
}

/**
 * Data rows of the first sheet (row 1 is the header) with their row numbers, streamed in chunks of `size`: the
 * sheet is never held in memory, and it is parsed in a worker thread (this one, which answers the desk, only takes
 * the finished rows). The first pass (`count`) checks the header and the row limit before anything is written.
 */
async function* sheetChunks(
  file: string,
  at: Map<CataImportColumn, number>,
  size: number,
  failure: (e: unknown) => unknown,
) {
  let chunk: { rowNo: number; raw: Raw }[] = [];
  try {
    for await (const r of sheetRowsOffThread(file, { checked: true })) {
      if (r.rowNo === 1) continue;
      const raw = rawRow(r.cells, at);
      if (!raw) continue;
      chunk.push({ rowNo: r.rowNo, raw });
      if (chunk.length >= size) {
        yield chunk;
        chunk = [];
      }
    }
  } catch (e) {
    // a reading error only: the caller's errors end this generator through its `return`, not here
    throw failure(e);
  }
  if (chunk.length) yield chunk;
}

/** The copies a row describes: one per barcode, else `copies` numbered by the barcode rule. */
function rowCopies(raw: Raw): { ok: true; copies: MarcHolding[] } | { ok: false } {
  const location = raw.location.trim();
  const barcodes = raw.barcodes
    .split(/[;；,，\s]+/)
    .map((b) => b.trim())
    .filter(Boolean);
  if (barcodes.length) return { ok: true, copies: barcodes.map((barcode) => ({ barcode, location, callNo: '' })) };
  if (!raw.copies.trim()) return { ok: true, copies: [] };
  const n = Number(raw.copies.trim());
  if (!Number.isInteger(n) || n < 1 || n > 500) return { ok: false };
  return { ok: true, copies: Array.from({ length: n }, () => ({ barcode: '', location, callNo: '' })) };
}

/**
 * The import task of /marc-catalog-import: every row is checked like the record form and under the school's
 * cataloguing rules; good rows are written in batches with their copies (records and copies in one
 * transaction; a failing batch is redone row by row, so a bad row costs only itself); the result sheet lists
 * every row with "imported" or its reasons, and `errors.json` beside it keeps the rows the screen shows.
 */
export async function runCataImport(
  app: FastifyInstance,
  job: JobHandle,
  o: { file: string; policy: DuplicatePolicy; tr: Tr },
) {
  const { tr } = o;
  const db = app.database.db;
  const scope = new Scope(job.schoolId);
  const sheetError = (e: unknown) => sheetFailure(e, tr, 'marc.cata.badFile');
  let at = new Map<CataImportColumn, number>();
  let total = 0;
  try {
    await checkSheetFile(o.file);
    for await (const r of sheetRowsOffThread(o.file, { checked: true })) {
      if (r.rowNo === 1) at = headerColumns(r.cells);
      else if (rawRow(r.cells, at)) total++;
    }
  } catch (e) {
    throw sheetError(e);
  }
  if (!at.has('title')) throw new Error(tr('marc.cata.noTitle'));
  await job.setTotal(total);
  const target = await ImportTarget.load(db, scope, tr);
  // Match key → the sheet row that brought it (duplicates inside the sheet are skipped too).
  const seen = new Map<string, { rowNo: number; title: string }>();
  let imported = false;
  // A stopped or failed task leaves the loop, which ends the worker reading the sheet.
  for await (const chunk of sheetChunks(o.file, at, BATCH[app.database.kind], sheetError)) {
    if (job.stopped) break;
    const parsed = chunk.map((r) => ({ ...r, p: toInput(r.raw), c: rowCopies(r.raw) }));
    const out: CataImportRow[] = [];
    const keysOf = new Map(parsed.map((r) => [r, r.p.success ? recordMatchKeys(r.p.data) : []]));
    const wanted = [...new Set([...keysOf.values()].flat())];
    const existing = o.policy === 'skip' ? await recordsByMatchKeys(db, scope, wanted) : new Map();
    const good: { out: CataImportRow; row: RecordCreate; req: Omit<CopyRequest, 'recordId'> }[] = [];
    for (const r of parsed) {
      const { rowNo, raw, p, c } = r;
      const base = { rowNo, title: raw.title, isbn: raw.isbn };
      const keys = keysOf.get(r) ?? [];
      const inSheet = o.policy === 'skip' ? firstMatch(keys, (k) => seen.get(k)) : null;
      const inSchool = o.policy === 'skip' && !inSheet ? firstMatch(keys, (k) => existing.get(k)) : null;
      const ruled = p.success ? target.applyRules(p.data) : null;
      if (!p.success) {
        const reasons = p.error.issues.map((x) => `${tr(`marc.cata.col.${String(x.path[0])}`)}: ${tr(x.message)}`);
        out.push({ ...base, status: 'failed', result: reasons.join('; ') });
      } else if (!c.ok) {
        out.push({
          ...base,
          status: 'failed',
          result: `${tr('marc.cata.col.copies')}: ${tr('marc.cata.copiesInvalid')}`,
        });
      } else if (ruled && !ruled.ok) {
        out.push({ ...base, status: 'failed', result: tr(ruled.msg.key, ruled.msg.params) });
      } else if (inSheet) {
        const params = { key: describeKey(inSheet.key, tr), n: inSheet.hit.rowNo, title: inSheet.hit.title };
        out.push({ ...base, status: 'skipped', result: tr('marc.cata.duplicateRow', params) });
      } else if (inSchool) {
        const params = { key: describeKey(inSchool.key, tr), id: inSchool.hit.id, title: inSchool.hit.title };
        out.push({ ...base, status: 'skipped', result: tr('marc.duplicateSkipped', params) });
      } else if (ruled?.ok) {
        for (const k of keys) if (!seen.has(k)) seen.set(k, { rowNo, title: ruled.row.title });
        const line: CataImportRow = { ...base, status: 'imported', result: tr('marc.cata.imported') };
        out.push(line);
        good.push({ out: line, row: ruled.row, req: { record: ruled.row, copies: c.copies, batch: raw.batch } });
      }
    }
    // The chunk's records and copies, its result lines and the progress are committed together (`job.step`), so
    // after a restart the result lists exactly the rows written. A failing batch is redone row by row, each in a
    // savepoint of the step's transaction, so a bad row costs only itself.
    await job.step(async (tx) => {
      const write = (list: typeof good) =>
        tx.transaction(async (sp) => {
          const ids = await insertRecords(
            sp,
            scope,
            list.map((g) => ({ row: g.row, doc: recordDocument(g.row), marcJson: null })),
          );
          const plan = await target.planCopies(
            sp,
            list.map((g, k) => ({ ...g.req, recordId: ids[k] })),
          );
          await target.insertCopies(sp, plan.rows);
          list.forEach((g, k) => {
            if (plan.notes[k].length)
              g.out.result = [g.out.result, ...plan.notes[k].map((m) => tr(m.key, m.params))].join('; ');
          });
        });
      try {
        if (good.length) await write(good);
      } catch {
        for (const g of good) {
          try {
            await write([g]);
          } catch (e) {
            g.out.status = 'failed';
            g.out.result = tr('marc.saveFailed', { reason: (e as Error).message });
          }
        }
      }
      return out;
    });
    imported ||= out.some((r) => r.status === 'imported');
  }
  if (imported) await analyzeTables(db, catalogueRecord, copy);
  return { resultFile: await writeResult(job, tr, (await job.journal()) as CataImportRow[], true) };
}

/** The file beside the result sheet that keeps the rows the screen lists (`CataImportReport`). */
export const CATA_ERRORS = 'errors.json';

/** The rows of a finished Excel import that were not imported as they stood, for the screen. */
export async function readCataErrors(resultFile: string, limit: number) {
  const file = path.join(path.dirname(resultFile), CATA_ERRORS);
  const rows = JSON.parse(await fs.promises.readFile(file, 'utf8')) as CataImportRow[];
  return { total: rows.length, List: rows.slice(0, limit) };
}

/**
 * The result sheet (every row with "imported" or its reasons; an interrupted import says after how many rows it
 * stopped) and `errors.json` beside it, from the journal of the committed steps.
 */
async function writeResult(job: JobResultTarget, tr: Tr, lines: CataImportRow[], finished: boolean) {
  const file = await writeImportResult(job.resultPath('result.xlsx'), {
    sheet: tr('marc.cata.result'),
    columns: [
      { header: tr('marc.cata.row'), key: 'rowNo', width: 8 },
      { header: tr('marc.cata.col.title'), key: 'title', width: 30 },
      { header: tr('marc.cata.col.isbn'), key: 'isbn', width: 16 },
      { header: tr('marc.result.status'), key: 'result', width: 60 },
    ],
    lines,
    finished,
    tr,
  });
  const errors = lines.filter((r) => r.status !== 'imported' || r.result !== tr('marc.cata.imported'));
  await fs.promises.writeFile(path.join(path.dirname(file), CATA_ERRORS), JSON.stringify(errors));
  return file;
}

// After a restart, an interrupted import's result lists the rows it committed (the journal of its steps).
registerJobResult('marc.cata.import', (_app, job, lines, finished) =>
  writeResult(
    job,
    (k, p) => translate((job.params.lang as Lang) ?? 'zh', k, p, job.schoolId),
    lines as CataImportRow[],
    finished,
  ),
);
