import type { FieldIssue } from '@shuyuan/contracts/common/envelope';

/** One node read from a scheme file. */
export interface ClassRow {
  code: string;
  name: string;
  level: number;
  parentCode: string | null;
}

export interface ParsedClassFile {
  rows: ClassRow[];
  /** Bad lines, each with its line number (TSV) or index (JSON); the import refuses the file if any. */
  issues: FieldIssue[];
  /**
   * Repeats of a code already read, skipped: the first occurrence wins. The published CLC data lists
   * 27 codes more than once (S727.1 under S727 and under S727/728, Q914.87 under two parents).
   */
  duplicates: number;
  /** The repeated codes, in file order (at most 200). */
  duplicateCodes: string[];
}

const MAX_ISSUES = 50;

function check(rows: (Partial<ClassRow> & { at: string })[]): ParsedClassFile {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  const out: ClassRow[] = [];
  let duplicates = 0;
  const duplicateCodes: string[] = [];
  for (const r of rows) {
    const code = r.code?.trim() ?? '';
    const name = r.name?.trim() ?? '';
    const level = Number(r.level);
    let problem: string | undefined;
    if (!code) problem = 'classification.import.codeMissing';
    else if (!name) problem = 'classification.import.nameMissing';
    else if (!Number.isInteger(level) || level < 1 || level > 30) problem = 'classification.import.levelInvalid';
    else if (seen.has(code)) {
      duplicates++;
      if (duplicateCodes.length < 200) duplicateCodes.push(code);
      continue;
    }
    if (problem) {
      if (issues.length < MAX_ISSUES) issues.push({ path: r.at, message: problem });
      continue;
    }
    seen.add(code);
    out.push({ code, name, level, parentCode: r.parentCode?.trim() || null });
  }
  // A parent must be in the same file, or the tree would have holes the picker cannot reach.
  for (const r of out) {
    if (r.parentCode && !seen.has(r.parentCode) && issues.length < MAX_ISSUES)
      issues.push({ path: r.code, message: 'classification.import.parentMissing' });
  }
  return { rows: out, issues, duplicates, duplicateCodes };
}

/**
 * Nested JSON (php_clc_parser-data.json): `{code, name, children: […]}` at every level; the level is the depth
 * and the parent the enclosing node. Walked without recursion (the CLC is 9 levels deep, 45,000 nodes).
 */
function flattenNested(data: unknown[]): (Partial<ClassRow> & { at: string })[] {
  const out: (Partial<ClassRow> & { at: string })[] = [];
  const stack: { d: any; at: string; level: number; parent: string | null }[] = [];
  for (let i = data.length - 1; i >= 0; i--) stack.push({ d: data[i], at: `[${i}]`, level: 1, parent: null });
  while (stack.length) {
    const { d, at, level, parent } = stack.pop()!;
    const code = d?.code == null ? '' : String(d.code);
    out.push({ at, code, name: d?.name == null ? '' : String(d.name), level, parentCode: parent });
    const kids = Array.isArray(d?.children) ? d.children : [];
    for (let j = kids.length - 1; j >= 0; j--)
      stack.push({ d: kids[j], at: `${at}.children[${j}]`, level: level + 1, parent: code.trim() || null });
  }
  return out;
}

/**
 * Reads a scheme file: TSV with the header `code name level parent` (the format of clc-flat.tsv), or
 * JSON — an array of `{code, name, level, parent | parentCode}`, or nested `{code, name, children}`.
 */
export function parseClassFile(text: string): ParsedClassFile {
  const body = text.replace(/^\uFEFF/, '');
  if (/^\s*\[/.test(body)) {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      return {
        rows: [],
        duplicates: 0,
        duplicateCodes: [],
        issues: [{ path: 'file', message: 'classification.import.badJson' }],
      };
    }
    if (!Array.isArray(data))
      return {
        rows: [],
        duplicates: 0,
        duplicateCodes: [],
        issues: [{ path: 'file', message: 'classification.import.badJson' }],
      };
    if (data.some((d: any) => Array.isArray(d?.children))) return check(flattenNested(data));
    return check(
      data.map((d: any, i) => ({
        at: `[${i}]`,
        code: d?.code == null ? '' : String(d.code),
        name: d?.name == null ? '' : String(d.name),
        level: d?.level,
        parentCode: d?.parentCode ?? d?.parent ?? null,
      })),
    );
  }
  const lines = body.split(/\r?\n/);
  const header = lines[0]?.split('\t').map((h) => h.trim().toLowerCase()) ?? [];
  const col = (name: string) => header.indexOf(name);
  const [ci, ni, li, pi] = [col('code'), col('name'), col('level'), col('parent')];
  if (ci < 0 || ni < 0 || li < 0) {
    return {
      rows: [],
      duplicates: 0,
      duplicateCodes: [],
      issues: [{ path: 'file', message: 'classification.import.badHeader' }],
    };
  }
  const rows = [];
  for (let i = 1; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    const f = lines[i].split('\t');
    rows.push({
      at: `line ${i + 1}`,
      code: f[ci],
      name: f[ni],
      level: Number(f[li]),
      parentCode: pi < 0 ? null : f[pi],
    });
  }
  return check(rows);
}
