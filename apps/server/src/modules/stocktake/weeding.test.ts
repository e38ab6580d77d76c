import { P } from '@shuyuan/contracts/common/paths';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { storeUpload } from '../upload/upload.service.ts';
import { makeLocation, shelf } from './test-fixtures.ts';

const S = `${P}/Stocktake`;
const t = useTestApp();

async function stores(barcodes: string[]) {
  const rows = await t.db
    .select({ barcode: copy.barcode, store: copy.storeType })
    .from(copy)
    .where(inArray(copy.barcode, barcodes));
  return Object.fromEntries(rows.map((r) => [r.barcode, r.store]));
}

describe('weeding', () => {
  let books: string[];
  let onLoan: string;
  beforeAll(async () => {
    const scope = new Scope(t.schoolId);
    const loc = await makeLocation(t.db, scope, 'Old stock');
    books = await shelf(t.db, scope, loc, ['G1/1', 'G1/2', 'G1/3']);
    [onLoan] = await shelf(t.db, scope, loc, ['G1/4'], { circState: 'borrowed' });
  });

  it('weeds a list with a reason; refuses on-loan and unknown copies, each with its reason', async () => {
    const r = await t.post(
      `${S}/Weed`,
      { barcodes: [books[0], onLoan, 'NO-SUCH', books[1]], reason: '破损严重', date: '2026-11-20' },
      { lang: 'zh' },
    );
    expect(r.json.code).toBe(0);
    expect(r.json.data).toMatchObject({ weeded: 2, refused: 2 });
    const byCode = Object.fromEntries(r.json.data.List.map((x: any) => [x.barcode, x]));
    expect(byCode[onLoan]).toMatchObject({ ok: false, code: 'ON_LOAN' });
    expect(byCode[onLoan].message).toContain('已借出');
    expect(byCode['NO-SUCH']).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const s = await stores([...books, onLoan]);
    expect([s[books[0]], s[books[1]], s[books[2]], s[onLoan]]).toEqual([3, 3, 2, 2]);
    const again = await t.post(`${S}/Weed`, { barcodes: [books[0]], reason: 'x' });
    expect(again.json.data.List[0]).toMatchObject({ ok: false, code: 'ALREADY_WEEDED' });
  });

  it('records each weeding for the ledger (price, date, reason) and lists it', async () => {
    const l = (await t.post(`${S}/GetWeedingList`, { SearchKey: books[0] })).json.data;
    expect(l.Total).toBe(1);
    expect(l.List[0]).toMatchObject({ barcode: books[0], reason: '破损严重', priceFen: 2500, weededOn: '2026-11-20' });
    const all = (await t.post(`${S}/GetWeedingList`, { from: '2026-11-01', to: '2026-11-30' })).json.data;
    expect(all.Total).toBe(2);
  });

  it('undoes a mistaken weeding: the copy goes back to its previous store', async () => {
    const l = (await t.post(`${S}/GetWeedingList`, { SearchKey: books[1] })).json.data;
    const u = await t.post(`${S}/UndoWeed`, { id: l.List[0].id });
    expect(u.json.data.store).toBe(2);
    expect((await stores([books[1]]))[books[1]]).toBe(2);
    const twice = await t.post(`${S}/UndoWeed`, { id: l.List[0].id }, { lang: 'en' });
    expect(twice.json.msg).toContain('already undone');
    const active = (await t.post(`${S}/GetWeedingList`, { undone: false })).json.data;
    expect(active.Total).toBe(1);
  });

  it('weeds the barcodes of an uploaded csv file', async () => {
    const up = await storeUpload(t.app, t.schoolId, 'weed.csv', Buffer.from(`条码,备注\n${books[2]},old\n`));
    const r = await t.post(`${S}/WeedFile`, { fileUrl: up.url, reason: 'outdated' });
    expect(r.json.data).toMatchObject({ weeded: 1, refused: 0 });
  });

  it('asks for a reason in the caller language', async () => {
    const r = await t.post(`${S}/Weed`, { barcodes: [books[2]], reason: ' ' }, { lang: 'zh' });
    expect(r.json.issues[0].message).toBe('请填写剔除原因');
  });

  it('needs weeding:weed, and never touches another school', async () => {
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['weeding'] });
    const denied = await t.post(`${S}/Weed`, { barcodes: [books[2]], reason: 'x' }, { token: viewer.token });
    expect(denied.status === 403 || denied.json.code !== 0).toBe(true);
    expect((await t.post(`${S}/GetWeedingList`, {}, { token: viewer.token })).json.data.Total).toBeGreaterThan(0);
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['*'] });
    const r = await t.post(`${S}/Weed`, { barcodes: [books[2]], reason: 'x' }, { token: admin.token, schoolId: other });
    expect(r.json.data.List[0].code).toBe('NOT_FOUND');
    expect((await t.post(`${S}/GetWeedingList`, {}, { token: admin.token, schoolId: other })).json.data.Total).toBe(0);
  });
});
