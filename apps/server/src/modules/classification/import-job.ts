import fs from 'node:fs';
import path from 'node:path';
import type { ClassImportBody, ClassImportResult, ClassScheme } from '@shuyuan/contracts/classification/classification';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fail, notFound } from '../../platform/errors.ts';
import { ownUpload, resolveFile } from '../../platform/files/files.ts';
import { t as translate } from '../../platform/i18n/messages.ts';
import { job } from '../../platform/jobs/job.table.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import type { Ctx } from '../../platform/route.ts';
import { school } from '../school/school.table.ts';
import { importClassScheme } from './class.service.ts';
import { parseClassFile } from './class-file.ts';

export const IMPORT_JOB = 'classification.import';
const RESULT = 'result.json';

/** What the task leaves in its folder for GetImportResult. */
interface Outcome {
  scheme: ClassScheme;
  count: number;
  duplicates: number;
  duplicateCodes: string[];
  issues: { path: string; message: string }[];
}

const resultRel = (schoolId: number, id: number) => `jobs/${schoolId}/${id}/${RESULT}`;

/**
 * CLC and Dewey are shared by every school of the install: only a top unit (a school with no parent, the one
 * that runs the install) may replace them; any school may replace its own custom scheme.
 */
async function assertMayImport(ctx: Ctx<unknown>, scheme: ClassScheme): Promise<void> {
  if (scheme === 'custom') return;
  const [s] = await ctx.db.select({ parentId: school.parentId }).from(school).where(eq(school.id, ctx.schoolId));
  if (!s || s.parentId != null) throw fail('CLASS_IMPORT_TOP_UNIT', 'classification.import.topUnitOnly');
}

/**
 * `P/Classification/ImportScheme`: reads the uploaded file and replaces the scheme in a background task (the
 * full CLC is 45,835 lines: a few seconds). A file with bad lines is refused whole; the task fails with the
 * count and GetImportResult lists the problems. A repeated code is skipped and reported.
 */
export async function startClassImport(
  app: FastifyInstance,
  ctx: Ctx<ClassImportBody>,
): Promise<{ DataID: number; FileName: string }> {
  const { scheme, fileUrl } = ctx.body;
  await assertMayImport(ctx as Ctx<unknown>, scheme);
  const abs = ownUpload(app, ctx.schoolId, fileUrl);
  if (!abs) throw fail('CLASS_FILE_MISSING', 'classification.import.fileMissing');
  const tr = (k: string, p?: Record<string, unknown>) => translate(ctx.lang, k, p, ctx.schoolId);
  const fileName = `${tr(`classification.scheme.${scheme}`)}-${path.basename(abs)}`;
  const { schoolId, db } = ctx;
  const scope = ctx.scope;
  const { id } = await startJob(app, {
    schoolId,
    userId: ctx.user?.userId ?? null,
    operationType: IMPORT_JOB,
    fileName,
    params: { scheme, fileUrl },
    run: async (task) => {
      const parsed = parseClassFile(await fs.promises.readFile(abs, 'utf8'));
      const outcome: Outcome = {
        scheme,
        count: 0,
        duplicates: parsed.duplicates,
        duplicateCodes: parsed.duplicateCodes,
        issues: parsed.issues.map((i) => ({ path: i.path, message: tr(i.message) })),
      };
      const out = task.resultPath(RESULT);
      if (parsed.issues.length) {
        await fs.promises.writeFile(out, JSON.stringify(outcome));
        throw new Error(tr('classification.import.refused', { n: parsed.issues.length }));
      }
      await task.setTotal(parsed.rows.length);
      // One transaction; progress is written when it ends (on PGlite, a write beside an open transaction
      // would wait for it).
      const r = await importClassScheme(db, { scheme, scope, rows: parsed.rows });
      await task.progress(r.count);
      // A bulk import refreshes the planner's statistics (PGlite has no autovacuum).
      await db.execute(sql`analyze clc_class`);
      outcome.count = r.count;
      await fs.promises.writeFile(out, JSON.stringify(outcome));
      return { resultFile: out };
    },
  });
  ctx.auditDetail.jobId = id;
  ctx.auditDetail.scheme = scheme;
  return { DataID: id, FileName: fileName };
}

/** `P/Classification/GetImportResult`: the task's state and, once it ended, what it did. */
export async function classImportResult(
  app: FastifyInstance,
  ctx: Ctx<{ DataID: number }>,
): Promise<ClassImportResult> {
  const [row] = await ctx.db
    .select()
    .from(job)
    .where(and(eq(job.id, ctx.body.DataID), eq(job.schoolId, ctx.schoolId), eq(job.operationType, IMPORT_JOB)));
  if (!row) throw notFound();
  const scheme = ((row.params as { scheme?: ClassScheme } | null)?.scheme ?? 'clc') as ClassScheme;
  const file = resolveFile(app, resultRel(ctx.schoolId, row.id));
  let outcome: Outcome | null = null;
  if (file && fs.existsSync(file)) outcome = JSON.parse(await fs.promises.readFile(file, 'utf8')) as Outcome;
  return {
    DataID: row.id,
    State: row.state,
    Progress: row.progress,
    DataCount: row.dataCount,
    scheme,
    count: outcome?.count ?? 0,
    duplicates: outcome?.duplicates ?? 0,
    duplicateCodes: outcome?.duplicateCodes ?? [],
    issues: outcome?.issues ?? [],
    error: row.error,
  };
}
