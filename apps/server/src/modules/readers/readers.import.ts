import ExcelJS from 'exceljs';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import { ImportReadersBody, READER_IMPORT_COLUMNS } from '@shuyuan/contracts/readers/reader';
import type { Lang } from '@shuyuan/contracts/common/lang';
import { BizError, fail } from '../../platform/errors.ts';
import { analyzeTables } from '../../platform/analyze.ts';
import { ownUpload } from '../../platform/files/files.ts';
import { t as translate } from '../../platform/i18n/messages.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import { route } from '../../platform/route.ts';
import { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { department } from '../org/department.table.ts';
import { permissionGroup } from '../org/organization.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { classIndex, readRows, toCreateInput, uniqueNames } from './import-rows.ts';
import { checkScanKeys } from './card-rfid.ts';
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
        run: (job) => runImport(app, ctx.schoolId, ctx.lang, abs, ctx.body.updateExisting, job),
      });
      ctx.auditDetail.jobId = id;
      return { DataID: id, FileName: fileName };
    },
  });
}

type Job = Parameters<NonNullable<Parameters<typeof startJob>[1]['run']>>[0];

type UserRow = typeof appUser.$inferSelect;

/** An existing reader as form input, so an update row changes only the cells it fills. */
function asInput(r: UserRow): Record<string, unknown> {
  return {
    account: r.account,
    name: r.name,
    enName: r.enName,
    identity: r.identity,
    sex: r.sex,
    phone: r.phone,
    email: r.email,
    birthday: r.birthday,
    departmentId: r.departmentId,
    classId: r.classId,
    permissionGroupId: r.permissionGroupId,
    cardRfid: r.cardRfid,
    validUntil: r.validUntil,
    photoUrl: r.photoUrl,
    remark: r.remark,
    state: r.state,
  };
}

/**
 * Each row is its own unit: checked like the form, then written by one statement, so a bad row never
 * blocks the good ones and nothing is half-written. Columns are read by header. With `updateExisting` a row
 * whose barcode belongs to a reader updates that reader (the cells it fills; never the password or deposit);
 * otherwise it is refused as a duplicate. The result file lists every row with its outcome; the planner
 * statistics are refreshed at the end (a bulk import changes app_user a lot).
 */
async function runImport(
  app: FastifyInstance,
  schoolId: number,
  lang: Lang,
  abs: string,
  updateExisting: boolean,
  job: Job,
) {
  const t = (k: string, p?: Record<string, unknown>) => translate(lang, k, p, schoolId);
  const db = app.database.db;
  const scope = new Scope(schoolId);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.readFile(abs);
  } catch {
    throw new Error(t('readers.import.badFile'));
  }
  const ws = wb.worksheets[0];
  const { columns, rows } = ws ? readRows(ws) : { columns: [], rows: [] };
  if (ws && (!columns.includes('account') || !columns.includes('name')))
    throw new Error(
      t('readers.import.noHeader', {
        headers: `${t('readers.import.col.account')}, ${t('readers.import.col.name')}`,
      }),
    );
  await job.setTotal(rows.length);
  const classes = await db
    .select({ id: schoolClass.id, name: schoolClass.name, gradeName: grade.name })
    .from(schoolClass)
    .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
    .where(scope.where(schoolClass));
  const classOf = classIndex(classes);
  const departmentOf = uniqueNames(
    await db.select({ id: department.id, name: department.name }).from(department).where(scope.where(department)),
  );
  const groupOf = uniqueNames(
    await db
      .select({ id: permissionGroup.id, name: permissionGroup.name })
      .from(permissionGroup)
      .where(scope.where(permissionGroup)),
  );
  const accounts = rows.map((r) => r.raw.account).filter(Boolean);
  const existing = new Map(
    (accounts.length
      ? await db
          .select()
          .from(appUser)
          .where(scope.where(appUser, inArray(appUser.account, accounts)))
      : []
    ).map((u) => [u.account, u]),
  );
  const rfids = rows.map((r) => r.raw.cardRfid).filter(Boolean);
  const rfidOwner = new Map(
    (rfids.length
      ? await db
          .select({ id: appUser.id, rfid: appUser.cardRfid, name: appUser.name, account: appUser.account })
          .from(appUser)
          .where(scope.where(appUser, inArray(appUser.cardRfid, rfids)))
      : []
    ).map((u) => [u.rfid as string, u]),
  );
  // New readers without a group get the default group of their identity (looked up once per identity).
  const defaults = new Map<string, number | null>();
  const groupFor = async (identity: string) => {
    if (!defaults.has(identity)) defaults.set(identity, await defaultGroupId(db, scope, identity));
    return defaults.get(identity) ?? null;
  };
  const seen = new Set<string>();
  const seenRfid = new Set<string>();
  const out: { rowNo: number; account: string; name: string; result: string }[] = [];
  let done = 0;
  for (const { rowNo, raw } of rows) {
    if (job.stopped) break;
    const reasons: string[] = [];
    const lookup = (text: string, map: Map<string, number>, key: string) => {
      if (!text) return null;
      const id = map.get(text) ?? null;
      if (id == null) reasons.push(t(key, { name: text }));
      return id;
    };
    const refs = {
      classId: lookup(raw.className, classOf, 'readers.import.unknownClass'),
      departmentId: lookup(raw.departmentName, departmentOf, 'readers.import.unknownDepartment'),
      permissionGroupId: lookup(raw.permissionGroupName, groupOf, 'readers.import.unknownGroup'),
    };
    const old = raw.account ? existing.get(raw.account) : undefined;
    const updating = !!old && updateExisting && old.identity !== 'staff';
    if (raw.account && seen.has(raw.account)) reasons.push(t('readers.import.dupInFile'));
    else if (old && !updating) reasons.push(t('readers.import.dupInSchool'));
    if (raw.account) seen.add(raw.account);
    if (raw.cardRfid) {
      const owner = rfidOwner.get(raw.cardRfid);
      if (seenRfid.has(raw.cardRfid)) reasons.push(t('readers.import.rfidInFile'));
      else if (owner && owner.id !== old?.id)
        reasons.push(`${t('readers.card.rfidTaken')} ${owner.name} (${owner.account})`);
      seenRfid.add(raw.cardRfid);
    }
    const parsed = toCreateInput(raw, refs, updating ? asInput(old) : undefined);
    if (!parsed.success) for (const i of parsed.error.issues) reasons.push(t(i.message));
    let outcome = 'readers.import.ok';
    if (!reasons.length && parsed.success) {
      // One scan must name one reader: RFID vs other readers' barcodes, new barcode vs their RFIDs.
      try {
        await checkScanKeys(db, scope, t, old?.id ?? null, {
          account: updating ? undefined : raw.account,
          cardRfid: raw.cardRfid,
        });
      } catch (e) {
        if (!(e instanceof BizError) || !e.issues) throw e;
        reasons.push(...e.issues.map((i) => i.message));
      }
    }
    if (!reasons.length && parsed.success) {
      if (updating) {
        const values = await readerValues(parsed.data, false);
        try {
          await db
            .update(appUser)
            .set(values)
            .where(scope.where(appUser, eq(appUser.id, old.id)));
          outcome = 'readers.import.updated';
        } catch (err) {
          // A card bound to another reader meanwhile (the RFID index): reported on the row.
          if (((err as any)?.cause ?? err)?.code !== '23505') throw err;
          reasons.push(t('readers.card.rfidTakenShort'));
        }
      } else {
        const values = await readerValues(parsed.data, true);
        if (values.permissionGroupId == null) values.permissionGroupId = await groupFor(parsed.data.identity);
        const ins = await db
          .insert(appUser)
          .values(scope.values({ ...values, account: parsed.data.account, name: parsed.data.name }))
          .onConflictDoNothing()
          .returning({ id: appUser.id });
        // Lost a race with a reader added meanwhile (or a card bound meanwhile): reported like a duplicate.
        if (!ins.length) reasons.push(t('readers.import.dupInSchool'));
      }
    }
    out.push({
      rowNo,
      account: raw.account,
      name: raw.name,
      result: reasons.length ? reasons.join('; ') : t(outcome),
    });
    await job.progress(++done);
  }
  await analyzeTables(db, appUser);
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
