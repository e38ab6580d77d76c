import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { P } from '../packages/contracts/src/common/paths.ts';
import { formatBarcode } from '../packages/contracts/src/printing/barcode.ts';
import { PRINT_LIMIT } from '../packages/contracts/src/printing/print-job.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { seedAll } from '../apps/server/src/db/seed.ts';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens.ts';
import { appUser } from '../apps/server/src/modules/auth/user.table.ts';
import { catalogueRecord, copy } from '../apps/server/src/modules/catalogue/catalogue.table.ts';
import { report } from './stats.ts';

const PREFIX = 'LB';
const COPIES_PER_RECORD = 10;

/**
 * Spec §9 budget, end to end: 5000 copies read from the database through `P/Printing/PrintJob` (a background
 * task) to a finished PDF in < 10 s, on PGlite. A fresh data folder holds 500 records × 10 copies; the clock runs
 * from the request to the moment GetProgress reports the task done; the PDF is then downloaded for its size and
 * page count.
 */
export async function benchLabelsEndToEnd(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labels-e2e-bench-'));
  const config = { ...loadConfig({}), dataDir, adminPassword: 'Bench#2026pw', loginCaptcha: false, webDist: '/x' };
  const database = await openDatabase({ dataDir, lock: false });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await runMigrations(database);
    await seedAll(database.db, config);
    const [admin] = await database.db
      .select({ userId: appUser.id, schoolId: appUser.schoolId })
      .from(appUser)
      .orderBy(appUser.id)
      .limit(1);
    const { schoolId } = admin;
    const records = await database.db
      .insert(catalogueRecord)
      .values(
        Array.from({ length: PRINT_LIMIT / COPIES_PER_RECORD }, (_, i) => ({
          schoolId,
          title: `三体 第${i + 1}部：地球往事`,
          classNo: `I${247 + (i % 50)}.5`,
          bookNo: String((i % 997) + 1),
        })),
      )
      .returning({ id: catalogueRecord.id, classNo: catalogueRecord.classNo, bookNo: catalogueRecord.bookNo });
    const rows = records.flatMap((r, i) =>
      Array.from({ length: COPIES_PER_RECORD }, (_, k) => ({
        schoolId,
        recordId: r.id,
        barcode: formatBarcode(PREFIX, i * COPIES_PER_RECORD + k + 1, 7, false),
        callNo: `${r.classNo}/${r.bookNo}:${k + 1}`,
      })),
    );
    for (let i = 0; i < rows.length; i += 1000) await database.db.insert(copy).values(rows.slice(i, i + 1000));
    await database.exec('analyze');

    app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const token = await issueAccessToken(database.db, { userId: admin.userId });
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      schoolid: String(schoolId),
    };
    const post = async (p: string, body: unknown) => {
      const res = await fetch(`http://127.0.0.1:${port}${P}${p}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string; data: any };
      if (json.code !== 0) throw new Error(`${p}: ${json.msg}`);
      return json.data;
    };
    const templates = await post('/Printing/GetTemplateList', { kind: 'barcode' });
    const template =
      (templates.List ?? templates).find((x: { isDefault?: boolean }) => x.isDefault) ??
      (templates.List ?? templates)[0];

    const t0 = performance.now();
    const started = await post('/Printing/PrintJob', {
      screen: 'barcodeprint',
      templateId: template.id,
      source: { type: 'barcodeRange', from: rows[0].barcode, to: rows.at(-1)!.barcode },
    });
    let job: { State: number; ResultFile?: string; Error?: string; DataCount: number } = { State: 0, DataCount: 0 };
    while (job.State < 2) {
      await new Promise((ok) => setTimeout(ok, 25));
      job = await post('/Config/GetProgress', { DataID: started.DataID });
    }
    const seconds = (performance.now() - t0) / 1000;
    if (job.State !== 2) throw new Error(`print job ended in state ${job.State}: ${job.Error ?? ''}`);
    const file = await fetch(`http://127.0.0.1:${port}${job.ResultFile}`, { headers });
    const pdf = Buffer.from(await file.arrayBuffer());
    if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('the result is not a PDF');
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
    report(
      `5000 copies from the database to a PDF via PrintJob, PGlite (${job.DataCount} labels, ${pages} pages, ${(pdf.length / 1e6).toFixed(1)} MB)`,
      seconds,
      's',
      10,
    );
  } finally {
    await app?.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npx tsx bench/labels-e2e.bench.ts` runs it alone. */
if (process.argv[1]?.endsWith('labels-e2e.bench.ts')) await benchLabelsEndToEnd();
