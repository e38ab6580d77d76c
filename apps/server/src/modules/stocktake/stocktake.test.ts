import ExcelJS from 'exceljs';
import { P } from '@shuyuan/contracts/common/paths';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, taskDone, useTestApp } from '../../test/helper.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { barcodeRule } from '../printing/printing.table.ts';
import { storeUpload } from '../upload/upload.service.ts';
import { makeLocation, shelf } from './test-fixtures.ts';

const S = `${P}/Stocktake`;
const t = useTestApp();

async function copiesOf(barcodes: string[]) {
  const rows = await t.db
    .select({ barcode: copy.barcode, store: copy.storeType, state: copy.circState })
    .from(copy)
    .where(inArray(copy.barcode, barcodes));
  return Object.fromEntries(rows.map((r) => [r.barcode, r]));
}

const finished = (id: number) => taskDone(t, id);

describe('stocktake: open → scan → report → close', () => {
  let scope: Scope;
  let shelfA: string[];
  let shelfB: string[];
  let locA: number;
  let sessionId: number;
  const scan = (barcode: string, extra: Record<string, unknown> = {}) =>
    t.post(`${S}/Scan`, { sessionId, barcode, ...extra });

  beforeAll(async () => {
    scope = new Scope(t.schoolId);
    locA = await makeLocation(t.db, scope, 'Reading room A');
    const locB = await makeLocation(t.db, scope, 'Stack B');
    // Shelf A in call-number order: I21/1, I21/2, I247/3, I287/9, I287/12, K825/1 (+ one on loan, one weeded).
    shelfA = await shelf(t.db, scope, locA, ['I21/1', 'I21/2', 'I247/3', 'I287/9', 'I287/12', 'K825/1']);
    shelfA.push(...(await shelf(t.db, scope, locA, ['K825/2'], { circState: 'borrowed' })));
    shelfA.push(...(await shelf(t.db, scope, locA, ['K825/3'], { storeType: 3 })));
    shelfB = await shelf(t.db, scope, locB, ['TP3/1']);
  });

  it('opens a session: expected copies go to store 9, weeded ones are left out', async () => {
    const r = await t.post(`${S}/OpenSession`, { name: 'Room A 2026', locationIds: [locA] });
    expect(r.json.code).toBe(0);
    sessionId = r.json.data.id;
    expect(r.json.data.expectedCount).toBe(7);
    const c = await copiesOf(shelfA);
    expect(c[shelfA[0]].store).toBe(9);
    expect(c[shelfA[7]].store).toBe(3);
    const s = await t.post(`${S}/GetSession`, { sessionId });
    expect(s.json.data).toMatchObject({ name: 'Room A 2026', state: 'open', expectedCount: 7, scanCount: 0 });
  });

  it('refuses an unknown location and a reversed range, in the caller language', async () => {
    const r = await t.post(`${S}/OpenSession`, { name: 'x', locationIds: [999999] }, { lang: 'zh' });
    expect(r.json.issues[0].message).toBe('所选馆藏地不存在');
    const r2 = await t.post(`${S}/OpenSession`, { name: 'x', callNoFrom: 'K', callNoTo: 'I' });
    expect(r2.json.issues[0]).toMatchObject({ path: 'callNoTo' });
    const r3 = await t.post(`${S}/OpenSession`, { name: '' }, { lang: 'en' });
    expect(r3.json.issues[0].message).toBe('Please enter a name for the stocktake');
  });

  it('classifies scans: found, misplaced, not expected, on loan, unknown, twice', async () => {
    expect((await scan(shelfA[0])).json.data.outcome).toBe('found');
    expect((await scan(shelfA[1])).json.data.outcome).toBe('found');
    // I287/12 before I247/3 and I287/9: the live check flags the scans that sort before the previous one.
    expect((await scan(shelfA[4])).json.data.outcome).toBe('found');
    const mis = (await scan(shelfA[2])).json.data;
    expect(mis).toMatchObject({ outcome: 'misplaced', after: 'I287/12', title: 'Book I247/3' });
    expect((await scan(shelfA[3])).json.data.outcome).toBe('found');
    expect((await scan(shelfA[5])).json.data.outcome).toBe('found');
    expect((await scan(shelfA[6])).json.data.outcome).toBe('on-loan');
    const other = (await scan(shelfB[0])).json.data;
    expect(other).toMatchObject({ outcome: 'not-expected', reason: 'other-location' });
    expect((await scan(shelfA[7])).json.data).toMatchObject({ outcome: 'not-expected', reason: 'weeded' });
    expect((await scan('NOPE-1')).json.data.outcome).toBe('unknown');
    expect((await scan(shelfA[0])).json.data.outcome).toBe('duplicate');
  });

  it('counts a retried scan (same clientId) once', async () => {
    const a = await scan('NOPE-2', { clientId: 'q-1' });
    const b = await scan('NOPE-2', { clientId: 'q-1' });
    expect(b.json.data.seq).toBe(a.json.data.seq);
    const s = await t.post(`${S}/GetSession`, { sessionId });
    expect(s.json.data.scanCount).toBe(a.json.data.seq);
  });

  it('checks a typed barcode against the school rule, not a scanned one', async () => {
    await t.db.insert(barcodeRule).values(scope.values({ kind: 'book', prefix: 'S', length: 9 }));
    const typed = await scan('X12', { typed: true });
    expect(typed.json.code).not.toBe(0);
    expect(typed.json.msg).toBeTruthy();
    expect((await scan('X12')).json.data.outcome).toBe('unknown');
    await t.db.delete(barcodeRule);
  });

  it('reports totals and lists; misplaced is the smallest set to move', async () => {
    const r = (await t.post(`${S}/GetReport`, { sessionId })).json.data;
    expect(r.totals).toMatchObject({
      expected: 7,
      found: 7,
      missing: 0,
      away: 0,
      misplaced: 1,
      notExpected: 2,
      onLoan: 1,
      unknown: 3,
      duplicate: 1,
    });
    // Scan order I21/1 I21/2 I287/12 I247/3 I287/9 K825/1 K825/2: moving I287/12 alone fixes the shelf.
    const m = (await t.post(`${S}/GetReportList`, { sessionId, list: 'misplaced' })).json.data;
    expect(m.List.map((x: { callNo: string }) => x.callNo)).toEqual(['I287/12']);
    const u = (await t.post(`${S}/GetReportList`, { sessionId, list: 'unknown', Rows: 2 })).json.data;
    expect(u.Total).toBe(3);
    expect(u.List).toHaveLength(2);
  });

  it('takes a handheld file (.txt) and exports a list as xlsx', async () => {
    const up = await storeUpload(t.app, t.schoolId, 'scan.txt', Buffer.from('barcode\nNOPE-3\n\nNOPE-4\r\n'));
    const r = await t.post(`${S}/ScanFile`, { sessionId, fileUrl: up.url });
    expect(r.json.data).toMatchObject({ count: 2, totals: { unknown: 2 } });
    const ex = await t.post(`${P}/Stocktake/ExportReportList`, { sessionId, list: 'unknown' });
    const job = await finished(ex.json.data.DataID);
    expect(job.State).toBe(2);
  });

  it('processes a large handheld file (.xlsx) as a background task, every line once', async () => {
    const before = (await t.post(`${S}/GetSession`, { sessionId })).json.data.scanCount;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('scans');
    ws.addRow(['条码']);
    for (let i = 0; i < 1200; i++) ws.addRow([`BULK${i}`]);
    const up = await storeUpload(t.app, t.schoolId, 'handheld.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const r = await t.post(`${S}/ScanFile`, { sessionId, fileUrl: up.url });
    expect(r.json.data.count).toBe(1200);
    expect((await finished(r.json.data.DataID)).State).toBe(2);
    const after = (await t.post(`${S}/GetSession`, { sessionId })).json.data.scanCount;
    expect(after - before).toBe(1200);
  });

  it('closes: found copies back to their store; missing ones marked lost when asked', async () => {
    const s2 = await t.post(`${S}/OpenSession`, {
      name: 'Stack B',
      locationIds: [],
      callNoFrom: 'TP',
      callNoTo: 'TP9',
    });
    expect(s2.json.data.expectedCount).toBe(1);
    const closeB = await t.post(`${S}/CloseSession`, { sessionId: s2.json.data.id, missing: 'lost' });
    expect(closeB.json.data).toMatchObject({ missing: 1, lost: 1 });
    expect((await copiesOf(shelfB))[shelfB[0]]).toMatchObject({ store: 6, state: 'lost' });

    const close = await t.post(`${S}/CloseSession`, { sessionId, missing: 'leave' });
    expect(close.json.data).toMatchObject({ missing: 0, lost: 0, restored: 7 });
    const c = await copiesOf(shelfA);
    expect(c[shelfA[0]].store).toBe(2);
    expect(c[shelfA[6]]).toMatchObject({ store: 2, state: 'borrowed' });
    const again = await scan(shelfA[1], {});
    expect(again.json.code).not.toBe(0);
    expect((await t.post(`${S}/GetSession`, { sessionId })).json.data.state).toBe('closed');
  });

  it('keeps schools apart and checks permissions', async () => {
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['*'] });
    const r = await t.post(`${S}/GetSession`, { sessionId }, { token: admin.token, schoolId: other });
    expect(r.json.errorCode ?? r.json.code).not.toBe(0);
    const list = await t.post(`${S}/GetSessionList`, {}, { token: admin.token, schoolId: other });
    expect(list.json.data.Total).toBe(0);
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['book-inventory'] });
    expect((await t.post(`${S}/GetSessionList`, {}, { token: viewer.token })).json.data.Total).toBeGreaterThan(0);
    const denied = await t.post(`${S}/OpenSession`, { name: 'no' }, { token: viewer.token });
    expect(denied.status === 403 || denied.json.code !== 0).toBe(true);
    const noReport = await t.post(`${S}/GetReport`, { sessionId }, { token: viewer.token });
    expect(noReport.status === 403 || noReport.json.code !== 0).toBe(true);
  });
});
