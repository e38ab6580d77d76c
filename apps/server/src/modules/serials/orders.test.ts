import { P } from '@shuyuan/contracts/common/paths';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, taskDone, useTestApp } from '../../test/helper.ts';
import { makeLocation } from '../stocktake/test-fixtures.ts';
import { serialIssue } from './serials.table.ts';

const S = `${P}/Serials`;
const t = useTestApp();

let titleId: number;
let weeklyId: number;
let reading: number;
let office: number;
const pattern = {
  frequency: 'monthly',
  firstDate: '2027-01-05',
  firstIssue: 1,
  firstVolume: 30,
  firstWholeNumber: 301,
};

beforeAll(async () => {
  const scope = new Scope(t.schoolId);
  reading = await makeLocation(t.db, scope, '期刊阅览室');
  office = await makeLocation(t.db, scope, '教师办公室');
  const add = async (b: object) => (await t.post(`${S}/AddTitle`, { language: 'chi', ...b })).json.data.id;
  titleId = await add({ title: '读者', postalCode: '54-17', frequency: 'monthly', pricePerYearFen: 9600 });
  weeklyId = await add({ title: '中国新闻周刊', postalCode: '2-722', frequency: 'weekly', pricePerYearFen: 48000 });
});

async function issues(subscriptionId: number) {
  return t.db
    .select()
    .from(serialIssue)
    .where(eq(serialIssue.subscriptionId, subscriptionId))
    .orderBy(asc(serialIssue.expectedDate));
}

describe('year orders (/magazine-order)', () => {
  let orderId: number;
  it('orders copies for places; the total is price per year × copies unless typed', async () => {
    const r = await t.post(`${S}/AddOrder`, {
      titleId,
      year: 2027,
      copies: 3,
      supplier: '邮局',
      orderNo: 'YJ-2027-01',
      places: [
        { locationId: reading, copies: 2 },
        { locationId: office, copies: 1 },
      ],
    });
    expect(r.json.code, JSON.stringify(r.json)).toBe(0);
    orderId = r.json.data.id;
    expect(r.json.data).toMatchObject({ copies: 3, totalPriceFen: 28800, postalCode: '54-17' });
    expect(r.json.data.places.map((p: any) => [p.locationName, p.copies])).toEqual([
      ['期刊阅览室', 2],
      ['教师办公室', 1],
    ]);
    const typed = await t.post(`${S}/UpdateOrder`, { ...r.json.data, id: orderId, totalPriceFen: 25000 });
    expect(typed.json.data.totalPriceFen).toBe(25000);
  });

  it("offers the school's locations and titles to the order form", async () => {
    const places = (await t.post(`${S}/OrderPlaceOptions`)).json;
    expect(
      places.data.map((p: any) => p.name),
      JSON.stringify(places),
    ).toEqual(expect.arrayContaining(['期刊阅览室', '教师办公室']));
    const titles = (await t.post(`${S}/OrderTitleOptions`, { SearchKey: '54-17' })).json.data;
    expect(titles.map((x: any) => x.title)).toEqual(['读者']);
  });

  it('never distributes more than ordered, in zh and en', async () => {
    const body = {
      titleId,
      year: 2027,
      copies: 2,
      places: [
        { locationId: reading, copies: 2 },
        { locationId: office, copies: 1 },
      ],
    };
    const zh = await t.post(`${S}/UpdateOrder`, { ...body, id: orderId }, { lang: 'zh' });
    expect(zh.json.issues[0]).toEqual({ path: 'places', message: '移送/分配数量不能超过订购份数' });
    const en = await t.post(`${S}/UpdateOrder`, { ...body, id: orderId }, { lang: 'en' });
    expect(en.json.issues[0].message).toBe('Transferred/distributed quantity cannot exceed ordered copies');
    expect((await t.post(`${S}/GetOrder`, { id: orderId })).json.data.copies).toBe(3);
  });

  it('refuses a second order of a title for the same year', async () => {
    const r = await t.post(`${S}/AddOrder`, { titleId, year: 2027, copies: 1 }, { lang: 'en' });
    expect(r.json.errorCode).toBe('DUPLICATE');
    expect(r.json.msg).toBe('"读者" is already ordered for 2027');
  });

  it('exports the order list for the post office as xlsx and PDF', async () => {
    await t.post(`${S}/AddOrder`, { titleId: weeklyId, year: 2027, copies: 1 });
    const start = await t.post(`${S}/ExportOrders`, { year: 2027 }, { lang: 'zh' });
    expect(start.json.code, JSON.stringify(start.json)).toBe(0);
    const job = await taskDone(t, start.json.data.DataID);
    expect(job.State, job.Error).toBe(2);
    const file = await t.inject({
      method: 'GET',
      url: job.ResultFile,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as any);
    const rows: string[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0].slice(0, 2)).toEqual(['邮发代号', '刊名']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[5]])).toEqual([
      ['2-722', '中国新闻周刊', '1'],
      ['54-17', '读者', '3'],
    ]);
    const pdf = await t.post(`${S}/OrderListPdf`, { year: 2027 });
    expect(pdf.status).toBe(200);
    const raw = await t.inject({
      method: 'POST',
      url: `${S}/OrderListPdf`,
      payload: { year: 2027 },
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
    });
    expect(raw.headers['content-type']).toBe('application/pdf');
    expect(raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('subscriptions (/magazine-subscription): pattern and prediction', () => {
  let subId: number;
  beforeAll(async () => {
    subId = (await t.post(`${S}/GetOrderList`, { year: 2027, SearchKey: '54-17' })).json.data.List[0].id;
  });

  it('previews a pattern without writing, and asks for a pattern before predicting', async () => {
    const p = await t.post(`${S}/PreviewIssues`, { pattern, year: 2027 });
    expect(p.json.data).toHaveLength(12);
    expect(p.json.data[2]).toMatchObject({ date: '2027-03-05', issue: 3, volume: 30, wholeNumber: 303 });
    const none = await t.post(`${S}/PredictYear`, { id: subId }, { lang: 'en' });
    expect(none.json.msg).toBe('Please set and save the numbering pattern first');
    expect(await issues(subId)).toHaveLength(0);
  });

  it('predicts the year: twelve monthly issues written as expected', async () => {
    expect((await t.post(`${S}/SavePattern`, { id: subId, pattern })).json.code).toBe(0);
    const r = await t.post(`${S}/PredictYear`, { id: subId });
    expect(r.json.data).toMatchObject({ written: 12, kept: 0 });
    const rows = await issues(subId);
    expect(rows.map((i) => i.issueNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rows.every((i) => i.state === 'expected' && i.year === 2027)).toBe(true);
    const listed = (await t.post(`${S}/GetIssues`, { id: subId })).json.data;
    expect(listed[11]).toMatchObject({ expectedDate: '2027-12-05', issueNo: 12, wholeNo: 312, state: 'expected' });
  });

  it('re-predicts after a pattern change: arrived issues stay, the others move', async () => {
    const third = (await issues(subId))[2];
    await t.db
      .update(serialIssue)
      .set({ state: 'arrived', arrivedCopies: 3 })
      .where(and(eq(serialIssue.id, third.id)));
    await t.post(`${S}/SavePattern`, { id: subId, pattern: { ...pattern, firstDate: '2027-01-20' } });
    const r = await t.post(`${S}/PredictYear`, { id: subId });
    expect(r.json.data).toMatchObject({ written: 11, kept: 1, removed: 11 });
    const rows = await issues(subId);
    expect(rows).toHaveLength(12);
    const kept = rows.find((i) => i.id === third.id)!;
    expect(kept).toMatchObject({ expectedDate: '2027-03-05', issueNo: 3, state: 'arrived', arrivedCopies: 3 });
    expect(rows.filter((i) => i.id !== third.id).every((i) => i.expectedDate!.endsWith('-20'))).toBe(true);
    expect(new Set(rows.map((i) => i.issueNo)).size).toBe(12);
  });

  it('refuses to delete an order with arrivals', async () => {
    const r = await t.post(`${S}/DeleteOrder`, { ids: [subId] }, { lang: 'zh' });
    expect(r.json.msg).toContain('已有到刊');
  });
});

describe('renewal (/magazine-reorder)', () => {
  it("makes next year's orders in one step: copies changed, one dropped, a title added", async () => {
    const list = (await t.post(`${S}/GetRenewalOrders`, { year: 2027 })).json.data.List;
    const reader = list.find((o: any) => o.titleId === titleId);
    const extra = (await t.post(`${S}/AddTitle`, { title: '少年文艺', postalCode: '4-7', language: 'chi' })).json.data;
    const r = await t.post(`${S}/Renew`, {
      fromYear: 2027,
      toYear: 2028,
      items: [{ subscriptionId: reader.id, copies: 4 }],
      addTitles: [{ titleId: extra.id, copies: 2 }],
    });
    expect(r.json.data.created, JSON.stringify(r.json)).toBe(2);
    const next = (await t.post(`${S}/GetRenewalOrders`, { year: 2028 })).json.data.List;
    expect(next.map((o: any) => [o.title, o.copies]).sort()).toEqual([
      ['少年文艺', 2],
      ['读者', 4],
    ]);
    const renewed = next.find((o: any) => o.titleId === titleId);
    expect(renewed).toMatchObject({ renewedFrom: reader.id, supplier: '邮局', totalPriceFen: 38400 });
    expect(renewed.places).toHaveLength(2);
    expect(renewed.pattern).toMatchObject({
      firstDate: '2028-01-20',
      firstIssue: 1,
      firstVolume: 31,
      firstWholeNumber: 313,
    });
  });

  it('refuses duplicates: nothing is written when one title is already ordered for the year', async () => {
    const list = (await t.post(`${S}/GetRenewalOrders`, { year: 2027 })).json.data.List;
    const r = await t.post(
      `${S}/Renew`,
      { fromYear: 2027, toYear: 2028, items: list.map((o: any) => ({ subscriptionId: o.id, copies: 1 })) },
      { lang: 'en' },
    );
    expect(r.json.errorCode).toBe('DUPLICATE');
    expect(r.json.msg).toContain('already ordered for 2028');
    expect((await t.post(`${S}/GetRenewalOrders`, { year: 2028 })).json.data.Total).toBe(2);
  });
});

describe('permissions and school isolation', () => {
  it('each screen needs its own permission; another school sees and changes nothing', async () => {
    const orderer = await buildUser(t.db, t.schoolId, { permissions: ['magazine-order'] });
    expect((await t.post(`${S}/GetOrderList`, { year: 2027 }, { token: orderer.token })).json.data.Total).toBe(2);
    expect((await t.post(`${S}/Renew`, { fromYear: 2027, toYear: 2029 }, { token: orderer.token })).status).toBe(403);
    expect((await t.post(`${S}/PredictYear`, { id: 1 }, { token: orderer.token })).status).toBe(403);
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['*'] });
    const as = { token: admin.token, schoolId: other };
    expect((await t.post(`${S}/GetOrderList`, { year: 2027 }, as)).json.data.Total).toBe(0);
    const mine = (await t.post(`${S}/GetOrderList`, { year: 2027 })).json.data.List[0];
    expect((await t.post(`${S}/GetIssues`, { id: mine.id }, as)).json.code).not.toBe(0);
    expect((await t.post(`${S}/PredictYear`, { id: mine.id }, as)).json.code).not.toBe(0);
    expect((await t.post(`${S}/AddOrder`, { titleId, year: 2030, copies: 1 }, as)).json.code).not.toBe(0);
    const place = await t.post(`${S}/UpdateOrder`, { ...mine, places: [{ locationId: reading, copies: 1 }] }, as);
    expect(place.json.code).not.toBe(0);
  });
});
