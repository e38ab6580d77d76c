import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { makeReader } from '../circulation/test-fixtures.ts';
import { exportedSheet } from '../statistics/test-export.ts';
import { type SerialFixture, serialFixture } from './arrival.test-fixtures.ts';
import { serialSubscription, serialTitle } from './serials.table.ts';

const t = useTestApp();
const M = `${P}/Serials/Magazine`;
const S = `${P}/Statistics`;

/**
 * One monthly title (3 copies: 2 for place A, 1 for B, 360.00 a year) with issues 1–4 due (4 is expected today):
 * 1 and 3 arrived (2 copies each), 2 claimed then missing; one copy lent; issues 1 bound into a volume.
 */
let f: SerialFixture;
beforeAll(async () => {
  f = await serialFixture(t.db, t.schoolId);
  await t.db
    .update(serialSubscription)
    .set({ totalPriceFen: 36000 })
    .where(eq(serialSubscription.id, f.subscriptionId));
  await t.db.update(serialTitle).set({ classNo: 'G62' }).where(eq(serialTitle.id, f.titleId));
  const barcodes: string[] = [];
  for (const n of [1, 3])
    barcodes.push(...(await t.post(`${M}/CheckIn`, { issueId: f.issues[n], copies: 2 })).json.data.barcodes);
  await t.post(`${M}/ClaimIssues`, { issueIds: [f.issues[2]] });
  await t.post(`${M}/MarkMissing`, { issueIds: [f.issues[2]] });
  const reader = await makeReader(t.db, new Scope(t.schoolId));
  const lent = await t.post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: reader.account, barcode: barcodes[3] });
  expect(lent.json.success, JSON.stringify(lent.json)).toBe(true);
  const bound = await t.post(`${M}/BindVolume`, { titleId: f.titleId, year: f.year, fromIssue: 1, toIssue: 1 });
  expect(bound.json.success, JSON.stringify(bound.json)).toBe(true);
});

const stats = (body: object, opts = {}) => t.post(`${S}/MagazineStatistics`, body, opts);

describe('periodical statistics', () => {
  it('counts a title: copies, money, issues due and arrived, missing, claimed, loans, volumes', async () => {
    const r = await stats({ year: f.year }, { lang: 'en' });
    expect(r.json.success, JSON.stringify(r.json)).toBe(true);
    expect(r.json.data.List).toEqual([
      {
        key: String(f.titleId),
        name: expect.stringContaining('Periodical'),
        detail: expect.stringMatching(/^2-/),
        titles: 1,
        copies: 3,
        moneyFen: 36000,
        due: 4,
        arrived: 2,
        arrivalRate: 0.5,
        missing: 1,
        claimed: 1,
        loans: 1,
        volumes: 1,
      },
    ]);
    expect(r.json.data.total).toMatchObject({ name: 'Total', titles: 1, copies: 3, arrivalRate: 0.5 });
    // Another year has nothing.
    expect((await stats({ year: f.year + 1 })).json.data.List).toEqual([]);
  });

  it('groups by 中图法 main class and shares copies and money among the places', async () => {
    const byClass = await stats({ year: f.year, by: 'class' }, { lang: 'zh' });
    expect(byClass.json.data.List).toHaveLength(1);
    expect(byClass.json.data.List[0]).toMatchObject({ key: 'G', titles: 1, copies: 3, due: 4, loans: 1 });
    expect(byClass.json.data.List[0].name).toMatch(/^G 文化/);

    const byPlace = await stats({ year: f.year, by: 'place' });
    const [a, b] = f.places;
    expect(byPlace.json.data.List.map((r: any) => [r.name, r.copies, r.moneyFen, r.due])).toEqual([
      [a.name, 2, 24000, null],
      [b.name, 1, 12000, null],
    ]);
  });

  it('exports the figures with a total line, feeds the standards report, and keeps kinds and schools apart', async () => {
    const ex = await stats({ year: f.year }, { lang: 'zh' });
    expect(ex.json.success).toBe(true);
    const job = await t.post(`${S}/ExportMagazineStatistics`, { year: f.year }, { lang: 'zh' });
    const ws = await exportedSheet(t, job.json.data.DataID);
    const rows = ws.getSheetValues().filter(Boolean) as unknown[][];
    const text = rows.map((r) => r.filter((c) => c != null).join('|'));
    expect(text.some((l) => l.includes('到刊率'))).toBe(true);
    expect(text.some((l) => l.startsWith('合计|') && l.includes('360.00') && l.includes('50.00%'))).toBe(true);

    const standards = await t.post(`${S}/Standards`, {});
    const line = standards.json.data.lines.find((l: any) => l.key === 'periodicalTitles');
    expect(line.actual).toBe(1);

    expect((await t.post(`${S}/NewspaperStatistics`, { year: f.year })).json.data.List).toEqual([]);
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['magazine-statistics'] });
    expect((await stats({ year: f.year }, { token: viewer.token })).status).toBe(200);
    expect((await t.post(`${S}/ExportMagazineStatistics`, {}, { token: viewer.token })).status).toBe(403);
    expect((await t.post(`${S}/NewspaperStatistics`, {}, { token: viewer.token })).status).toBe(403);
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['magazine-statistics'] });
    const theirs = await stats({ year: f.year }, { token: admin.token, schoolId: other });
    expect(theirs.json.data.List).toEqual([]);
  });
});

describe('back issues', () => {
  it('finds arrived issues by title, year and issue number, with copies on the shelf, out and bound', async () => {
    const r = await t.post(`${P}/Serials/GetBackIssues`, { SearchKey: 'Periodical', year: f.year });
    expect(r.json.success, JSON.stringify(r.json)).toBe(true);
    const mine = r.json.data.List.filter((x: any) => x.titleId === f.titleId);
    // Issue 3 first (newest), then 1; issue 2 never arrived.
    expect(mine.map((x: any) => [x.issueNo, x.onShelf, x.out, x.bound])).toEqual([
      [3, 1, 1, 0],
      [1, 1, 0, 1],
    ]);
    expect(mine[1].volumes).toHaveLength(1);
    const one = await t.post(`${P}/Serials/GetBackIssues`, { year: f.year, issueNo: 1, kind: 'magazine' });
    expect(one.json.data.List.every((x: any) => x.issueNo === 1)).toBe(true);
    expect(
      (await t.post(`${P}/Serials/GetBackIssues`, { kind: 'newspaper', SearchKey: 'Periodical' })).json.data.Total,
    ).toBe(0);
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['magazinelibrary'] });
    const theirs = await t.post(`${P}/Serials/GetBackIssues`, {}, { token: admin.token, schoolId: other });
    expect(theirs.json.data.Total).toBe(0);
  });
});
