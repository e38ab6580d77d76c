import { P } from '@shuyuan/contracts/common/paths';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { serialFixture } from './arrival.test-fixtures.ts';

const t = useTestApp();
const M = `${P}/Serials/Magazine`;

async function arrived(copies = 3) {
  const f = await serialFixture(t.db, t.schoolId);
  const res = await t.post(`${M}/CheckIn`, { issueId: f.issues[3], copies });
  const [a, b] = f.places;
  return { f, a, b, barcodes: res.json.data.barcodes as string[] };
}

const send = (issueId: number, places: { locationId: number; copies: number }[], opts = {}) =>
  t.post(`${M}/Transfer`, { issueId, places }, opts);

describe('distributing arrived copies', () => {
  it("gives each place its ordered copies and sets the copies' location", async () => {
    const { f, a, b, barcodes } = await arrived();
    const pending = await t.post(`${M}/GetTransferIssues`, { titleId: f.titleId });
    expect(pending.json.data.List).toHaveLength(1);
    expect(pending.json.data.List[0]).toMatchObject({ id: f.issues[3], arrivedCopies: 3, distributed: 0 });
    expect(pending.json.data.List[0].places).toEqual([
      { locationId: a.id, locationName: a.name, ordered: 2, distributed: 0 },
      { locationId: b.id, locationName: b.name, ordered: 1, distributed: 0 },
    ]);

    const res = await send(f.issues[3], [
      { locationId: a.id, copies: 2 },
      { locationId: b.id, copies: 1 },
    ]);
    expect(res.json.success, JSON.stringify(res.json)).toBe(true);
    expect(res.json.data).toMatchObject({ distributed: 3 });
    const copies = await t.db.select().from(copy).where(inArray(copy.barcode, barcodes));
    expect(copies.map((c) => c.locationId).sort()).toEqual([a.id, a.id, b.id].sort());
    expect((await t.post(`${M}/GetTransferIssues`, { titleId: f.titleId })).json.data.List).toEqual([]);
    const all = await t.post(`${M}/GetTransferIssues`, { titleId: f.titleId, pending: false });
    expect(all.json.data.List[0].places.map((p: any) => p.distributed)).toEqual([2, 1]);
  });

  it('never transfers more to a place than it ordered, counting earlier transfers', async () => {
    const { f, a } = await arrived();
    const over = await send(f.issues[3], [{ locationId: a.id, copies: 3 }]);
    expect(over.json).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(over.json.issues[0]).toMatchObject({ path: 'places.0.copies' });
    expect(over.json.issues[0].message).toContain('Transferred quantity cannot exceed ordered copies');
    expect((await send(f.issues[3], [{ locationId: a.id, copies: 1 }])).json.success).toBe(true);
    const again = await send(f.issues[3], [{ locationId: a.id, copies: 2 }], { lang: 'zh' });
    expect(again.json.issues[0].message).toBe(`移送数量不能超过订购数量：${a.name}订购2册，已移送1册`);
  });

  it('never transfers more than arrived, nor to a place outside the order', async () => {
    const { f, a, b } = await arrived(2);
    const more = await send(f.issues[3], [
      { locationId: a.id, copies: 2 },
      { locationId: b.id, copies: 1 },
    ]);
    expect(more.json).toMatchObject({ success: false, errorCode: 'SERIAL_TRANSFER_EXCEEDS' });
    const elsewhere = await serialFixture(t.db, t.schoolId);
    const outside = await send(f.issues[3], [{ locationId: elsewhere.places[0].id, copies: 1 }]);
    expect(outside.json.issues[0].message).toContain('is not one of the places this order distributes to');
    const nothing = await send(f.issues[3], [{ locationId: a.id, copies: 0 }]);
    expect(nothing.json.issues[0].message).toBe('Enter how many copies to transfer');
  });

  it('needs the transfer permission, and only in the own school', async () => {
    const { f, a } = await arrived();
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['magazine-rowto'] });
    expect((await send(f.issues[3], [{ locationId: a.id, copies: 1 }], { token: viewer.token })).status).toBe(403);
    const papers = await buildUser(t.db, t.schoolId, { permissions: ['magazine-rowto2', 'magazine-rowto2:transfer'] });
    const viaPapers = await t.post(
      `${P}/Serials/Newspaper/Transfer`,
      { issueId: f.issues[3], places: [{ locationId: a.id, copies: 1 }] },
      { token: papers.token },
    );
    expect(viaPapers.json.errorCode).toBe('NOT_FOUND');
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['magazine-rowto', 'magazine-rowto:transfer'] });
    const opts = { token: admin.token, schoolId: other };
    expect((await send(f.issues[3], [{ locationId: a.id, copies: 1 }], opts)).json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${M}/GetTransferIssues`, {}, opts)).json.data.List).toEqual([]);
  });
});
