import ExcelJS from 'exceljs';
import { type AnyColumn, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import {
  ImportReadersBody,
  READER_IMPORT_COLUMNS,
  type ReaderCreate,
  type ReaderImportColumn,
} from '@shuyuan/contracts/readers/reader';
import type { Lang } from '@shuyuan/contracts/common/lang';
import { BizError, fail } from '../../platform/errors.ts';
import { analyzeTables } from '../../platform/analyze.ts';
import { ownUpload } from '../../platform/files/files.ts';
import { t as translate } from '../../platform/i18n/messages.ts';
import { checkSheetFile, sheetFailure } from '../../platform/files/sheet.ts';
import { sheetRowsOffThread } from '../../platform/files/sheet-thread.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import { WritePace } from '../../platform/jobs/write-pace.ts';
import { route } from '../../platform/route.ts';
import { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import type { Db } from '../../db/client.ts';
import { headerColumns, type RawRow, rawRow } from './import-rows.ts';
import { type RfidOwners, RowChecker, type UserRow } from './import-check.ts';
import { checkScanKeys } from './card-rfid.ts';
import { insertReaders, scanKeyOwners, StepKeys } from './import-keys.ts';
import { type Line, writeResult } from './import-result.ts';
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
      // Not a workbook, or a zip bomb: refused at once, before a task exists.
      await checkSheetFile(abs);
      const fileName = `${ctx.t('readers.import.file')}-${Date.now()}.xlsx`;
      const { id } = await startJob(app, {
        schoolId: ctx.schoolId,
        userId: ctx.user?.userId ?? null,
        operationType: 'import.reader',
        fileName,
        params: { lang: ctx.lang },
        run: (job) => runImport(app, ctx.schoolId, ctx.lang, abs, ctx.body.updateExisting, job),
      });
      ctx.auditDetail.jobId = id;
      return { DataID: id, FileName: fileName };
    },
  });
}

type Job = Parameters<NonNullable<Parameters<typeof startJob>[1]['run']>>[0];

/** Rows read ahead of the steps (their barcodes and cards are looked up together). */
const AHEAD = 64;
/**
 * Rows per step, sized so that a step takes ~10 ms (write-pace.ts): on the embedded database the desk waits for a
 * running step, so keep it short.
 */
const stepPace = () => new WritePace({ targetMs: 10, min: 8, max: AHEAD, first: 16 });

/**
 * `column = any(<one array parameter>)`: drizzle's `inArray` makes a parameter per value, and building a 64-value
 * look-up took ~4 ms of the server's thread (0.2 ms this way).
 */
const anyOf = (column: AnyColumn, values: string[]) => sql`${column} = any(${sql.param(values)}::text[])`;

/** One after the other, in order. */
async function inTurn<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await fn(item));
  return out;
}

/**
 * Each row is its own unit: checked like the form, then written by one statement, so a bad row never
 * blocks the good ones and nothing is half-written. Columns are read by header. With `updateExisting` a row
 * whose barcode belongs to a reader updates that reader (the cells it fills; never the password or deposit);
 * otherwise it is refused as a duplicate. The sheet is streamed twice (count, then import; never held in memory;
 * parsed in a worker thread, this one only takes its rows) and a file over the row limit is refused before anything
 * is written. Rows are written in short steps (`job.step`): each step's rows, their result lines and the progress
 * are committed together, so after a restart the result file lists exactly the rows written. The planner statistics are refreshed at the end.
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
  const sheetError = (e: unknown) => sheetFailure(e, t, 'readers.import.badFile');
  let at = new Map<ReaderImportColumn, number>();
  let total = 0;
  try {
    for await (const r of sheetRowsOffThread(abs, { checked: true })) {
      if (r.rowNo === 1) at = headerColumns(r.cells);
      else if (rawRow(r.cells, at)) total++;
    }
  } catch (e) {
    throw sheetError(e);
  }
  if (!at.has('account') || !at.has('name'))
    throw new Error(
      t('readers.import.noHeader', {
        headers: `${t('readers.import.col.account')}, ${t('readers.import.col.name')}`,
      }),
    );
  await job.setTotal(total);
  const checker = await RowChecker.load(db, scope, t, updateExisting);
  // New readers without a group get the default group of their identity (looked up once per identity).
  const defaults = new Map<string, Promise<number | null>>();

  /** A new reader's values; without a group, its identity's default group (looked up once per identity). */
  const newValues = async (tx: Db, data: ReaderCreate) => {
    const values = await readerValues(data, true);
    if (values.permissionGroupId == null) {
      if (!defaults.has(data.identity)) defaults.set(data.identity, defaultGroupId(tx, scope, data.identity));
      values.permissionGroupId = (await defaults.get(data.identity)) ?? null;
    }
    return scope.values({ ...values, account: data.account, name: data.name });
  };

  /** One row on its own, inside the step's transaction (a step with updates goes row by row): its outcome line. */
  const importRow = async (
    tx: Db,
    row: { rowNo: number; raw: RawRow },
    existing: Map<string, UserRow>,
    rfidOwner: RfidOwners,
  ): Promise<Line> => {
    const c = checker.check(row, existing, rfidOwner);
    const { raw, old, updating, reasons } = c;
    if (c.data) {
      // One scan must name one reader: RFID vs other readers' barcodes, new barcode vs their RFIDs.
      try {
        await checkScanKeys(tx, scope, t, old?.id ?? null, {
          account: updating ? undefined : raw.account,
          cardRfid: raw.cardRfid,
        });
      } catch (e) {
        if (!(e instanceof BizError) || !e.issues) throw e;
        reasons.push(...e.issues.map((i) => i.message));
      }
    }
    if (!c.data || reasons.length) return checker.line(c, 'readers.import.ok');
    if (updating && old) {
      const values = await readerValues(c.data, false);
      try {
        // A savepoint: a card bound to another reader meanwhile (the RFID index) fails this row only.
        await tx.transaction(async (sp) => {
          await sp
            .update(appUser)
            .set(values)
            .where(scope.where(appUser, eq(appUser.id, old.id)));
        });
        return checker.line(c, 'readers.import.updated');
      } catch (err) {
        if (((err as any)?.cause ?? err)?.code !== '23505') throw err;
        reasons.push(t('readers.card.rfidTakenShort'));
        return checker.line(c, 'readers.import.ok');
      }
    }
    const ins = await tx
      .insert(appUser)
      .values(await newValues(tx, c.data))
      .onConflictDoNothing()
      .returning({ id: appUser.id });
    // Lost a race with a reader added meanwhile (or a card bound meanwhile): reported like a duplicate.
    if (!ins.length) reasons.push(t('readers.import.dupInSchool'));
    return checker.line(c, 'readers.import.ok');
  };

  /**
   * A step of new readers, inside its transaction, in two statements whatever its size: the other readers their
   * barcodes and cards name (scan keys) in one look-up, then one insert of the rows still good. Building two
   * statements per row (a look-up and an insert, drizzle's SQL and the driver's messages for each) was the step's
   * CPU, and it ran in one piece on this thread, where a desk's request waits for it. `together` holds the barcodes
   * and cards of the step's rows before each one, which the database cannot see yet.
   */
  const importNew = async (
    tx: Db,
    batch: { rowNo: number; raw: RawRow }[],
    existing: Map<string, UserRow>,
    rfidOwner: RfidOwners,
  ): Promise<Line[]> => {
    const checked = batch.map((r) => checker.check(r, existing, rfidOwner));
    const good = checked.filter((c) => c.data);
    const owners = await scanKeyOwners(
      tx,
      scope,
      good.map((c) => c.raw),
    );
    const together = new StepKeys(t);
    for (const c of good) {
      const inStep = together.check(c.raw, false);
      const issues = owners.issues(t, c.raw);
      for (const i of inStep) if (!issues.some((d) => d.path === i.path)) issues.push(i);
      c.reasons.push(...issues.map((i) => i.message));
    }
    const writes = good.filter((c) => !c.reasons.length);
    const values: Awaited<ReturnType<typeof newValues>>[] = [];
    for (const c of writes) values.push(await newValues(tx, c.data as ReaderCreate));
    const added = new Set(await insertReaders(tx, values));
    // Lost a race with a reader added meanwhile (or a card bound meanwhile): reported like a duplicate.
    for (const c of writes)
      if (!added.has((c.data as ReaderCreate).account)) c.reasons.push(t('readers.import.dupInSchool'));
    return checked.map((c) => checker.line(c, 'readers.import.ok'));
  };

  const pace = stepPace();
  const rows = sheetRowsOffThread(abs, { checked: true })[Symbol.asyncIterator]();
  const pending: { rowNo: number; raw: RawRow }[] = [];
  let ended = false;
  const readAhead = async () => {
    while (!ended && pending.length < AHEAD) {
      const n = await rows.next().catch((e) => {
        throw sheetError(e);
      });
      if (n.done) ended = true;
      else if (n.value.rowNo !== 1) {
        const raw = rawRow(n.value.cells, at);
        if (raw) pending.push({ rowNo: n.value.rowNo, raw });
      }
    }
  };
  try {
    for (await readAhead(); pending.length && !job.stopped; await readAhead()) {
      // The readers and cards the window's rows name, read once for its steps (a reader added meanwhile by
      // someone else is caught by the insert's conflict; rows of this file by the checker).
      const accounts = pending.map((r) => r.raw.account).filter(Boolean);
      const existing = new Map(
        (accounts.length
          ? await db
              .select()
              .from(appUser)
              .where(scope.where(appUser, anyOf(appUser.account, accounts)))
          : []
        ).map((u) => [u.account, u]),
      );
      const rfids = pending.map((r) => r.raw.cardRfid).filter(Boolean);
      const rfidOwner = new Map(
        (rfids.length
          ? await db
              .select({ id: appUser.id, rfid: appUser.cardRfid, name: appUser.name, account: appUser.account })
              .from(appUser)
              .where(scope.where(appUser, anyOf(appUser.cardRfid, rfids), sql`${appUser.cardRfid} <> ''`))
          : []
        ).map((u) => [u.rfid as string, u]),
      );
      const window = pending.splice(0, pending.length);
      while (window.length && !job.stopped) {
        const batch = window.splice(0, pace.next());
        await job.step(async (tx) => {
          const started = performance.now();
          // New readers' rows run together (importNew): one look-up and one insert, so the step holds the session
          // for three round trips with its commit whatever its size (on the embedded database a loan waits for it,
          // and each round trip also waits for this thread). An update goes row by row: a savepoint of one row must
          // not enclose another row's statements.
          const lines = batch.some((r) => updateExisting && existing.has(r.raw.account))
            ? await inTurn(batch, (r) => importRow(tx, r, existing, rfidOwner))
            : await importNew(tx, batch, existing, rfidOwner);
          pace.took(batch.length, performance.now() - started);
          return lines;
        });
      }
    }
  } finally {
    await rows.return?.(undefined);
  }
  await analyzeTables(db, appUser);
  return { resultFile: await writeResult(job, lang, await job.journal(), true) };
}
