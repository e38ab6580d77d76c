import { P } from '@shuyuan/contracts/common/paths';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildUser, taskDone, useTestApp } from '../../test/helper.ts';
import { fixtures } from '../holdings/test-fixtures.ts';
import { copy } from './catalogue.table.ts';

const t = useTestApp();
const CODE = 'resource-mana.resource.catalog';
const EXPORT = `${P}/Catalogue/ExportRecords`;

async function addRecord(body: Record<string, unknown>) {
  const res = await t.post(`${P}/Literature/AddItemsCatalogueInfo`, body);
  expect(res.json.code, JSON.stringify(res.json)).toBe(0);
  return res.json.data.id as number;
}

/** Waits for the task and reads its xlsx as rows of text, as a librarian opening the file would see it. */
async function exported(start: { json: any }, token = t.adminToken): Promise<string[][]> {
  expect(start.json.success, JSON.stringify(start.json)).toBe(true);
  const job = await taskDone(t, start.json.data.DataID, { token });
  expect(job.State, job.Error).toBe(2);
  const file = await t.inject({
    method: 'GET',
    url: job.ResultFile,
    headers: { authorization: `Bearer ${token}`, schoolid: String(t.schoolId) },
  });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as any);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    out.push(Array.from((row.values as unknown[]).slice(1), (v) => String(v ?? '')));
  });
  return out;
}

let dickens: number;
beforeAll(async () => {
  const scope = new Scope(t.schoolId);
  const fx = fixtures(t.db, t.schoolId);
  const loc = await fx.location((await fx.branch()).id);
  dickens = await addRecord({
    title: '双城记导出',
    author: '狄更斯',
    publisher: '上海译文出版社',
    pubYear: 2011,
    isbn: '9787532754663',
    classNo: 'I561.44',
    language: 'chi',
    price: '32.00',
  });
  await addRecord({ title: '雾都孤儿导出', author: '狄更斯', pubYear: 2015, language: 'chi' });
  await addRecord({ title: '无关的书导出', author: '别人', pubYear: 2015, language: 'chi' });
  await t.db
    .insert(copy)
    .values([
      scope.values({ recordId: dickens, barcode: `EXP${Date.now()}1`, locationId: loc.id }),
      scope.values({ recordId: dickens, barcode: `EXP${Date.now()}2`, locationId: loc.id }),
    ]);
});

describe('P/Catalogue/ExportRecords — the catalogue list exported', () => {
  it('has the records the search finds, in the list order, with their fields and copy count', async () => {
    const rows = await exported(
      await t.post(EXPORT, { SearchKey: '狄更斯', field: 'author', sort: 'title' }, { lang: 'zh' }),
    );
    expect(rows[0]).toEqual([
      '题名',
      '并列题名',
      '责任者',
      '责任说明',
      '版次',
      '出版社',
      '出版地',
      '出版年',
      'ISBN',
      'ISSN',
      '分类号',
      '书次号',
      '价格（元）',
      '语种',
      '页数',
      '丛书',
      '主题词',
      '资源类型',
      '馆藏册数',
    ]);
    const list = (await t.post(`${P}/Catalogue/SearchRecords`, { SearchKey: '狄更斯', field: 'author', sort: 'title' }))
      .json.data.List;
    expect(rows.slice(1).map((r) => r[0])).toEqual(list.map((r: any) => r.title));
    expect(rows).toHaveLength(3);
    const row = rows.find((r) => r[0] === '双城记导出')!;
    expect(row[2]).toBe('狄更斯');
    expect(row[5]).toBe('上海译文出版社');
    expect(row[7]).toBe('2011');
    expect(row[8]).toBe('9787532754663');
    expect(row[10]).toBe('I561.44');
    expect(row[12]).toBe('32');
    expect(row[18]).toBe('2');
    expect(rows.find((r) => r[0] === '雾都孤儿导出')![18]).toBe('0');
  });

  it('applies the facets picked on the list', async () => {
    const rows = await exported(
      await t.post(EXPORT, { SearchKey: '导出', facets: { year: 2015 }, sort: 'title' }, { lang: 'en' }),
    );
    expect(rows[0][0]).toBe('Title');
    expect(rows[0][18]).toBe('Copies');
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['无关的书导出', '雾都孤儿导出'].sort());
  });

  it('needs the catalogue screen’s :export; viewing and editing are not enough', async () => {
    const editor = await buildUser(t.db, t.schoolId, { permissions: [CODE, `${CODE}:edit`] });
    expect((await t.post(EXPORT, {}, { token: editor.token })).status).toBe(403);
    const exporter = await buildUser(t.db, t.schoolId, { permissions: [CODE, `${CODE}:export`] });
    const rows = await exported(
      await t.post(EXPORT, { SearchKey: '双城记导出' }, { token: exporter.token }),
      exporter.token,
    );
    expect(rows.slice(1).map((r) => r[0])).toEqual(['双城记导出']);
  });
});
