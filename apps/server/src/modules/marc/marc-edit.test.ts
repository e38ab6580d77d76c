import { P } from '@shuyuan/contracts/common/paths';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { sheetLimits } from '../../platform/files/sheet.ts';
import { sheetReads } from '../../platform/files/sheet-thread.ts';
import { simulateCrash, tick } from '../../platform/jobs/jobs.ts';
import { ageHeartbeats, buildSchool, buildUser, taskDone, taskState, useTestApp, waitFor } from '../../test/helper.ts';
import { branch } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { acceptanceBatch, catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { storeUpload } from '../upload/upload.service.ts';

const t = useTestApp();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const df = (tag: string, ...subs: string[]) => ({
  tag,
  ind1: ' ',
  ind2: ' ',
  subfields: subs.map((s) => ({ code: s[0], value: s.slice(1) })),
});
const record = (title = '小王子') => ({
  leader: '00000nam a2200000 a 4500',
  fields: [
    { tag: '008', value: '240101s2024    cc            000 0 chi d' },
    df('020', 'a9787020042494', 'cCNY25.00'),
    df('100', 'a圣埃克苏佩里'),
    df('245', `a${title}`, 'c圣埃克苏佩里著'),
    df('260', 'a北京', 'b人民文学出版社', 'c2024'),
    df('650', 'a童话', 'z法国'),
  ],
});

const finished = (id: number, as?: { token: string; schoolId: number }) => taskDone(t, id, as);

async function sheet(url: string): Promise<string[][]> {
  const file = await t.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
  });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as any);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return out;
}

describe('P/Marc/Post — the record editor', () => {
  it('creates a record from MARC, derives its fields and makes it searchable; edits re-derive them', async () => {
    const created = await t.post(`${P}/Marc/Post`, { record: record() });
    expect(created.json.code).toBe(0);
    const id = created.json.data.id;
    const got = (await t.post(`${P}/Marc/GetRecord`, { id })).json.data;
    expect(got).toMatchObject({ id, title: '小王子', built: false, flavour: 'MARC21' });
    expect(got.record.fields.find((f: any) => f.tag === '245').subfields[0]).toEqual({ code: 'a', value: '小王子' });

    const edited = record('小王子（插图本）');
    const saved = await t.post(`${P}/Marc/Post`, { id, record: edited });
    expect(saved.json.code).toBe(0);
    const found = (await t.post(`${P}/Marc/FindRecords`, { SearchKey: '插图本' })).json.data;
    expect(found.List.map((r: any) => [r.id, r.title, r.isbn, r.publisher])).toEqual([
      [id, '小王子（插图本）', '9787020042494', '人民文学出版社'],
    ]);
    // pinyin of the new title finds it too: the search vector was rebuilt in the same save
    expect((await t.post(`${P}/Marc/FindRecords`, { SearchKey: 'xiaowangzi' })).json.data.List[0]?.id).toBe(id);
  });

  it('refuses a badly typed record field by field, in the caller language, and changes nothing', async () => {
    const id = (await t.post(`${P}/Marc/Post`, { record: record('原题名') })).json.data.id;
    const bad = {
      leader: '00000nam',
      fields: [
        { tag: '24', value: 'x' },
        { tag: '008', value: '' },
        { tag: '100', ind1: '##', ind2: ' ', subfields: [{ code: 'A', value: '作者' }] },
        { tag: '260', ind1: ' ', ind2: ' ', subfields: [{ code: 'b', value: ' ' }] },
        { tag: '650', ind1: ' ', ind2: ' ', subfields: [] },
      ],
    };
    const en = await t.post(`${P}/Marc/Post`, { id, record: bad }, { lang: 'en' });
    expect(en.json.code).not.toBe(0);
    expect(en.json.issues).toEqual([
      { path: 'record.leader', message: 'The leader must be 24 characters long' },
      { path: 'record.fields.0.tag', message: 'A tag is three digits' },
      { path: 'record.fields.1.value', message: 'Control field 008 cannot be empty' },
      {
        path: 'record.fields.2.ind1',
        message: 'Field 100: an indicator is one digit, lower-case letter or blank',
      },
      {
        path: 'record.fields.2.subfields.0.code',
        message: 'Field 100: a subfield code is one digit or lower-case letter',
      },
      { path: 'record.fields.3.subfields.0.value', message: 'Field 260: subfield $b cannot be empty' },
      { path: 'record.fields.4.subfields', message: 'Field 650 needs at least one subfield' },
      { path: 'record.fields', message: 'A title is required: subfield $a of field 245' },
    ]);
    const zh = await t.post(
      `${P}/Marc/Post`,
      { id, record: { ...record(), fields: [df('245', 'c无题名')] } },
      { lang: 'zh' },
    );
    expect(zh.json.issues).toEqual([{ path: 'record.fields', message: '必须有题名：245 字段的 $a' }]);
    const twice = await t.post(
      `${P}/Marc/Post`,
      { id, record: { ...record(), fields: [df('245', 'a一'), df('245', 'a二')] } },
      { lang: 'zh' },
    );
    expect(twice.json.issues).toEqual([{ path: 'record.fields.1.tag', message: '字段 245 不可重复' }]);
    expect((await t.post(`${P}/Marc/GetRecord`, { id })).json.data.title).toBe('原题名');
  });

  it('keeps another school out and needs the editor permission to save', async () => {
    const id = (await t.post(`${P}/Marc/Post`, { record: record('本校的书') })).json.data.id;
    const other = await buildSchool(t.db);
    const them = await buildUser(t.db, other, { permissions: ['Marc', 'Marc:edit'] });
    const as = { token: them.token, schoolId: other };
    expect((await t.post(`${P}/Marc/GetRecord`, { id }, as)).json.code).not.toBe(0);
    const write = await t.post(`${P}/Marc/Post`, { id, record: record('改掉') }, as);
    expect(write.json.code).not.toBe(0);
    expect((await t.post(`${P}/Marc/FindRecords`, { SearchKey: '本校的书' }, as)).json.data.List).toEqual([]);
    expect((await t.post(`${P}/Marc/GetRecord`, { id })).json.data.title).toBe('本校的书');

    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['Marc'] });
    expect((await t.post(`${P}/Marc/GetRecord`, { id }, { token: viewer.token })).json.code).toBe(0);
    const denied = await t.post(`${P}/Marc/Post`, { id, record: record('改掉') }, { token: viewer.token });
    expect(denied.status).toBe(403);
  });

  it('opens a record typed by hand as MARC21 built from its fields (a MARC21 school)', async () => {
    const cfg = (await t.post(`${P}/Literature/GetEditingConfig`, {})).json.data;
    await t.post(`${P}/Literature/SaveEditingConfig`, { ...cfg, marcFormat: 'MARC21' });
    const add = await t.post(`${P}/Literature/AddItemsCatalogueInfo`, {
      title: '手工著录',
      author: '张三',
      isbn: '9787532731060',
    });
    expect(add.json.code).toBe(0);
    const got = (await t.post(`${P}/Marc/GetRecord`, { id: add.json.data.id })).json.data;
    expect(got.built).toBe(true);
    expect(got.record.fields.map((f: any) => f.tag)).toEqual(['001', '003', '008', '020', '100', '245']);
  });
});

describe('P/Marc/ImportCataInfo — catalogue from the Excel template', () => {
  it('serves the template with headers in the caller language', async () => {
    const r = await t.inject({
      method: 'POST',
      url: `${P}/Marc/GetCataTemplate`,
      payload: {},
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId), 'accept-language': 'en' },
    });
    expect(r.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as any);
    const head = wb.worksheets[0].getRow(1).values as unknown[];
    expect(head.slice(-4)).toEqual(['Barcodes (separated by ;)', 'Number of copies', 'Location', 'Acceptance batch']);
    expect(head.slice(1, 10)).toEqual([
      'Title',
      'Parallel title',
      'Author',
      'Statement of responsibility',
      'Edition',
      'Publisher',
      'Place of publication',
      'Year',
      'ISBN',
    ]);
  });

  it('imports the good rows and lists each bad row with its reasons', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow([
      '题名',
      '并列题名',
      '责任者',
      '版本',
      '出版者',
      '出版地',
      '出版年',
      'ISBN',
      'ISSN',
      '分类号',
      '书次号',
      '价格',
      '页数',
    ]);
    ws.addRow([
      '草房子',
      '',
      '曹文轩',
      '',
      '天天出版社',
      '北京',
      2020,
      '9787501615254',
      '',
      'I287.45',
      '1',
      '28.00',
      300,
    ]);
    ws.addRow(['', '', '无名', '', '', '', '', '', '', '', '', '', '']);
    ws.addRow(['青铜葵花', '', '曹文轩', '', '', '', 'abc', '978-7-111', '', '', '', '-5', '']);
    ws.addRow(['草房子（重复）', '', '', '', '', '', '', '9787501615254', '', '', '', '', '']);
    ws.addRow(['夏洛的网', '', '怀特', '', '', '', 2019, '', '', '', '', '¥25.5', '']);
    const up = await storeUpload(t.app, t.schoolId, 'cata.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const start = await t.post(`${P}/Marc/ImportCataInfo`, { fileUrl: up.url }, { lang: 'en' });
    expect(start.json.code).toBe(0);
    const job = await finished(start.json.data.DataID);
    expect(job.State).toBe(2);
    const rows = await sheet(job.ResultFile);
    expect(rows[0]).toEqual(['Row', 'Title', 'ISBN', 'Result']);
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([
      ['2', 'imported'],
      ['3', 'Title: Please enter the title'],
      [
        '4',
        'Year: The publication year must be a whole number; ISBN: The ISBN is not valid (format or check digit); Price (yuan): The price must be a number (yuan) of 0 or more',
      ],
      ['5', 'Same ISBN 9787501615254 as row 2 (草房子); skipped'],
      ['6', 'imported'],
    ]);
    const found = (await t.post(`${P}/Marc/FindRecords`, { SearchKey: '夏洛的网' })).json.data.List;
    expect(found.map((r: any) => [r.title, r.author])).toEqual([['夏洛的网', '怀特']]);

    const other = await buildSchool(t.db);
    const them = await buildUser(t.db, other, { permissions: ['marc-catalog-import:import'] });
    const r = await t.post(`${P}/Marc/ImportCataInfo`, { fileUrl: up.url }, { token: them.token, schoolId: other });
    expect(r.json.errorCode).toBe('MARC_FILE_MISSING');
  });

  it('reads columns by their header (English, any order), creates the copies of the copy columns, lists problems on screen', async () => {
    const school = await buildSchool(t.db);
    const me = await buildUser(t.db, school, { permissions: ['marc-catalog-import', 'marc-catalog-import:import'] });
    const as = { token: me.token, schoolId: school, lang: 'en' as const };
    const [b] = await t.db.insert(branch).values({ schoolId: school, name: 'Main', code: 'M' }).returning();
    const [loc] = await t.db
      .insert(location)
      .values({ schoolId: school, branchId: b.id, name: '少儿阅览室', code: 'SE' })
      .returning();
    const [batch] = await t.db
      .insert(acceptanceBatch)
      .values({ schoolId: school, batchNo: 'PO-7', discountRate: '0.8' })
      .returning();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow([
      'ISBN',
      'Notes we do not import',
      'Title',
      'Barcodes (separated by ;)',
      'Location',
      'Acceptance batch',
      'Price (yuan)',
      'Number of copies',
    ]);
    ws.addRow(['9787501615254', 'x', '草房子', 'XB001; XB002', '少儿阅览室', 'PO-7', '30', '']);
    ws.addRow(['', '', '夏洛的网', 'XB001', '', '', '', '']);
    ws.addRow(['', '', '小王子', '', '', '', '', 'three']);
    const up = await storeUpload(t.app, school, 'cata.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const start = await t.post(`${P}/Marc/ImportCataInfo`, { fileUrl: up.url }, as);
    expect(start.json.code).toBe(0);
    expect((await finished(start.json.data.DataID, as)).State).toBe(2);
    const report = (await t.post(`${P}/Marc/CataImportReport`, { DataID: start.json.data.DataID }, as)).json.data;
    expect(report.List.map((r: any) => [r.rowNo, r.status, r.result])).toEqual([
      [3, 'imported', 'imported; Copy barcode XB001 is already in use; not added'],
      [4, 'failed', 'Number of copies: The number of copies must be a whole number from 1 to 500'],
    ]);
    const made = await t.db
      .select({
        barcode: copy.barcode,
        locationId: copy.locationId,
        batchId: copy.batchId,
        unit: copy.unitPriceFen,
        paid: copy.discountPriceFen,
      })
      .from(copy)
      .where(eq(copy.schoolId, school))
      .orderBy(asc(copy.barcode));
    expect(made).toEqual([
      { barcode: 'XB001', locationId: loc.id, batchId: batch.id, unit: 3000, paid: 2400 },
      { barcode: 'XB002', locationId: loc.id, batchId: batch.id, unit: 3000, paid: 2400 },
    ]);
    // a sheet without a title column is refused as a whole
    const bare = new ExcelJS.Workbook();
    bare.addWorksheet('x').addRow(['ISBN', 'Author']);
    const up2 = await storeUpload(t.app, school, 'bare.xlsx', Buffer.from(await bare.xlsx.writeBuffer()));
    const job = await finished(
      (await t.post(`${P}/Marc/ImportCataInfo`, { fileUrl: up2.url }, as)).json.data.DataID,
      as,
    );
    expect(job.Error).toBe('The first row of the sheet has no "Title" column; use the downloaded template');
  });
});

describe('P/Marc/ImportCataInfo — the sheet read in a worker thread', () => {
  const limits = { ...sheetLimits };
  afterEach(() => Object.assign(sheetLimits, limits));

  async function importSheet(data: Buffer) {
    const up = await storeUpload(t.app, t.schoolId, 'cata.xlsx', data);
    const start = await t.post(`${P}/Marc/ImportCataInfo`, { fileUrl: up.url }, { lang: 'en' });
    expect(start.json.code).toBe(0);
    return finished(start.json.data.DataID);
  }
  const titles = async (prefix: string) =>
    (
      await t.db
        .select({ title: catalogueRecord.title })
        .from(catalogueRecord)
        .where(eq(catalogueRecord.schoolId, t.schoolId))
        .orderBy(asc(catalogueRecord.title))
    )
      .map((r) => r.title)
      .filter((x) => x.startsWith(prefix));

  it('takes its rows from the worker (both passes), not from parsing on the thread that answers requests', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(['Title', 'Author']);
    for (let i = 0; i < 3; i++) ws.addRow([`线程测试${i}`, '某人']);
    const before = { ...sheetReads };
    const job = await importSheet(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(job.State).toBe(2);
    expect(sheetReads.worker - before.worker).toBe(2);
    expect(sheetReads.inline).toBe(before.inline);
    expect((await sheet(job.ResultFile)).slice(1).map((r) => [r[0], r[1], r[3]])).toEqual([
      ['2', '线程测试0', 'imported'],
      ['3', '线程测试1', 'imported'],
      ['4', '线程测试2', 'imported'],
    ]);
    expect(await titles('线程测试')).toEqual(['线程测试0', '线程测试1', '线程测试2']);
  });

  it('a zip that is not a workbook, or a sheet over the row limit, fails with its clear message and imports nothing', async () => {
    // A real zip (it passes the size checks) whose workbook part is broken: only the worker's parsing finds out.
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['Title']);
    wb.worksheets[0].addRow(['坏文件']);
    const stored = Buffer.from(await wb.xlsx.writeBuffer({ zip: { compression: 'STORE' } } as any));
    stored.write('<<', stored.indexOf('<workbook xmlns'));
    const before = sheetReads.worker;
    const bad = await importSheet(stored);
    expect(sheetReads.worker).toBeGreaterThan(before);
    expect(bad.State).toBe(3);
    expect(bad.Error).toBe('The file could not be read; use the downloaded Excel template (.xlsx)');
    expect(await titles('坏文件')).toEqual([]);

    sheetLimits.maxRows = 3;
    const big = new ExcelJS.Workbook();
    const ws = big.addWorksheet('x');
    ws.addRow(['Title']);
    for (let i = 0; i < 5; i++) ws.addRow([`超限${i}`]);
    const over = await importSheet(Buffer.from(await big.xlsx.writeBuffer()));
    expect(over.State).toBe(3);
    expect(over.Error).toBe(
      'The file has more than 3 rows, the limit; it was refused and nothing was imported. Split it into several files',
    );
    expect(await titles('超限')).toEqual([]);
  });
});

describe('P/Marc/ImportCataInfo — an import interrupted by a restart', () => {
  it('after a crash mid-import, the progress and the result sheet say exactly which rows were written', async () => {
    const step = t.database.kind === 'pglite' ? 50 : 500;
    const n = step * 6;
    const school = await buildSchool(t.db);
    const me = await buildUser(t.db, school, { permissions: ['marc-catalog-import', 'marc-catalog-import:import'] });
    const as = { token: me.token, schoolId: school, lang: 'en' as const };
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(['Title', 'Author']);
    for (let i = 0; i < n; i++) ws.addRow([`崩溃测试${String(i).padStart(4, '0')}`, '某人']);
    const up = await storeUpload(t.app, school, 'crash.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const other = await buildApp({ config: t.app.config, database: t.database });
    await other.ready();
    const start = await other.inject({
      method: 'POST',
      url: `${P}/Marc/ImportCataInfo`,
      headers: { authorization: `Bearer ${me.token}`, schoolid: String(school), 'accept-language': 'en' },
      payload: { fileUrl: up.url },
    });
    const id = start.json().data.DataID as number;
    const progress = () => taskState(t, id, as);
    await waitFor(progress, (v) => v.Progress >= step, {
      what: (v) => `task ${id} never reached step ${step}: ${JSON.stringify(v)}`,
    });
    simulateCrash(other); // as if killed: the step under way finishes, nothing more is written
    await sleep(500);
    await ageHeartbeats(t.db, [id]);
    await tick(t.app);
    const v = await progress();
    expect(v.State).toBe(3);
    expect(v.Error).toBe('interrupted by a restart');
    const written = await t.db
      .select({ title: catalogueRecord.title })
      .from(catalogueRecord)
      .where(eq(catalogueRecord.schoolId, school))
      .orderBy(asc(catalogueRecord.title));
    expect(written.length).toBe(v.Progress);
    expect(v.Progress % step).toBe(0);
    expect(v.Progress).toBeLessThan(n);
    const file = await t.inject({
      method: 'GET',
      url: v.ResultFile,
      headers: { authorization: `Bearer ${me.token}`, schoolid: String(school) },
    });
    const result = new ExcelJS.Workbook();
    await result.xlsx.load(file.rawPayload as any);
    const rows: string[][] = [];
    result.worksheets[0].eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((x) => String(x ?? '')));
    });
    const listed = rows.slice(1, -1);
    expect(listed.map((r) => r[1])).toEqual(written.map((w) => w.title));
    expect(listed.every((r) => r[3] === 'imported')).toBe(true);
    expect(rows.at(-1)?.at(-1)).toBe(
      `Interrupted by a restart: the ${v.Progress} rows above were processed and saved; the rows after them were not`,
    );
    await other.close();
  });
});
