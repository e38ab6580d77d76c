import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { acceptanceBatch, catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { lossRecord } from '../losses/loss.table.ts';
import { weedingRecord } from '../stocktake/stocktake.table.ts';
import { exportedSheet } from './test-export.ts';

const S = `${P}/Statistics`;
const at = (s: string) => new Date(`${s}+08:00`);

/**
 * A small library whose ledger is counted by hand (school time zone Asia/Shanghai):
 * - Records RA (I247, 20.00), RB (TP3, 30.00), RC (B84, no price), RD (no class, 10.00).
 * - Batch K1 accepted 2025-12-20 (采购, voucher V1): a1 a2 (RA), b1 (RB, own price 35.00).
 * - Batch K2 accepted 2026-03-10 (捐赠, no voucher, invoice INV2): b2 (RB), c1 (RC), d1 (RD).
 * - Batch K3 accepted 2026-05-01 (采购, V3): a3 (RA, own price 25.00); e1 a purchase suggestion (not accessioned).
 * - No batch: x2 created 04-01 23:30, x1 04-02 09:00, x3 04-02 00:30 (RD) — x3 is 04-01 16:30 UTC.
 * - a1 weeded 03-15 (破损, 20.00); c1 weeded 06-01 and taken back; b1 lost 04-20 (PC1); a2 lost 06-09 (PC2) and
 *   weeded 06-10 (leaves once); d1 lost 06-05 and retrieved.
 */
async function buildLedgerLibrary(db: any, schoolId: number) {
  const scope = new Scope(schoolId);
  const [ra, rb, rc, rd] = await db
    .insert(catalogueRecord)
    .values([
      scope.values({
        title: 'RA',
        classNo: 'I247',
        priceFen: 2000,
        author: 'AA',
        publisher: 'PA',
        isbn: '9787000000001',
      }),
      scope.values({ title: 'RB', classNo: 'TP3', priceFen: 3000 }),
      scope.values({ title: 'RC', classNo: 'B84' }),
      scope.values({ title: 'RD', classNo: '', priceFen: 1000 }),
    ])
    .returning();
  const [k1, k2, k3] = await db
    .insert(acceptanceBatch)
    .values([
      scope.values({ batchNo: 'K1', acceptedOn: '2025-12-20', type: '采购', voucher: 'V1', bookseller: '新华书店' }),
      scope.values({ batchNo: 'K2', acceptedOn: '2026-03-10', type: '捐赠', invoiceNo: 'INV2', state: 1 }),
      scope.values({ batchNo: 'K3', acceptedOn: '2026-05-01', type: '采购', voucher: 'V3' }),
    ])
    .returning();
  const cp = (barcode: string, r: any, over: Partial<typeof copy.$inferInsert> = {}) =>
    scope.values({ recordId: r.id, barcode, callNo: `${r.classNo || 'Z'}/${r.title}`, storeType: 2, ...over });
  const copies = await db
    .insert(copy)
    .values([
      cp('a1', ra, { batchId: k1.id, storeType: 3 }),
      cp('a2', ra, { batchId: k1.id, storeType: 3 }),
      cp('b1', rb, { batchId: k1.id, storeType: 6, unitPriceFen: 3500 }),
      cp('b2', rb, { batchId: k2.id }),
      cp('c1', rc, { batchId: k2.id }),
      cp('d1', rd, { batchId: k2.id }),
      cp('a3', ra, { batchId: k3.id, unitPriceFen: 2500, discountPriceFen: 2000 }),
      cp('e1', ra, { batchId: k3.id, storeType: 4 }),
      cp('x1', rd, { createdAt: at('2026-04-02T09:00:00') }),
      cp('x2', rd, { createdAt: at('2026-04-01T23:30:00') }),
      cp('x3', rd, { createdAt: at('2026-04-02T00:30:00') }),
    ])
    .returning();
  const c = Object.fromEntries(copies.map((x: any) => [x.barcode, x]));
  const weed = (b: string, day: string, reason: string, over: Partial<typeof weedingRecord.$inferInsert> = {}) =>
    scope.values({
      copyId: c[b].id,
      recordId: c[b].recordId,
      barcode: b,
      reason,
      priceFen: 2000,
      prevStore: 2,
      weededOn: day,
      ...over,
    });
  await db
    .insert(weedingRecord)
    .values([
      weed('a1', '2026-03-15', '破损'),
      weed('c1', '2026-06-01', '过时', { priceFen: null, undoneAt: at('2026-06-02T10:00:00') }),
      weed('a2', '2026-06-10', '遗失', { prevStore: 6 }),
    ]);
  const lose = (b: string, when: string, orderNo: string, state = 'not_compensated') =>
    scope.values({
      orderNo,
      copyId: c[b].id,
      recordId: c[b].recordId,
      barcode: b,
      title: b,
      previousState: 'available',
      previousStore: 2,
      compensationFen: 0,
      state,
      registeredAt: at(when),
    });
  await db
    .insert(lossRecord)
    .values([
      lose('b1', '2026-04-20T10:00:00', 'PC1'),
      lose('a2', '2026-06-09T10:00:00', 'PC2'),
      lose('d1', '2026-06-05T10:00:00', 'PC3', 'retrieved'),
    ]);
  return { k1, k2, k3, ra, rb, rc, rd, c };
}

describe('accession ledgers against a hand-counted library', () => {
  const t = useTestApp();
  let school: number;
  let token: string;
  let lib: Awaited<ReturnType<typeof buildLedgerLibrary>>;
  const post = (url: string, body: object, lang: 'zh' | 'en' = 'en', tk = token) =>
    t.post(`${S}/${url}`, body, { token: tk, schoolId: school, lang });
  const YEAR = { period: 'year', date: '2026-06-30' };

  beforeAll(async () => {
    school = await buildSchool(t.db);
    token = (await buildUser(t.db, school, { permissions: ['*'] })).token;
    lib = await buildLedgerLibrary(t.db, school);
  });

  it('the summary register: opening balance, a line per accession and removal, running totals, class parts', async () => {
    const r = await post('Ledger', YEAR);
    expect(r.json.success, JSON.stringify(r.json)).toBe(true);
    const d = r.json.data;
    expect(d.period).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(d.opening).toEqual({ copies: 3, valueFen: 7500 });
    expect(
      d.List.map((l: any) => [l.date, l.kind, l.batchNo, l.source, l.voucher, l.titles, l.copies, l.valueFen]),
    ).toEqual([
      ['2026-03-10', 'in', 'K2', '捐赠', 'INV2', 3, 3, 4000],
      ['2026-03-15', 'weeded', '', '破损', '', 1, 1, 2000],
      ['2026-04-01', 'in', '', '', '', 1, 1, 1000],
      ['2026-04-02', 'in', '', '', '', 1, 2, 2000],
      ['2026-04-20', 'lost', '', '', 'PC1', 1, 1, 3500],
      ['2026-05-01', 'in', 'K3', '采购', 'V3', 1, 1, 2500],
      ['2026-06-09', 'lost', '', '', 'PC2', 1, 1, 2000],
    ]);
    expect(d.List.map((l: any) => [l.balanceCopies, l.balanceValueFen])).toEqual([
      [6, 11500],
      [5, 9500],
      [6, 10500],
      [8, 12500],
      [7, 9000],
      [8, 11500],
      [7, 9500],
    ]);
    expect(d.List[0].parts).toEqual({ marxism: 0, philosophy: 1, social: 0, natural: 1, general: 0, '': 1 });
    expect(d.List[1].parts.social).toBe(1);
    expect(d.added).toMatchObject({ titles: 6, copies: 7, valueFen: 9500 });
    expect(d.removed).toMatchObject({ copies: 3, valueFen: 7500 });
    expect(d.removed.parts).toEqual({ marxism: 0, philosophy: 0, social: 2, natural: 1, general: 0, '': 0 });
    expect(d.closing).toEqual({ copies: 7, valueFen: 9500 });
    // The closing balance is the collection held today.
    const held = await post('Collection', { by: 'classNo' });
    expect([held.json.data.total.copies, held.json.data.total.valueFen]).toEqual([7, 9500]);
  });

  it('a period in the middle starts from what was held before it', async () => {
    const r = await post('Ledger', { period: 'custom', from: '2026-03-12', to: '2026-04-30' });
    const d = r.json.data;
    expect(d.opening).toEqual({ copies: 6, valueFen: 11500 });
    expect(d.List.map((l: any) => l.kind)).toEqual(['weeded', 'in', 'in', 'lost']);
    expect(d.closing).toEqual({ copies: 7, valueFen: 9000 });
    const before = await post('Ledger', { period: 'year', date: '2025-05-05' });
    expect(before.json.data.opening).toEqual({ copies: 0, valueFen: 0 });
    expect(before.json.data.List.map((l: any) => [l.date, l.batchNo, l.voucher, l.copies])).toEqual([
      ['2025-12-20', 'K1', 'V1', 3],
    ]);
  });

  it('/store: the batches accessioned in the period, with what has left since', async () => {
    const r = await post('Accessions', YEAR);
    expect(
      r.json.data.List.map((x: any) => [x.date, x.batchNo, x.source, x.copies, x.valueFen, x.paidFen, x.removed]),
    ).toEqual([
      ['2026-03-10', 'K2', '捐赠', 3, 4000, 4000, 0],
      ['2026-04-01', '', '', 1, 1000, 1000, 0],
      ['2026-04-02', '', '', 2, 2000, 2000, 0],
      ['2026-05-01', 'K3', '采购', 1, 2500, 2000, 0],
    ]);
    expect(r.json.data.total).toEqual({ titles: 4, copies: 7, valueFen: 9500, paidFen: 9000, removed: 0 });
    const old = await post('Accessions', { period: 'year', date: '2025-01-01' });
    expect(old.json.data.List.map((x: any) => [x.batchNo, x.bookseller, x.copies, x.removed])).toEqual([
      ['K1', '新华书店', 3, 3],
    ]);
  });

  it('the individual register of one batch: one line per copy in barcode order, with its removal', async () => {
    const r = await post('SingleBatch', { batchIds: [lib.k1.id] });
    expect(r.json.success, JSON.stringify(r.json)).toBe(true);
    const d = r.json.data;
    expect(d.batches).toEqual([
      { id: lib.k1.id, batchNo: 'K1', date: '2025-12-20', source: '采购', bookseller: '新华书店' },
    ]);
    expect(d.List.map((x: any) => [x.barcode, x.date, x.title, x.callNo, x.priceFen, x.source, x.removal])).toEqual([
      ['a1', '2025-12-20', 'RA', 'I247/RA', 2000, '采购', { kind: 'weeded', date: '2026-03-15', note: '破损' }],
      ['a2', '2025-12-20', 'RA', 'I247/RA', 2000, '采购', { kind: 'lost', date: '2026-06-09', note: 'PC2' }],
      ['b1', '2025-12-20', 'RB', 'TP3/RB', 3500, '采购', { kind: 'lost', date: '2026-04-20', note: 'PC1' }],
    ]);
    expect(d.List[0]).toMatchObject({ author: 'AA', publisher: 'PA', isbn: '9787000000001' });
    expect(d.Total).toBe(3);
    expect(d.total).toEqual({ titles: 2, copies: 3, valueFen: 7500, removed: 3 });
    const page2 = await post('SingleBatch', { batchIds: [lib.k1.id], Page: 2, Rows: 2 });
    expect(page2.json.data.List.map((x: any) => x.barcode)).toEqual(['b1']);
    const missing = await post('SingleBatch', {}, 'zh');
    expect(missing.json.success).toBe(false);
    expect(missing.json.issues).toEqual([{ path: 'batchIds', message: '请选择一个批次' }]);
  });

  it('the copy register by title over several batches, and over a period', async () => {
    const r = await post('CopyMultiple', { batchIds: [lib.k1.id, lib.k2.id] });
    expect(r.json.data.List.map((x: any) => [x.title, x.copies, x.valueFen, x.barcodes, x.removed])).toEqual([
      ['RC', 1, 0, 'c1', 0],
      ['RA', 2, 4000, 'a1, a2', 2],
      ['RB', 2, 6500, 'b1, b2', 1],
      ['RD', 1, 1000, 'd1', 0],
    ]);
    expect(r.json.data.Total).toBe(4);
    expect(r.json.data.total).toEqual({ titles: 4, copies: 6, valueFen: 11500, removed: 3 });
    const year = await post('CopyMultiple', YEAR);
    expect(year.json.data.period).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(year.json.data.List.map((x: any) => [x.title, x.copies])).toEqual([
      ['RC', 1],
      ['RA', 1],
      ['RB', 1],
      ['RD', 4],
    ]);
    const one = await post('CopyBatch', { batchIds: [lib.k3.id] });
    expect(one.json.data.List.map((x: any) => [x.title, x.copies, x.valueFen])).toEqual([['RA', 1, 2500]]);
    const copies = await post('SingleMultiple', { period: 'custom', from: '2026-04-01', to: '2026-04-02' });
    expect(copies.json.data.List.map((x: any) => [x.barcode, x.date])).toEqual([
      ['x1', '2026-04-02'],
      ['x2', '2026-04-01'],
      ['x3', '2026-04-02'],
    ]);
  });

  it('exports the summary register to xlsx with the opening line, each line and the totals', async () => {
    const ex = await post('ExportLedger', YEAR, 'zh');
    expect(ex.json.success, JSON.stringify(ex.json)).toBe(true);
    expect(ex.json.data.FileName).toMatch(/^总括登记账-\d+\.xlsx$/);
    const ws = await exportedSheet(t, ex.json.data.DataID);
    expect(ws.getRow(1).getCell(1).value).toBe('统计期间: 2026-01-01 ~ 2026-12-31');
    expect(ws.getRow(2).getCell(2).value).toBe('摘要');
    // Empty cells read back as undefined.
    const cells = (n: number) => Array.from({ length: 18 }, (_, i) => ws.getRow(n).getCell(i + 1).value ?? '');
    expect(cells(3)).toEqual(['2026-01-01', '期初结存', ...Array(14).fill(''), 3, '75.00']);
    expect(cells(4).slice(0, 10)).toEqual(['2026-03-10', '入藏', 'K2', '捐赠', 'INV2', 3, 3, '40.00', '', '']);
    expect(cells(5).slice(0, 10)).toEqual(['2026-03-15', '剔旧注销', '', '破损', '', 1, '', '', 1, '20.00']);
    expect(cells(11).slice(-2)).toEqual([7, '95.00']);
    expect(cells(11).slice(5, 10)).toEqual([6, 7, '95.00', 3, '75.00']);
  });

  it('prints the summary register as a PDF: the title, the period, every line and the totals, page numbers', async () => {
    const res = await t.inject({
      method: 'POST',
      url: `${S}/LedgerPdf`,
      headers: { authorization: `Bearer ${token}`, schoolid: String(school), 'accept-language': 'zh' },
      payload: YEAR,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(
      encodeURIComponent('总括登记账-2026-01-01-2026-12-31.pdf'),
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { execFileSync } = await import('node:child_process');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
    expect(text).toContain('总括登记账');
    expect(text).toContain('2026-01-01 ~ 2026-12-31');
    expect(text).toMatch(/期初结存[\s\S]*75\.00/);
    expect(text).toMatch(/2026-03-10\s+入藏\s+K2\s+捐赠\s+INV2/);
    expect(text).toMatch(/遗失注销/);
    expect(text).toMatch(/第\s*1\s*页\s*\/\s*共\s*1\s*页/);
    // Without the ledger permission: refused.
    const other = await buildUser(t.db, school, { permissions: ['store'] });
    const no = await post('LedgerPdf', YEAR, 'en', other.token);
    expect(no.status).toBe(403);
  });

  it('another school sees none of it, a batch of another school is not found; each register has its permission', async () => {
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['*'] });
    const o = (url: string, body: object) => t.post(`${S}/${url}`, body, { token: admin.token, schoolId: other });
    const l = await o('Ledger', YEAR);
    expect(l.json.data.opening).toEqual({ copies: 0, valueFen: 0 });
    expect(l.json.data.List).toEqual([]);
    expect((await o('SingleBatch', { batchIds: [lib.k1.id] })).json.errorCode).toBe('NOT_FOUND');
    expect((await o('LedgerBatches', {})).json.data).toEqual([]);
    const viewer = await buildUser(t.db, school, { permissions: ['ledger'] });
    expect((await post('Ledger', YEAR, 'en', viewer.token)).status).toBe(200);
    expect((await post('ExportLedger', YEAR, 'en', viewer.token)).status).toBe(403);
    expect((await post('SingleBatch', { batchIds: [lib.k1.id] }, 'en', viewer.token)).status).toBe(403);
    const batches = await post('LedgerBatches', { key: 'k' }, 'en', viewer.token);
    expect(batches.json.data.map((b: any) => b.batchNo).sort()).toEqual(['K1', 'K2', 'K3']);
    const student = await buildUser(t.db, school, { identity: 'student' });
    expect((await post('LedgerBatches', {}, 'en', student.token)).status).toBe(403);
  });
});
