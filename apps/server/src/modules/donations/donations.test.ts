import { execFileSync } from 'node:child_process';
import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { acceptanceBatch, catalogueRecord, copy } from '../catalogue/catalogue.table.ts';

const t = useTestApp();
const D = `${P}/Donation`;

async function certificateText(id: number, lang: 'zh' | 'en') {
  const res = await t.inject({
    method: 'POST',
    url: `${D}/Certificate`,
    headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId), 'accept-language': lang },
    payload: { id },
  });
  expect(res.headers['content-type']).toBe('application/pdf');
  return execFileSync('pdftotext', ['-', '-'], { input: res.rawPayload }).toString().replace(/\s+/g, ' ');
}

describe('book donations', () => {
  it('a reader gives a catalogued copy and two titles to catalogue: batch, points, certificate, export', async () => {
    const kid = await buildUser(t.db, t.schoolId, { identity: 'student' });
    const [rec] = await t.db
      .insert(catalogueRecord)
      .values({ schoolId: t.schoolId, title: '草房子', author: '曹文轩' })
      .returning();
    await t.db.insert(copy).values({ schoolId: t.schoolId, recordId: rec.id, barcode: 'DON-0001' });
    const [batch] = await t.db
      .insert(acceptanceBatch)
      .values({ schoolId: t.schoolId, batchNo: 'JZ2026-01', type: '捐赠' })
      .returning();
    const add = await t.post(`${D}/AddDonation`, {
      donorKind: 'reader',
      readerAccount: kid.account,
      donatedOn: '2026-11-20',
      batchId: batch.id,
      items: [{ barcode: 'DON-0001' }, { title: '小王子', author: '圣埃克苏佩里', copies: 2 }],
    });
    expect(add.json.code, JSON.stringify(add.json)).toBe(0);
    const d = add.json.data;
    expect(d).toMatchObject({
      donorName: `User ${kid.account}`,
      books: 3,
      batchNo: 'JZ2026-01',
      readerAccount: kid.account,
    });
    expect(d.items[0]).toMatchObject({ title: '草房子', recordId: rec.id });
    expect(d.items[1]).toMatchObject({ title: '小王子', recordId: null, copies: 2 });
    // The default rule: 2 points per book.
    expect(d.points).toBe(6);
    // Editing the donation does not pay again.
    const upd = await t.post(`${D}/UpdateDonation`, { ...d, id: d.id, note: '家里的藏书', batchId: batch.id });
    expect(upd.json.data).toMatchObject({ note: '家里的藏书', points: 6 });

    const zh = await certificateText(d.id, 'zh');
    expect(zh).toContain('捐赠证书');
    expect(zh).toContain(`User ${kid.account}`);
    expect(zh).toContain('2026-11-20');
    expect(zh).toMatch(/捐赠图书 3 册/);
    expect(zh).toContain('《草房子》《小王子》');
    const en = await certificateText(d.id, 'en');
    expect(en).toContain('Certificate of Thanks');
    expect(en).toContain('gave 3 books');

    const list = await t.post(`${D}/GetDonationList`, { batchId: batch.id, SearchKey: kid.account });
    expect(list.json.data.Total).toBe(1);
    const exp = await t.post(`${D}/ExportDonation`, {});
    expect(exp.json.data.DataID).toBeGreaterThan(0);
  });

  it('parents and outside donors; every bad field reported and nothing saved; isolation and permissions', async () => {
    const kid = await buildUser(t.db, t.schoolId, { identity: 'student' });
    const parent = await t.post(`${D}/AddDonation`, {
      donorKind: 'parent',
      readerAccount: kid.account,
      donorName: '王芳',
      donatedOn: '2026-11-21',
      items: [{ title: '窗边的小豆豆' }],
    });
    expect(parent.json.data).toMatchObject({ donorName: '王芳', readerName: `User ${kid.account}`, points: 0 });
    const text = await certificateText(parent.json.data.id, 'zh');
    expect(text).toContain(`王芳（User ${kid.account}的家长）`);

    const before = (await t.post(`${D}/GetDonationList`, {})).json.data.Total;
    const bad = await t.post(
      `${D}/AddDonation`,
      {
        donorKind: 'reader',
        readerAccount: 'nobody',
        donatedOn: '2026-11-21',
        batchId: 999999,
        items: [{ barcode: 'NO-SUCH' }, { author: 'x' }],
      },
      { lang: 'en' },
    );
    const issues = Object.fromEntries(bad.json.issues.map((i: any) => [i.path, i.message]));
    expect(issues['items.1.title']).toBe('Each line needs a barcode or a title');
    const bad2 = await t.post(
      `${D}/AddDonation`,
      {
        donorKind: 'reader',
        readerAccount: 'nobody',
        donatedOn: '2026-11-21',
        batchId: 999999,
        items: [{ barcode: 'NO-SUCH' }],
      },
      { lang: 'en' },
    );
    const issues2 = Object.fromEntries(bad2.json.issues.map((i: any) => [i.path, i.message]));
    expect(issues2).toEqual({
      readerAccount: 'No reader has the card number nobody',
      'items.0.barcode': 'No copy has the barcode NO-SUCH',
      batchId: 'Please choose one of the library’s batches',
    });
    const outside = await t.post(
      `${D}/AddDonation`,
      { donorKind: 'outside', donatedOn: '2026-11-21', items: [{ title: 'x' }] },
      { lang: 'en' },
    );
    expect(outside.json.issues[0]).toMatchObject({ path: 'donorName', message: 'Please fill in the donor’s name' });
    expect((await t.post(`${D}/GetDonationList`, {})).json.data.Total).toBe(before);

    const s2 = await buildSchool(t.db);
    const boss = await buildUser(t.db, s2, { permissions: ['*'] });
    expect((await t.post(`${D}/GetDonationList`, {}, { token: boss.token, schoolId: s2 })).json.data.Total).toBe(0);
    const foreign = await t.post(`${D}/GetDonation`, { id: parent.json.data.id }, { token: boss.token, schoolId: s2 });
    expect(foreign.json.errorCode).toBe('NOT_FOUND');
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['donate-book-record'] });
    expect((await t.post(`${D}/GetDonationList`, {}, { token: viewer.token })).status).toBe(200);
    const refused = await t.post(
      `${D}/AddDonation`,
      { donorKind: 'outside', donorName: 'x', donatedOn: '2026-11-21', items: [{ title: 'x' }] },
      { token: viewer.token },
    );
    expect(refused.status).toBe(403);
    expect((await t.post(`${D}/GetDonationList`, {}, { token: kid.token })).status).toBe(403);
  });
});
