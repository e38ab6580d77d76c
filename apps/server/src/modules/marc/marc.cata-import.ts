import { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import { CATA_IMPORT_COLUMNS, type CataImportColumn, type DuplicatePolicy } from '@shuyuan/contracts/marc/api';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { JobHandle } from '../../platform/jobs/jobs.ts';
import { Scope } from '../../platform/tenancy.ts';
import { createRecord, createRecords, recordIdsByIsbn } from '../catalogue/catalogue.service.ts';
import { cellText } from '../readers/import-rows.ts';
import { ImportTarget } from './marc.copies.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;
type Raw = Record<CataImportColumn, string>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BATCH = 500;

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
  ws.getColumn('isbn').numFmt = '@'; // keep ISBNs as text (Excel would show 9.78E+12)
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

interface Outcome {
  rowNo: number;
  title: string;
  isbn: string;
  result: string;
}

/**
 * The import task of /marc-catalog-import: every row is checked like the record form; good rows are written
 * in batches (a failing batch is redone row by row, so a bad row costs only itself); the result sheet lists
 * every row with "imported" or its reasons.
 */
export async function runCataImport(
  app: FastifyInstance,
  job: JobHandle,
  o: { file: string; policy: DuplicatePolicy; tr: Tr },
) {
  const { tr } = o;
  const db = app.database.db;
  const scope = new Scope(job.schoolId);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.readFile(o.file);
  } catch {
    throw new Error(tr('marc.cata.badFile'));
  }
  const ws = wb.worksheets[0];
  const rows: { rowNo: number; raw: Raw }[] = [];
  ws?.eachRow((row, rowNo) => {
    if (rowNo === 1) return;
    const raw = Object.fromEntries(CATA_IMPORT_COLUMNS.map((k, i) => [k, cellText(row.getCell(i + 1).value)])) as Raw;
    if (Object.values(raw).some(Boolean)) rows.push({ rowNo, raw });
  });
  await job.setTotal(rows.length);
  const target = await ImportTarget.load(db, scope, tr);
  const out: Outcome[] = [];
  const seen = new Set<string>();
  let done = 0;
  for (let i = 0; i < rows.length && !job.stopped; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    const parsed = chunk.map((r) => ({ ...r, p: toInput(r.raw) }));
    const isbns = parsed.flatMap((r) => (r.p.success && r.p.data.isbn ? [r.p.data.isbn] : []));
    const existing = o.policy === 'skip' ? await recordIdsByIsbn(db, scope, isbns) : new Map<string, number>();
    const good: { rowNo: number; row: RecordCreate }[] = [];
    for (const { rowNo, raw, p } of parsed) {
      const base = { rowNo, title: raw.title, isbn: raw.isbn };
      const ruled = p.success ? target.applyRules(p.data) : null;
      if (!p.success) {
        const reasons = p.error.issues.map((x) => `${tr(`marc.cata.col.${String(x.path[0])}`)}: ${tr(x.message)}`);
        out.push({ ...base, result: reasons.join('; ') });
      } else if (ruled && !ruled.ok) {
        out.push({ ...base, result: tr(ruled.msg.key, ruled.msg.params) });
      } else if (o.policy === 'skip' && p.data.isbn && (seen.has(p.data.isbn) || existing.has(p.data.isbn))) {
        out.push({ ...base, result: tr('marc.duplicateSkipped', { isbn: p.data.isbn }) });
      } else {
        if (p.data.isbn) seen.add(p.data.isbn);
        good.push({ rowNo, row: ruled?.ok ? ruled.row : p.data });
        out.push({ ...base, result: tr('marc.cata.imported') });
      }
    }
    try {
      await createRecords(
        db,
        scope,
        good.map((g) => g.row),
      );
    } catch {
      for (const g of good) {
        try {
          await createRecord(db, scope, g.row);
        } catch (e) {
          const o2 = out.find((x) => x.rowNo === g.rowNo);
          if (o2) o2.result = tr('marc.saveFailed', { reason: (e as Error).message });
        }
      }
    }
    done += chunk.length;
    await job.progress(done);
  }
  return { resultFile: await writeResult(job, tr, out) };
}

async function writeResult(job: JobHandle, tr: Tr, out: Outcome[]): Promise<string> {
  const file = job.resultPath('result.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(tr('marc.cata.result').slice(0, 31));
  ws.columns = [
    { header: tr('marc.cata.row'), key: 'rowNo', width: 8 },
    { header: tr('marc.cata.col.title'), key: 'title', width: 30 },
    { header: tr('marc.cata.col.isbn'), key: 'isbn', width: 16 },
    { header: tr('marc.result.status'), key: 'result', width: 60 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of out) ws.addRow(r);
  await wb.xlsx.writeFile(file);
  return file;
}
