import { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import { P } from '@shuyuan/contracts/common/paths';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { makeReader } from '../circulation/test-fixtures.ts';
import { serialFixture } from './arrival.test-fixtures.ts';
import { stocktakeItem } from '../stocktake/stocktake.table.ts';
import { serialIssue, serialIssueCopy } from './serials.table.ts';

const t = useTestApp();
const M = `${P}/Serials/Magazine`;
const N = `${P}/Serials/Newspaper`;

/** A title with issues 1–6; issues 1–3 checked in with 2 copies each. */
async function withArrivals(arrivedIssues = [1, 2, 3]) {
  const f = await serialFixture(t.db, t.schoolId);
  const barcodes: Record<number, string[]> = {};
  for (const n of arrivedIssues) {
    const r = await t.post(`${M}/CheckIn`, { issueId: f.issues[n], copies: 2 });
    expect(r.json.success, JSON.stringify(r.json)).toBe(true);
    barcodes[n] = r.json.data.barcodes;
  }
  return { f, barcodes };
}

const bind = (body: Record<string, unknown>, opts = {}) => t.post(`${M}/BindVolume`, body, opts);
const stateOf = async (ids: number[]) =>
  (await t.db.select({ id: copy.id, s: copy.circState }).from(copy).where(inArray(copy.id, ids))).map((r) => r.s);

describe('binding issues into a volume', () => {
  it('makes the volume a lendable copy and binds one copy of each issue, which no longer lends', async () => {
    const { f, barcodes } = await withArrivals();
    const res = await bind({ titleId: f.titleId, year: f.year, fromIssue: 1, toIssue: 3, price: 30 });
    expect(res.json.success, JSON.stringify(res.json)).toBe(true);
    const { volume, missing } = res.json.data;
    expect(missing).toEqual([]);
    expect(volume).toMatchObject({ titleId: f.titleId, year: f.year, fromIssue: 1, toIssue: 3, issues: 3 });
    expect(volume).toMatchObject({ priceFen: 3000, circState: 'available' });
    expect(volume.callNo).toContain(`${f.year}:1-3`);

    const [vc] = await t.db.select().from(copy).where(eq(copy.id, volume.copyId));
    expect(vc.recordId).toBe(f.recordId);
    const links = await t.db.select().from(serialIssueCopy).where(eq(serialIssueCopy.volumeId, volume.id));
    expect(links).toHaveLength(3);
    expect(await stateOf(links.map((l) => l.copyId))).toEqual([CircState.BOUND, CircState.BOUND, CircState.BOUND]);
    const issues = await t.db
      .select()
      .from(serialIssue)
      .where(inArray(serialIssue.id, [f.issues[1], f.issues[3]]));
    expect(issues.every((i) => i.boundVolumeId === volume.id)).toBe(true);

    // The issues' list: one copy of each left on the shelf, one bound into the volume.
    const list = await t.post(`${M}/GetBindIssues`, { titleId: f.titleId, year: f.year });
    expect(list.json.data.slice(0, 4).map((r: any) => [r.bindable, r.bound, r.volumes])).toEqual([
      [1, 1, [volume.barcode]],
      [1, 1, [volume.barcode]],
      [1, 1, [volume.barcode]],
      [0, 0, []],
    ]);

    const reader = await makeReader(t.db, new Scope(t.schoolId));
    const [boundCopy] = await t.db.select().from(copy).where(eq(copy.id, links[0].copyId));
    // The oldest copy of each issue is the one bound.
    const firsts = [barcodes[1][0], barcodes[2][0], barcodes[3][0]];
    const bound = await t.db
      .select()
      .from(copy)
      .where(
        inArray(
          copy.id,
          links.map((l) => l.copyId),
        ),
      );
    expect(bound.map((c) => c.barcode).sort()).toEqual(firsts.sort());
    const refused = await t.post(
      `${P}/Circulation/LiteratureCirc`,
      { readerBarcode: reader.account, barcode: boundCopy.barcode },
      { lang: 'en' },
    );
    expect(refused.json.success).toBe(false);
    expect(refused.json.msg).toContain('bound into a volume');
    const lent = await t.post(`${P}/Circulation/LiteratureCirc`, {
      readerBarcode: reader.account,
      barcode: volume.barcode,
    });
    expect(lent.json.success, JSON.stringify(lent.json)).toBe(true);

    // Lent: it cannot be unbound.
    const busy = await t.post(`${M}/UnbindVolume`, { volumeId: volume.id });
    expect(busy.json.success).toBe(false);
    expect(await stateOf(links.map((l) => l.copyId))).toEqual([CircState.BOUND, CircState.BOUND, CircState.BOUND]);
  });

  it('refuses an end issue before the start, and missing issues unless asked', async () => {
    const { f } = await withArrivals([1, 3]);
    const back = await bind({ titleId: f.titleId, year: f.year, fromIssue: 3, toIssue: 1 }, { lang: 'en' });
    expect(back.json.errorCode).toBe('VALIDATION');
    expect(back.json.issues[0]).toMatchObject({
      path: 'toIssue',
      message: 'End issue cannot be less than start issue',
    });
    const zh = await bind({ titleId: f.titleId, year: f.year, fromIssue: 3, toIssue: 1 }, { lang: 'zh' });
    expect(zh.json.issues[0].message).toBe('结束期号不能小于起始期号');

    const gap = await bind({ titleId: f.titleId, year: f.year, fromIssue: 1, toIssue: 3 }, { lang: 'en' });
    expect(gap.json.errorCode).toBe('SERIAL_BIND_MISSING');
    expect(gap.json.msg).toContain(`${f.year}`);
    expect(await t.db.select().from(serialIssueCopy).where(eq(serialIssueCopy.issueId, f.issues[1]))).toHaveLength(2);

    const ok = await bind({ titleId: f.titleId, year: f.year, fromIssue: 1, toIssue: 3, allowMissing: true });
    expect(ok.json.success, JSON.stringify(ok.json)).toBe(true);
    expect(ok.json.data.volume.issues).toBe(2);
    expect(ok.json.data.missing).toHaveLength(1);
    // Price by default: the price per issue (12.00) × issues bound.
    expect(ok.json.data.volume.priceFen).toBe(2400);

    const none = await bind({ titleId: f.titleId, year: f.year, fromIssue: 5, toIssue: 6 }, { lang: 'en' });
    expect(none.json.errorCode).toBe('SERIAL_BIND_NONE_ARRIVED');
  });

  it('binds a second set, then refuses a third when no copy is left, and unbinding frees the issues', async () => {
    const { f } = await withArrivals([1, 2]);
    const a = await bind({ titleId: f.titleId, year: f.year, fromIssue: 1, toIssue: 2 });
    const b = await bind({ titleId: f.titleId, year: f.year, fromIssue: 1, toIssue: 2 });
    expect(b.json.success, JSON.stringify(b.json)).toBe(true);
    const c = await bind({ titleId: f.titleId, year: f.year, fromIssue: 1, toIssue: 2 }, { lang: 'en' });
    expect(c.json.errorCode).toBe('SERIAL_BIND_NO_COPY');
    expect(c.json.msg).toContain('no copy on the shelf');

    const un = await t.post(`${M}/UnbindVolume`, { volumeId: a.json.data.volume.id });
    expect(un.json.success, JSON.stringify(un.json)).toBe(true);
    expect(await t.db.select().from(copy).where(eq(copy.id, a.json.data.volume.copyId))).toEqual([]);
    const list = await t.post(`${M}/GetBindIssues`, { titleId: f.titleId, year: f.year });
    expect(list.json.data.slice(0, 2).map((r: any) => [r.bindable, r.bound])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    // Issue 1 stays bound: the second volume still holds one of its copies.
    const [i1] = await t.db.select().from(serialIssue).where(eq(serialIssue.id, f.issues[1]));
    expect(i1.boundVolumeId).toBe(b.json.data.volume.id);
    const vols = await t.post(`${M}/GetVolumes`, { titleId: f.titleId });
    expect(vols.json.data.Total).toBe(1);
    // A bound issue cannot be checked out of the catalogue by undoing its check-in.
    const undo = await t.post(`${M}/UndoCheckIn`, { issueId: f.issues[1] });
    expect(undo.json.success).toBe(false);
  });

  it('a stocktake expects the volume on the shelf, not the issues bound inside it', async () => {
    const { f } = await withArrivals([1, 2]);
    const b = await bind({ titleId: f.titleId, year: f.year, fromIssue: 1, toIssue: 2 });
    const boundIds = (
      await t.db.select().from(serialIssueCopy).where(eq(serialIssueCopy.volumeId, b.json.data.volume.id))
    ).map((l) => l.copyId);
    const open = await t.post(`${P}/Stocktake/OpenSession`, { name: `binding ${f.titleId}` });
    expect(open.json.success, JSON.stringify(open.json)).toBe(true);
    const items = await t.db.select().from(stocktakeItem).where(eq(stocktakeItem.sessionId, open.json.data.id));
    const expected = new Set(items.map((i) => i.copyId));
    expect(expected.has(b.json.data.volume.copyId)).toBe(true);
    expect(boundIds.some((id) => expected.has(id))).toBe(false);
    await t.post(`${P}/Stocktake/CloseSession`, { id: open.json.data.id, missing: 'leave' });
  });

  it('never sets or clears "bound" by hand', async () => {
    const { barcodes } = await withArrivals([1]);
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, barcodes[1][0]));
    const move = await t.post(`${P}/Catalogue/ChangeCopyState`, { id: c.id, to: 'bound' }, { lang: 'en' });
    expect(move.json.success).toBe(false);
    expect(move.json.msg).toContain('periodical binding');
  });

  it('binds only with the bind permission of its kind, and only in its school', async () => {
    const { f } = await withArrivals([1]);
    const body = { titleId: f.titleId, year: f.year, fromIssue: 1, toIssue: 1 };
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['magazine-bound'] });
    expect(
      (await t.post(`${M}/GetBindIssues`, { titleId: f.titleId, year: f.year }, { token: viewer.token })).status,
    ).toBe(200);
    expect((await bind(body, { token: viewer.token })).status).toBe(403);
    const papers = await buildUser(t.db, t.schoolId, { permissions: ['magazine-bound2', 'magazine-bound2:bind'] });
    expect((await t.post(`${N}/BindVolume`, body, { token: papers.token })).json.errorCode).toBe('NOT_FOUND');
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['magazine-bound', 'magazine-bound:bind'] });
    const opts = { token: admin.token, schoolId: other };
    expect((await bind(body, opts)).json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${M}/GetVolumes`, {}, opts)).json.data.Total).toBe(0);
  });
});
