import fs from 'node:fs';
import path from 'node:path';
import { CopyPatch, type ItemResult, PATCH_FIELDS, type PatchField } from '@shuyuan/contracts/holdings/bulk';
import { STORE_TYPES } from '@shuyuan/contracts/catalogue/copy-state';
import { fail } from '../../platform/errors.ts';
import { ownBadFile } from '../../platform/files/sheet.ts';
import { readSheet } from '../../platform/files/sheet-thread.ts';
import { t as translate } from '../../platform/i18n/messages.ts';
import { dedupe, notFoundItem, type Tr } from './copy-ops.ts';
import { findByText, type Lookups } from './lookups.ts';

/** One data line of a bulk-edit file: the barcode and the cells of the field columns (text). */
export interface FileRow {
  barcode: string;
  cells: Partial<Record<PatchField, string>>;
}

const labels = (key: string) => [translate('zh', key), translate('en', key)].map((s) => s.toLowerCase());
const BARCODE_HEADERS = ['barcode', '条码', '条形码', '条码号', ...labels('holdings.field.barcode')];

/** Header cell → field: the key itself or its zh/en label ('馆藏地', 'Location', 'locationId'). */
function headerField(h: string): PatchField | 'barcode' | null {
  const v = h.trim().toLowerCase();
  if (!v) return null;
  if (BARCODE_HEADERS.includes(v)) return 'barcode';
  for (const f of PATCH_FIELDS) if (f.toLowerCase() === v || labels(`holdings.field.${f}`).includes(v)) return f;
  return null;
}

/** Rows as text grids: xlsx (first sheet) or txt/csv (tab or comma separated). */
async function grid(abs: string, t: Tr): Promise<string[][]> {
  if (path.extname(abs).toLowerCase() === '.xlsx') {
    const rows = await readSheet(abs).catch(ownBadFile('holdings.file.bad', 'IMPORT_FILE'));
    return rows.map((r) => r.cells);
  }
  void t;
  return fs
    .readFileSync(abs, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l) => l.split(/[\t,]/).map((c) => c.trim()));
}

/**
 * Reads a bulk-edit file: with a header row naming a barcode column (and field columns), or a plain list of
 * barcodes (first column). Blank lines are skipped.
 */
export async function readBulkFile(abs: string, t: Tr): Promise<FileRow[]> {
  const rows = (await grid(abs, t)).filter((r) => r.some(Boolean));
  if (!rows.length) throw fail('IMPORT_FILE', 'holdings.file.empty');
  const head = rows[0].map(headerField);
  const barcodeCol = head.indexOf('barcode');
  if (barcodeCol < 0) return rows.map((r) => ({ barcode: r[0] ?? '', cells: {} })).filter((r) => r.barcode);
  return rows
    .slice(1)
    .map((r) => {
      const cells: FileRow['cells'] = {};
      head.forEach((f, i) => {
        if (f && f !== 'barcode' && r[i]) cells[f] = r[i];
      });
      return { barcode: r[barcodeCol] ?? '', cells };
    })
    .filter((r) => r.barcode);
}

/** Cell texts (names, codes, labels) + the form's fields → a CopyPatch, or the reason it cannot be one. */
export function rowPatch(
  cells: FileRow['cells'],
  base: Record<string, unknown>,
  lk: Lookups,
  t: Tr,
): { patch?: CopyPatch; reason?: string } {
  const raw: Record<string, unknown> = { ...base };
  const ref = (f: PatchField, map: Map<number, any>, key: string) => {
    const v = cells[f];
    if (v === undefined) return null;
    const id = findByText(map, v);
    if (id == null) return t(key, { value: v });
    raw[f] = id;
    return null;
  };
  const bad =
    ref('branchId', lk.branches, 'holdings.file.unknownBranch') ??
    ref('locationId', lk.locations, 'holdings.file.unknownLocation') ??
    ref('batchId', lk.batches, 'holdings.file.unknownBatch') ??
    ref('resourceTypeId', lk.types, 'holdings.file.unknownType');
  if (bad) return { reason: bad };
  for (const f of ['shelfMark', 'callNo', 'additionalNo', 'unitPrice', 'discountPrice'] as const)
    if (cells[f] !== undefined) raw[f] = cells[f];
  if (cells.storeType !== undefined) {
    const v = cells.storeType.toLowerCase();
    raw.storeType = STORE_TYPES.find((n) => String(n) === v || labels(`holdings.store.${n}`).includes(v)) ?? v;
  }
  if (cells.circState !== undefined) {
    const v = cells.circState.toLowerCase();
    raw.circState =
      ['available', 'locked', 'lost'].find((s) => s === v || labels(`holdings.state.${s}`).includes(v)) ?? v;
  }
  const parsed = CopyPatch.safeParse(raw);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    const field = String(i.path[0] ?? '');
    const label = field ? `${t(`holdings.field.${field}`)}: ` : '';
    return { reason: label + (i.message.includes('.') ? t(i.message) : t('holdings.file.badValue')) };
  }
  return { patch: parsed.data };
}

/** Repeated barcodes of a file are refused like repeated ones of a list. */
export function fileDedupe(rows: FileRow[], t: Tr): { rows: FileRow[]; repeated: ItemResult[] } {
  const { repeated } = dedupe(
    rows.map((r) => r.barcode),
    t,
  );
  const seen = new Set<string>();
  return {
    rows: rows.filter((r) => !seen.has(r.barcode) && seen.add(r.barcode)),
    repeated,
  };
}

export { notFoundItem };
