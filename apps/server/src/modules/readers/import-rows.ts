import type ExcelJS from 'exceljs';
import { READER_IDENTITIES, READER_IMPORT_COLUMNS, ReaderCreate } from '@shuyuan/contracts/readers/reader';
import { t as translate } from '../../platform/i18n/messages.ts';

/** One data row of an import sheet, as read from the cells (template column order). */
export type RawRow = Record<(typeof READER_IMPORT_COLUMNS)[number], string>;

export function cellText(v: ExcelJS.CellValue): string {
  if (v == null) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('text' in v && typeof v.text === 'string') return v.text.trim();
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('richText' in v)
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
  }
  return String(v).trim();
}

/** Data rows (row 1 is the header) with their sheet row numbers; fully blank rows are skipped. */
export function readRows(ws: ExcelJS.Worksheet): { rowNo: number; raw: RawRow }[] {
  const out: { rowNo: number; raw: RawRow }[] = [];
  ws.eachRow((row, rowNo) => {
    if (rowNo === 1) return;
    const raw = {} as RawRow;
    READER_IMPORT_COLUMNS.forEach((k, i) => {
      raw[k] = cellText(row.getCell(i + 1).value);
    });
    if (Object.values(raw).some(Boolean)) out.push({ rowNo, raw });
  });
  return out;
}

/** A cell value matched against the keys and their Chinese and English labels ('学生', 'Student', 'student'). */
function pick<T extends string | number>(value: string, keys: readonly T[], labelKey: (k: T) => string): T | string {
  const v = value.trim().toLowerCase();
  for (const k of keys) {
    if (String(k) === v) return k;
    if (translate('zh', labelKey(k)).toLowerCase() === v || translate('en', labelKey(k)).toLowerCase() === v) return k;
  }
  return value;
}

/** Row → the reader form contract input (so an import row is checked exactly like the form). */
export function toCreateInput(raw: RawRow, classId: number | null) {
  return ReaderCreate.safeParse({
    account: raw.account,
    name: raw.name,
    identity: raw.identity ? pick(raw.identity, READER_IDENTITIES, (k) => `readers.identity.${k}`) : undefined,
    classId,
    phone: raw.phone,
    email: raw.email,
    sex: raw.sex ? pick(raw.sex, [0, 1, 2] as const, (k) => `readers.sex.${k}`) : 0,
    validUntil: raw.validUntil,
  });
}

/**
 * Class lookup by the sheet's text: "<grade><class>", "<grade>/<class>" or the bare class name when only
 * one class of the school has that name (class names repeat across grades).
 */
export function classIndex(rows: { id: number; name: string; gradeName: string | null }[]): Map<string, number> {
  const m = new Map<string, number>();
  const bare = new Map<string, number[]>();
  for (const r of rows) {
    if (r.gradeName) {
      m.set(`${r.gradeName}${r.name}`, r.id);
      m.set(`${r.gradeName}/${r.name}`, r.id);
    }
    bare.set(r.name, [...(bare.get(r.name) ?? []), r.id]);
  }
  for (const [name, ids] of bare) if (ids.length === 1 && !m.has(name)) m.set(name, ids[0]);
  return m;
}
