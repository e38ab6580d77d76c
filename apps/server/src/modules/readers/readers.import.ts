import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import { ImportReadersBody, READER_IMPORT_COLUMNS } from '@shuyuan/contracts/readers/reader';
import type { Lang } from '@shuyuan/contracts/common/lang';
import { fail } from '../../platform/errors.ts';
import { ownUpload } from '../../platform/files/files.ts';
import { t as translate } from '../../platform/i18n/messages.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import { route } from '../../platform/route.ts';
import { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { classIndex, readRows, toCreateInput } from './import-rows.ts';
import { defaultGroupId, readerValues } from './reader.values.ts';

const READERS = 'department.user-transfer';

/** The caller's school's upload named by `url`; anything else is refused. */
function uploadedFile(app: FastifyInstance, schoolId: number, url: string): string {
  const abs = ownUpload(app, schoolId, url);
  if (!abs) throw fail('IMPORT_FILE', 'readers.import.fileMissing');
  return abs;
}

export function importRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Readers/GetImportTemplate`,
    access: READERS,
    raw: true,
    summary: 'The reader import template (xlsx, headers in the caller language)',
    handler: async ({ reply, t }) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet(t('readers.import.template').slice(0, 31));
      ws.columns = READER_IMPORT_COLUMNS.map((k) => ({ header: t(`readers.import.col.${k}`), key: k, width: 18 }));
      ws.getRow(1).font = { bold: true };
      const buf = Buffer.from(await wb.xlsx.writeBuffer());
      const name = encodeURIComponent(`${t('readers.import.template')}.xlsx`);
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', `attachment; filename*=UTF-8''${name}`);
      return reply.send(buf);
    },
  });

  route(app, {
    url: `${P}/Readers/ImportReaders`,
    access: opCode(READERS, 'import'),
    schema: ImportReadersBody,
    audit: 'reader.import',
    summary: 'Import readers from an uploaded xlsx (background job; result file lists every row)',
    handler: async (ctx) => {
      const abs = uploadedFile(app, ctx.schoolId, ctx.body.fileUrl);
      const fileName = `${ctx.t('readers.import.file')}-${Date.now()}.xlsx`;
      const { id } = await startJob(app, {
        schoolId: ctx.schoolId,
        userId: ctx.user?.userId ?? null,
        operationType: 'import.reader',
        fileName,
        run: (job) => runImport(app, ctx.schoolId, ctx.lang, abs, job),
      });
      ctx.auditDetail.jobId = id;
      return { DataID: id, FileName: fileName };
    },
  });
}

type Job = Parameters<NonNullable<Parameters<typeof startJob>[1]['run']>>[0];

/**
 * Each row is its own unit: checked like the form, then inserted by one statement, so a bad row never
 * blocks the good ones and nothing is half-written. The result file lists every row with its outcome.
 */
async function runImport(app: FastifyInstance, schoolId: number, lang: Lang, abs: string, job: Job) {
  const t = (k: string, p?: Record<string, unknown>) => translate(lang, k, p, schoolId);
  const db = app.database.db;
  const scope = new Scope(schoolId);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.readFile(abs);
  } catch {
    throw new Error(t('readers.import.badFile'));
  }
  const rows = wb.worksheets[0] ? readRows(wb.worksheets[0]) : [];
  await job.setTotal(rows.length);
  const classes = await db
    .select({ id: schoolClass.id, name: schoolClass.name, gradeName: grade.name })
    .from(schoolClass)
    .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
    .where(scope.where(schoolClass));
  const classOf = classIndex(classes);
  const accounts = rows.map((r) => r.raw.account).filter(Boolean);
  const taken = new Set(
    accounts.length
      ? (
          await db
            .select({ a: appUser.account })
            .from(appUser)
            .where(scope.where(appUser, inArray(appUser.account, accounts)))
        ).map((r) => r.a)
      : [],
  );
  // New readers without a group get the default group of their identity (looked up once per identity).
  const defaults = new Map<string, number | null>();
  const groupFor = async (identity: string) => {
    if (!defaults.has(identity)) defaults.set(identity, await defaultGroupId(db, scope, identity));
    return defaults.get(identity) ?? null;
  };
  const seen = new Set<string>();
  const out: { rowNo: number; account: string; name: string; result: string }[] = [];
  let done = 0;
  for (const { rowNo, raw } of rows) {
    if (job.stopped) break;
    const reasons: string[] = [];
    const classId = raw.className ? (classOf.get(raw.className) ?? null) : null;
    if (raw.className && classId == null) reasons.push(t('readers.import.unknownClass', { name: raw.className }));
    const parsed = toCreateInput(raw, classId);
    if (!parsed.success) for (const i of parsed.error.issues) reasons.push(t(i.message));
    if (raw.account && seen.has(raw.account)) reasons.push(t('readers.import.dupInFile'));
    else if (raw.account && taken.has(raw.account)) reasons.push(t('readers.import.dupInSchool'));
    if (raw.account) seen.add(raw.account);
    if (!reasons.length && parsed.success) {
      const values = await readerValues(parsed.data, true);
      if (values.permissionGroupId == null) values.permissionGroupId = await groupFor(parsed.data.identity);
      const ins = await db
        .insert(appUser)
        .values(scope.values({ ...values, account: parsed.data.account, name: parsed.data.name }))
        .onConflictDoNothing()
        .returning({ id: appUser.id });
      // Lost a race with a reader added meanwhile: reported like any duplicate.
      if (!ins.length) reasons.push(t('readers.import.dupInSchool'));
    }
    out.push({
      rowNo,
      account: raw.account,
      name: raw.name,
      result: reasons.length ? reasons.join('; ') : t('readers.import.ok'),
    });
    await job.progress(++done);
  }
  return { resultFile: await writeResult(job, t, out) };
}

async function writeResult(
  job: Job,
  t: (k: string) => string,
  out: { rowNo: number; account: string; name: string; result: string }[],
): Promise<string> {
  const file = job.resultPath(`${t('readers.import.file')}.xlsx`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t('readers.import.file').slice(0, 31));
  ws.columns = [
    { header: t('readers.import.row'), key: 'rowNo', width: 8 },
    { header: t('readers.import.col.account'), key: 'account', width: 18 },
    { header: t('readers.import.col.name'), key: 'name', width: 14 },
    { header: t('readers.import.result'), key: 'result', width: 60 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of out) ws.addRow(r);
  await wb.xlsx.writeFile(file);
  return file;
}
