import {
  READER_IDENTITIES,
  READER_IMPORT_COLUMNS,
  ReaderCreate,
  type ReaderImportColumn,
} from '@shuyuan/contracts/readers/reader';
import { t as translate } from '../../platform/i18n/messages.ts';

/** One data row of an import sheet, as read from the cells, by column key ('' when the sheet lacks it). */
export type RawRow = Record<ReaderImportColumn, string>;

const norm = (s: string) => s.replace(/[\s（）()：:*＊]/g, '').toLowerCase();

/** Other header texts schools use for a column (besides the zh/en template headers). */
const ALIASES: Partial<Record<ReaderImportColumn, string[]>> = {
  account: ['account', 'barcode', '条码', '读者证号', '账号', '学号'],
  name: ['name', '名字'],
  enName: ['englishname', 'enname'],
  className: ['class', '班级名称', '年级班级'],
  departmentName: ['department', '部门名称'],
  permissionGroupName: ['permissiongroup', 'group', '权限组', '读者权限组'],
  phone: ['mobile', '手机', '电话', '联系电话'],
  email: ['email', 'e-mail', '电子邮箱', '邮件'],
  birthday: ['birthday', 'dateofbirth', '生日'],
  cardRfid: ['rfid', 'cardrfid', '卡号', 'rfid卡号'],
  validUntil: ['validuntil', 'expires', '有效期'],
};

/** Header text → column key: the template headers in Chinese and English, and the aliases above. */
function headerIndex(): Map<string, ReaderImportColumn> {
  const m = new Map<string, ReaderImportColumn>();
  for (const k of READER_IMPORT_COLUMNS) {
    for (const lang of ['zh', 'en'] as const) m.set(norm(translate(lang, `readers.import.col.${k}`)), k);
    for (const a of ALIASES[k] ?? []) if (!m.has(norm(a))) m.set(norm(a), k);
  }
  return m;
}

/**
 * The columns of a sheet, from its header row (row 1) texts: Chinese or English template headers, or the aliases
 * above, in any order; unknown columns are ignored. Without the barcode or name column the sheet has no rows.
 */
export function headerColumns(cells: string[]): Map<ReaderImportColumn, number> {
  const index = headerIndex();
  const at = new Map<ReaderImportColumn, number>();
  cells.forEach((text, col) => {
    const key = index.get(norm(text));
    if (key && !at.has(key)) at.set(key, col);
  });
  return at;
}

/** A data row by column key, or null when it is blank (blank rows are skipped). */
export function rawRow(cells: string[], at: Map<ReaderImportColumn, number>): RawRow | null {
  const raw = {} as RawRow;
  for (const k of READER_IMPORT_COLUMNS) {
    const c = at.get(k);
    raw[k] = c === undefined ? '' : (cells[c] ?? '');
  }
  return Object.values(raw).some(Boolean) ? raw : null;
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

/** References the row's names were resolved to (null = not given or not found; the import reports the latter). */
export interface RowRefs {
  classId: number | null;
  departmentId: number | null;
  permissionGroupId: number | null;
}

/**
 * Row → the reader form contract input (so an import row is checked exactly like the form). `base` is the
 * existing reader when the row updates one: an empty cell keeps that reader's value.
 */
export function toCreateInput(raw: RawRow, refs: RowRefs, base?: Record<string, unknown>) {
  const given = (k: ReaderImportColumn) => raw[k] !== '';
  const input: Record<string, unknown> = { ...(base ?? {}) };
  const set = (k: string, v: unknown, present: boolean) => {
    if (present || !base) input[k] = v;
  };
  set('account', raw.account, true);
  set('name', raw.name, given('name'));
  set('enName', raw.enName, given('enName'));
  set(
    'identity',
    raw.identity ? pick(raw.identity, READER_IDENTITIES, (k) => `readers.identity.${k}`) : undefined,
    given('identity'),
  );
  set('sex', raw.sex ? pick(raw.sex, [0, 1, 2] as const, (k) => `readers.sex.${k}`) : 0, given('sex'));
  set('classId', refs.classId, given('className'));
  set('departmentId', refs.departmentId, given('departmentName'));
  set('permissionGroupId', refs.permissionGroupId, given('permissionGroupName'));
  set('phone', raw.phone, given('phone'));
  set('email', raw.email, given('email'));
  set('birthday', raw.birthday, given('birthday'));
  set('cardRfid', raw.cardRfid, given('cardRfid'));
  set('validUntil', raw.validUntil, given('validUntil'));
  return ReaderCreate.safeParse(input);
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

/** Name → id where the name is unique in the school (a repeated name cannot be told apart). */
export function uniqueNames(rows: { id: number; name: string }[]): Map<string, number> {
  const seen = new Map<string, number[]>();
  for (const r of rows) seen.set(r.name, [...(seen.get(r.name) ?? []), r.id]);
  const m = new Map<string, number>();
  for (const [name, ids] of seen) if (ids.length === 1) m.set(name, ids[0]);
  return m;
}
