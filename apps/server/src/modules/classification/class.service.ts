import { and, asc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ClassNode, ClassScheme, ClassSearchQuery } from '@shuyuan/contracts/classification/classification';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { clcClass } from './class.table.ts';
import { type ClassRow, parseClassFile } from './class-file.ts';
import { builtinClcClasses } from './clc-builtin.data.ts';
import { builtinDeweyClasses } from './dewey-builtin.data.ts';

/** Rows per INSERT (arrays of this length are sent as single parameters). */
const BATCH = 10_000;

/** Held while an install-wide scheme is replaced (re-entrant within one transaction). */
export const SCHEME_LOCK = sql`select pg_advisory_xact_lock(hashtext('shuyuan.class-scheme'))`;

/** Install-wide rows, or (for the custom scheme) the calling school's rows. */
export function schemeWhere(scheme: ClassScheme, scope?: Scope): SQL {
  if (scheme !== 'custom') return and(eq(clcClass.scheme, scheme), isNull(clcClass.schoolId))!;
  return and(eq(clcClass.scheme, scheme), scope ? scope.where(clcClass) : sql`false`)!;
}

const node = {
  code: clcClass.code,
  name: clcClass.name,
  level: clcClass.level,
  parentCode: clcClass.parentCode,
  scheme: clcClass.scheme,
  // Written out: drizzle leaves single-table columns unqualified, which would bind to the inner alias.
  hasChildren: sql<boolean>`exists (select 1 from clc_class c where c.scheme = clc_class.scheme
    and c.school_id is not distinct from clc_class.school_id and c.parent_code = clc_class.code)`,
};

/** Children of `parent` (top level when none), in the scheme's own order. */
export async function getClassChildren(
  db: Db,
  q: { scheme: ClassScheme; parent?: string | null },
  scope?: Scope,
): Promise<ClassNode[]> {
  const parent = q.parent?.trim() ? eq(clcClass.parentCode, q.parent.trim()) : isNull(clcClass.parentCode);
  const rows = await db
    .select(node)
    .from(clcClass)
    .where(and(schemeWhere(q.scheme, scope), parent))
    .orderBy(asc(clcClass.sort), asc(clcClass.code));
  return rows as ClassNode[];
}

/**
 * The cataloguer's class picker: codes starting with the text (case-insensitive: 'i24' finds I24…) or
 * names containing it (every word of it, at any level of the tree); code matches first, then shallower levels, then code order. `parent` narrows to
 * that node's subtree (by code prefix, as CLC codes extend their parent's).
 */
export async function findClasses(db: Db, query: ClassSearchQuery, scope?: Scope): Promise<ClassNode[]> {
  const scheme = query.scheme ?? 'clc';
  const text = (query.q ?? '').trim();
  const esc = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  // CLC and Dewey codes are upper case; a custom scheme's may not be: try the text as typed and upper-cased,
  // both served by the code's pattern index.
  const codeHit = text
    ? sql`(${clcClass.code} like ${`${esc(text.toUpperCase())}%`} or ${clcClass.code} like ${`${esc(text)}%`})`
    : sql`true`;
  // Words apart (科学 幻想): each must be in the name (the trigram index serves each).
  const words = text.split(/\s+/).filter(Boolean);
  const parent = query.parent?.trim();
  const rows = await db
    .select(node)
    .from(clcClass)
    .where(
      and(
        schemeWhere(scheme, scope),
        text ? or(codeHit, and(...words.map((w) => ilike(clcClass.name, `%${esc(w)}%`)))) : undefined,
        parent ? sql`${clcClass.code} like ${`${esc(parent)}%`} and ${clcClass.code} <> ${parent}` : undefined,
      ),
    )
    .orderBy(sql`case when ${codeHit} then 0 else 1 end`, asc(clcClass.level), asc(clcClass.code))
    .limit(query.limit ?? 50);
  return rows as ClassNode[];
}

/**
 * Replaces a whole scheme (install-wide, or a school's custom one) in one transaction: the old nodes go,
 * the file's nodes come in batched INSERTs. Running it twice leaves the same rows: idempotent. A file
 * with any bad line is refused whole, with each problem listed; a repeated code is skipped and counted.
 */
export async function importClassScheme(
  db: Db,
  opts: { scheme: ClassScheme; scope?: Scope; text?: string; rows?: ClassRow[] },
): Promise<{ count: number; duplicates: number }> {
  let rows = opts.rows;
  let duplicates = 0;
  if (!rows) {
    const parsed = parseClassFile(opts.text ?? '');
    if (parsed.issues.length) throw invalid(parsed.issues);
    rows = parsed.rows;
    duplicates = parsed.duplicates;
  }
  // Only the custom scheme belongs to a school; CLC and Dewey are shared by the whole install.
  const scope = opts.scheme === 'custom' ? opts.scope : undefined;
  if (opts.scheme === 'custom' && !scope) {
    throw invalid([{ path: 'schoolId', message: 'classification.import.schoolRequired' }]);
  }
  const schoolId = scope?.schoolId ?? null;
  const all = rows;
  await db.transaction(async (tx) => {
    // One install-wide replacement at a time (an import, the full CLC installed after start-up).
    if (!scope) await tx.execute(SCHEME_LOCK);
    await tx.delete(clcClass).where(schemeWhere(opts.scheme, scope));
    for (let i = 0; i < all.length; i += BATCH) {
      const part = all.slice(i, i + BATCH);
      // One INSERT … SELECT FROM unnest(arrays) per batch: 5 array parameters instead of 6 per row.
      await tx.execute(sql`insert into clc_class (scheme, school_id, code, name, level, parent_code, sort)
        select ${opts.scheme}, ${schoolId}::integer, u.* from unnest(
          ${sql.param(part.map((r) => r.code))}::text[], ${sql.param(part.map((r) => r.name))}::text[],
          ${sql.param(part.map((r) => r.level))}::integer[], ${sql.param(part.map((r) => r.parentCode))}::text[],
          ${sql.param(part.map((_, j) => i + j))}::integer[]) as u`);
    }
  });
  return { count: all.length, duplicates };
}

/**
 * Start-up seed: the built-in CLC levels 1–2 and the Dewey summaries (classes and divisions), each only when
 * that scheme is not installed yet (a full import stays).
 */
export async function seedBuiltinClasses(db: Db): Promise<void> {
  const builtins = { clc: builtinClcClasses, dewey: builtinDeweyClasses } as const;
  for (const scheme of ['clc', 'dewey'] as const) {
    const [any] = await db.select({ id: clcClass.id }).from(clcClass).where(schemeWhere(scheme)).limit(1);
    if (!any) await importClassScheme(db, { scheme, rows: builtins[scheme]() });
  }
}
