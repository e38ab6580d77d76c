import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Lang } from '@shuyuan/contracts/common/lang';
import { t as translate } from '../i18n/messages.ts';
import type { Principal } from '../principal.ts';
import type { Ctx } from '../route.ts';
import { Scope } from '../tenancy.ts';
import { school } from '../../modules/school/school.table.ts';
import { startJob } from '../jobs/jobs.ts';
import { countWhere, listOrder, listWhere } from './query.ts';
import type { ResourceDef, ResourceTable } from './types.ts';

type AnyDef = ResourceDef<ResourceTable, any, any, any, any>;
const BATCH = 1000;

/** A context for code that runs after the request ended (the job), in the caller's school and language. */
function jobCtx(app: FastifyInstance, schoolId: number, lang: Lang, user: Principal | undefined): Ctx<any> {
  return {
    db: app.database.db,
    schoolId,
    scope: new Scope(schoolId),
    lang,
    user,
    t: (key, params) => translate(lang, key, params, schoolId),
    auditDetail: {},
  } as Ctx<any>;
}

function stamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/**
 * Starts the Excel export of the current list filters as a background job: rows are read in batches and
 * written with exceljs' streaming writer, so a large export never sits in memory.
 */
export async function startExport(
  app: FastifyInstance,
  def: AnyDef,
  ctx: Ctx<any>,
  q: Record<string, any>,
  dto: (row: any, ctx: Ctx<any>) => Promise<any>,
): Promise<{ DataID: number; FileName: string }> {
  const spec = def.export!;
  const fileName = `${ctx.t(spec.fileNameKey)}-${stamp()}.xlsx`;
  const jc = jobCtx(app, ctx.schoolId, ctx.lang, ctx.user);
  const where = listWhere(def, jc, q);
  const dataCount = await countWhere(ctx.db, def, where);
  const { id } = await startJob(app, {
    schoolId: ctx.schoolId,
    userId: ctx.user?.userId ?? null,
    operationType: `export.${def.audit}`,
    fileName,
    dataCount,
    run: async (job) => {
      const file = job.resultPath(fileName);
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
      const ws = wb.addWorksheet(ctx.t(spec.fileNameKey).slice(0, 31));
      ws.columns = spec.columns.map((c, i) => ({ header: jc.t(c.labelKey), key: `c${i}`, width: c.width ?? 18 }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      const total = await countWhere(jc.db, def, where);
      await job.setTotal(total);
      const [sc] = await jc.db.select({ tz: school.timeZone }).from(school).where(eq(school.id, ctx.schoolId));
      const zone = { timeZone: sc?.tz || 'Asia/Shanghai' };
      let done = 0;
      const order = listOrder(def, false);
      while (done < total && !job.stopped) {
        const rows = (await jc.db
          .select()
          .from(def.table as any)
          .where(where)
          .orderBy(...order)
          .limit(BATCH)
          .offset(done)) as any[];
        if (!rows.length) break;
        for (const r of rows) {
          const d = await dto(r, jc);
          ws.addRow(spec.columns.map((c) => c.value(d, (k) => jc.t(k), zone) ?? '')).commit();
        }
        done += rows.length;
        await job.progress(done);
      }
      ws.commit();
      await wb.commit();
      return { resultFile: file };
    },
  });
  ctx.auditDetail.jobId = id;
  return { DataID: id, FileName: fileName };
}
