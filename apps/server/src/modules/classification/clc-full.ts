import { gunzipSync } from 'node:zlib';
import fs from 'node:fs';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { analyzeTables } from '../../platform/analyze.ts';
import { clcClass } from './class.table.ts';
import { parseClassFile } from './class-file.ts';
import { importClassScheme, SCHEME_LOCK, schemeWhere } from './class.service.ts';
import { builtinClcClasses } from './clc-builtin.data.ts';

/**
 * The full 中图法 (CLC, 5th ed.) as the product ships it: `clc-full.tsv.gz`, 45,835 lines (45,785 nodes once
 * the published data's repeated codes are dropped) — the `code name level parent` TSV of
 * coooold/php_clc_parser (MIT), gzipped (430 kB). Read only when it is installed.
 */
const FILE = new URL('./clc-full.tsv.gz', import.meta.url);

/** True while the installed CLC is the start-up seed (levels 1–2) or none: nobody installed another yet. */
async function onlyBuiltin(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(clcClass).where(schemeWhere('clc'));
  const n = row?.n ?? 0;
  return n === 0 || n === builtinClcClasses().length;
}

/**
 * Installs the full CLC for every school (the table is install-wide and read-only to schools; each school's
 * own classes are the `custom` scheme beside it) when only the built-in levels 1–2 are there. Runs once, in
 * the background after start-up: the first start is not slowed, and the picker has the two levels meanwhile.
 * A CLC a top unit imported itself is kept. Returns whether it installed.
 */
export async function ensureFullClc(db: Db): Promise<boolean> {
  if (!(await onlyBuiltin(db))) return false;
  const parsed = parseClassFile(gunzipSync(fs.readFileSync(FILE)).toString('utf8'));
  if (parsed.issues.length) throw new Error(`clc-full.tsv.gz: ${parsed.issues.length} bad lines`);
  const done = await db.transaction(async (tx) => {
    await tx.execute(SCHEME_LOCK); // one process of several (one PostgreSQL) installs it
    if (!(await onlyBuiltin(tx))) return false;
    await importClassScheme(tx, { scheme: 'clc', rows: parsed.rows });
    return true;
  });
  if (done) await analyzeTables(db, clcClass);
  return done;
}
