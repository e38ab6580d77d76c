import fs from 'node:fs';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/audit.table.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { recordMatchKey } from '../catalogue/match-key.table.ts';
import { fixtures } from './test-fixtures.ts';

const t = useTestApp();
const PREVIEW = `${P}/Literature/itemsbatchpreview`;
const EDIT = `${P}/Literature/itemsbatchedit`;
const f = () => fixtures(t.db, t.schoolId);
const copyOf = async (barcode: string) =>
  (
    await t.db
      .select()
      .from(copy)
      .where(and(eq(copy.schoolId, t.schoolId), eq(copy.barcode, barcode)))
  )[0];
/** Items by barcode (the first one when a barcode was listed twice). */
const byBarcode = (res: { json: any }) =>
  Object.fromEntries([...res.json.data.List].reverse().map((r: any) => [r.barcode, r])) as Record<string, any>;

describe('bulk editing by barcodes', () => {
  it('previews before → after, then applies: good copies written (version +1), bad ones listed', async () => {
    const fx = f();
    const br = await fx.branch('Main');
    const from = await fx.location(br.id, 'Stacks');
    const to = await fx.location(br.id, 'Reading room');
    const rec = await fx.record({ title: '三体' });
    const [a, b, c] = await fx.copies(rec.id, 3, { branchId: br.id, locationId: from.id, unitPriceFen: 2300 });
    await fx.lend(c, t.adminId);
    const body = {
      barcodes: [a.barcode, b.barcode, c.barcode, 'NOPE', a.barcode],
      set: { locationId: to.id, unitPrice: 25.5 },
    };

    const pre = await t.post(PREVIEW, body);
    expect(pre.json.code, JSON.stringify(pre.json)).toBe(0);
    const p = byBarcode(pre);
    expect(p[a.barcode]).toMatchObject({
      ok: true,
      title: '三体',
      before: { locationId: 'Stacks', unitPrice: '23.00' },
      after: { locationId: 'Reading room', unitPrice: '25.50' },
    });
    expect(p[c.barcode]).toMatchObject({ ok: false, reason: 'This copy is on loan (or on its way back)' });
    expect(p.NOPE).toMatchObject({ ok: false, reason: 'No copy of this library has this barcode' });
    expect(pre.json.data.List.at(-1)).toMatchObject({
      barcode: a.barcode,
      ok: false,
      reason: 'Listed twice; the first one was used',
    });
    expect(pre.json.data).toMatchObject({ okCount: 2, badCount: 3 });
    expect((await copyOf(a.barcode)).locationId).toBe(from.id); // a preview writes nothing

    const done = await t.post(EDIT, body, { lang: 'zh' });
    expect(done.json.data).toMatchObject({ okCount: 2, badCount: 3 });
    expect(byBarcode(done)[c.barcode].reason).toBe('该馆藏已借出（或在途），不能处理');
    const after = await copyOf(a.barcode);
    expect(after).toMatchObject({ locationId: to.id, unitPriceFen: 2550, version: a.version + 1 });
    expect((await copyOf(c.barcode)).locationId).toBe(from.id);
    const [log] = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.schoolId, t.schoolId), eq(operationLog.action, 'holdings.bulkEdit')));
    expect(log.detail).toMatchObject({ okCount: 2, badCount: 3 });
  });

  it('moves states only along spec §4 and refuses a location of another school', async () => {
    const fx = f();
    const rec = await fx.record();
    const [a, b] = await fx.copies(rec.id, 2);
    await t.db.update(copy).set({ circState: 'lost' }).where(eq(copy.id, b.id));
    const res = await t.post(EDIT, { barcodes: [a.barcode, b.barcode], set: { circState: 'locked' } });
    const r = byBarcode(res);
    expect(r[a.barcode].ok).toBe(true);
    expect(r[b.barcode]).toMatchObject({ ok: false, reason: 'A copy cannot go from "Lost" to "Locked"' });
    expect((await copyOf(a.barcode)).circState).toBe('locked');
    // A copy on loan leaves 'borrowed' only by its return at the desk, never by a bulk edit.
    const [c] = await fx.copies(rec.id, 1, { circState: 'borrowed' });
    const out = byBarcode(await t.post(EDIT, { barcodes: [c.barcode], set: { circState: 'available' } }));
    expect(out[c.barcode].ok).toBe(false);
    expect((await copyOf(c.barcode)).circState).toBe('borrowed');

    const other = await buildSchool(t.db);
    const ob = await fixtures(t.db, other).branch();
    const ol = await fixtures(t.db, other).location(ob.id);
    const bad = await t.post(EDIT, { barcodes: [a.barcode], set: { locationId: ol.id } });
    expect(bad.json.issues).toEqual([{ path: 'set.locationId', message: 'The location does not exist' }]);
    const empty = await t.post(EDIT, { barcodes: [a.barcode], set: {} });
    expect(empty.json.code).not.toBe(0);
  });

  it("never sees another school's copies and checks permissions", async () => {
    const rec = await f().record();
    const [a] = await f().copies(rec.id, 1);
    const other = await buildSchool(t.db);
    const admin2 = await buildUser(t.db, other, { permissions: ['*'] });
    const res = await t.post(
      EDIT,
      { barcodes: [a.barcode], set: { shelfMark: 'X' } },
      { token: admin2.token, schoolId: other },
    );
    expect(res.json.data.List[0]).toMatchObject({ ok: false, barcode: a.barcode });
    expect((await copyOf(a.barcode)).shelfMark).toBe('');

    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['bulk-editing'] });
    const pre = await t.post(PREVIEW, { barcodes: [a.barcode], set: { shelfMark: 'X' } }, { token: viewer.token });
    expect(pre.json.data.okCount).toBe(1);
    const denied = await t.post(EDIT, { barcodes: [a.barcode], set: { shelfMark: 'X' } }, { token: viewer.token });
    expect(denied.status).toBe(403);
  });

  it('edits from an xlsx file: cells by names, file values win, bad rows listed', async () => {
    const fx = f();
    const br = await fx.branch();
    const loc = await fx.location(br.id, '少儿借阅室');
    const rec = await fx.record();
    const [a, b, c] = await fx.copies(rec.id, 3);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow(['条码', '馆藏地', '排架号', '单价']);
    ws.addRow([a.barcode, '少儿借阅室', 'A-1', 12]);
    ws.addRow([b.barcode, 'Nowhere', '', '']);
    ws.addRow([c.barcode, '', '', 'abc']);
    ws.addRow(['MISSING', '', 'B', '']);
    const dir = path.join(t.app.config.dataDir, 'files', 'uploads', String(t.schoolId), '202611');
    fs.mkdirSync(dir, { recursive: true });
    await wb.xlsx.writeFile(path.join(dir, 'edit.xlsx'));
    const fileUrl = `/files/uploads/${t.schoolId}/202611/edit.xlsx`;
    const body = { fileUrl, set: { storeType: 2 }, apply: true };
    const res = await t.post(`${P}/Literature/itemsbatcheditfile`, body);
    expect(res.json.code, JSON.stringify(res.json)).toBe(0);
    const r = byBarcode(res);
    expect(r[a.barcode].ok).toBe(true);
    expect(r[b.barcode].reason).toBe('Unknown location "Nowhere"');
    expect(r[c.barcode].reason).toMatch(/^Unit price: /);
    expect(r.MISSING.ok).toBe(false);
    expect(await copyOf(a.barcode)).toMatchObject({
      locationId: loc.id,
      branchId: br.id,
      shelfMark: 'A-1',
      unitPriceFen: 1200,
      storeType: 2,
    });
    expect((await copyOf(b.barcode)).storeType).toBe(1);
    const template = await t.inject({
      method: 'POST',
      url: `${P}/Holdings/BulkEditTemplate`,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId), 'accept-language': 'zh' },
      payload: {},
    });
    const tw = new ExcelJS.Workbook();
    await tw.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(tw.worksheets[0].getRow(1).getCell(2).value).toBe('分馆');
    // Another school's upload url is refused.
    const other = await t.post(`${P}/Literature/itemsbatcheditfile`, { ...body, fileUrl: '/files/uploads/999/x.xlsx' });
    expect(other.json.code).not.toBe(0);
  });
});

describe('bulk editing by condition, batch data, bulk delete', () => {
  it('previews the count of a class range + batch and applies to all of them', async () => {
    const fx = f();
    const batch = await fx.batch();
    const r1 = await fx.record({ classNo: 'I247.5' });
    const r2 = await fx.record({ classNo: 'K825' });
    await fx.copies(r1.id, 3, { batchId: batch.id, classNo: 'I247.5' });
    await fx.copies(r2.id, 2, { batchId: batch.id });
    const body = { filter: { batchId: batch.id, classFrom: 'I', classTo: 'I247' }, set: { storeType: 2 } };
    const pre = await t.post(`${P}/Holdings/ConditionPreview`, body);
    expect(pre.json.data).toMatchObject({ Total: 3, okCount: 3 });
    const done = await t.post(`${P}/Holdings/ConditionApply`, body);
    expect(done.json.data.okCount).toBe(3);
    const rows = await t.db.select().from(copy).where(eq(copy.batchId, batch.id));
    expect(rows.filter((c) => c.storeType === 2)).toHaveLength(3);
    const none = await t.post(`${P}/Holdings/ConditionPreview`, { filter: {}, set: { storeType: 2 } });
    expect(none.json.code).not.toBe(0);
  });

  it('recomputes call numbers and discounted prices, listing copies that lack the data', async () => {
    const fx = f();
    const batch = await fx.batch('0.7500');
    const r1 = await fx.record({ classNo: 'I247.5', bookNo: '12', priceFen: 3000 });
    const r2 = await fx.record({ classNo: 'I247.5' });
    const [a] = await fx.copies(r1.id, 1, { batchId: batch.id, unitPriceFen: 2000 });
    const [b] = await fx.copies(r2.id, 1, { batchId: batch.id });
    const filter = { batchId: batch.id };
    const pre = await t.post(`${P}/Holdings/BatchDataPreview`, { op: 'callNo', filter });
    const p = byBarcode(pre);
    expect(p[a.barcode]).toMatchObject({ ok: true, before: { callNo: '' }, after: { callNo: 'I247.5/12' } });
    expect(p[b.barcode]).toMatchObject({ ok: false, reason: 'No class number or book number' });
    await t.post(`${P}/Holdings/BatchDataApply`, { op: 'callNo', filter });
    expect((await copyOf(a.barcode)).callNo).toBe('I247.5/12');
    await t.post(`${P}/Holdings/BatchDataApply`, { op: 'discountFromBatch', filter });
    expect((await copyOf(a.barcode)).discountPriceFen).toBe(1500);
    const price = await t.post(`${P}/Holdings/BatchDataApply`, { op: 'priceFromRecord', filter, overwrite: true });
    expect(byBarcode(price)[b.barcode].reason).toBe('The record has no price');
    expect((await copyOf(a.barcode)).unitPriceFen).toBe(3000);
  });

  it('deletes copies but never one on loan; removes records left empty when asked', async () => {
    const fx = f();
    const r1 = await fx.record();
    const r2 = await fx.record();
    const [a, b] = await fx.copies(r1.id, 2);
    const [c] = await fx.copies(r2.id, 1);
    await fx.lend(b, t.adminId);
    const body = { barcodes: [a.barcode, b.barcode, c.barcode], removeEmptyRecords: true };
    // The duplicate-match keys (record_match_key, kept by triggers) follow the records the bulk delete removes.
    const keys = async (id: number) =>
      (await t.db.select().from(recordMatchKey).where(eq(recordMatchKey.recordId, id))).map((k) => k.key);
    expect(await keys(r2.id)).toContain(`001:SHUYUAN|${r2.id}`);
    const pre = await t.post(`${P}/Holdings/DeleteCopiesPreview`, body);
    expect(pre.json.data).toMatchObject({ okCount: 2, badCount: 1, recordsRemoved: 1 });
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['delete-records-bulk'] });
    expect((await t.post(`${P}/Holdings/DeleteCopies`, body, { token: viewer.token })).status).toBe(403);
    const done = await t.post(`${P}/Holdings/DeleteCopies`, body);
    expect(done.json.data).toMatchObject({ okCount: 2, recordsRemoved: 1 });
    expect(byBarcode(done)[b.barcode].reason).toBe('This copy is on loan (or on its way back)');
    expect(await copyOf(a.barcode)).toBeUndefined();
    expect(await copyOf(b.barcode)).toBeDefined();
    const recs = await t.db.select().from(catalogueRecord).where(eq(catalogueRecord.id, r2.id));
    expect(recs).toHaveLength(0);
    expect(await keys(r2.id)).toEqual([]);
    expect(await keys(r1.id)).toContain(`001:SHUYUAN|${r1.id}`);
  });
});
