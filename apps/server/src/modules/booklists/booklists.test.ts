import fs from 'node:fs';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { makeLocation, makeRecord } from '../opac/test-fixtures.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { recommendation } from '../reservations/reservation.table.ts';

const B = `${P}/BookLists`;
const t = useTestApp();
let scope: Scope;
let held: number;
let other: number;
let gradeOne: number;
const readers: Record<string, string> = {};

async function reader(gradeId: number, name: string) {
  const [c] = await t.db.insert(schoolClass).values(scope.values({ gradeId, name })).returning();
  const u = await buildUser(t.db, t.schoolId, { identity: 'student' });
  await t.db.update(appUser).set({ classId: c.id }).where(eq(appUser.id, u.id));
  return u.token;
}

async function uploadSheet(name: string, rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  const dir = path.join(t.app.config.dataDir, 'files', 'uploads', String(t.schoolId), '202611');
  fs.mkdirSync(dir, { recursive: true });
  await wb.xlsx.writeFile(path.join(dir, name));
  return `/files/uploads/${t.schoolId}/202611/${name}`;
}

async function addList(body: Record<string, unknown>) {
  const res = await t.post(`${B}/AddBookList`, { entries: [], ...body });
  expect(res.json.code, JSON.stringify(res.json)).toBe(0);
  return res.json.data.id as number;
}

const getList = async (id: number) => (await t.post(`${B}/GetBookList`, { id })).json.data;

beforeAll(async () => {
  scope = new Scope(t.schoolId);
  const { locationId } = await makeLocation(t.db, scope, '书单馆');
  const rec = await makeRecord(
    t.db,
    scope,
    { title: '草房子', author: '曹文轩', isbn: '978-7-02-000220-7', readingLevel: '3–4年级' },
    [{ locationId }, { locationId }, { locationId }],
  );
  held = rec.id;
  await t.db.update(copy).set({ circState: 'borrowed' }).where(eq(copy.barcode, rec.barcodes[0]));
  other = await buildSchool(t.db);
  const [g1] = await t.db
    .insert(grade)
    .values(scope.values({ name: '书单一年级' }))
    .returning();
  const [g2] = await t.db
    .insert(grade)
    .values(scope.values({ name: '书单二年级' }))
    .returning();
  gradeOne = g1.id;
  readers.one = await reader(g1.id, '一(9)班');
  readers.two = await reader(g2.id, '二(9)班');
});

describe('book list CRUD', () => {
  it('reports a missing name and an entry without a title, in the caller’s language', async () => {
    const zh = await t.post(`${B}/AddBookList`, { name: ' ', entries: [{ note: 'x' }] }, { lang: 'zh' });
    expect(zh.json.issues).toContainEqual({ path: 'name', message: '请填写书单名称' });
    expect(zh.json.issues).toContainEqual({ path: 'entries.0.title', message: '请填写书名或 ISBN，或选择馆藏书目' });
    const en = await t.post(`${B}/AddBookList`, { name: '' }, { lang: 'en' });
    expect(en.json.issues).toContainEqual({ path: 'name', message: 'Please fill in the name of the list' });
    const foreign = await makeRecord(t.db, new Scope(other), { title: 'Elsewhere' });
    const bad = await t.post(`${B}/AddBookList`, { name: 'x', entries: [{ recordId: foreign.id }] });
    expect(bad.json.issues[0].path).toBe('entries.0');
    const badGrade = await t.post(`${B}/AddBookList`, { name: 'x', gradeIds: [999999] });
    expect(badGrade.json.issues[0].path).toBe('gradeIds');
  });

  it('keeps the entries in the order given, links a held ISBN and shows availability and reading level', async () => {
    const id = await addList({
      name: '三年级必读',
      entries: [{ title: '夏洛的网', author: 'E.B.怀特', isbn: '9787532736553', note: '暑假读' }, { recordId: held }],
    });
    let list = await getList(id);
    expect(list.entries.map((e: any) => e.title)).toEqual(['夏洛的网', '草房子']);
    expect(list.entries[1]).toMatchObject({ held: true, copies: 3, available: 2, readingLevel: '3–4年级' });
    expect(list.entries[0]).toMatchObject({ held: false, copies: 0, available: 0, note: '暑假读' });
    // Reordered, and an ISBN-10/13 typed with hyphens links the held record.
    const upd = await t.post(`${B}/UpdateBookList`, {
      id,
      name: '三年级必读',
      entries: [{ recordId: held }, list.entries[0], { title: '', isbn: '978-7-02-000220-7' }],
    });
    expect(upd.json.code, JSON.stringify(upd.json)).toBe(0);
    list = await getList(id);
    expect(list.entries.map((e: any) => [e.title, e.held])).toEqual([
      ['草房子', true],
      ['夏洛的网', false],
      ['草房子', true],
    ]);
    expect(list).toMatchObject({ entryCount: 3, heldCount: 2 });
    expect((await t.post(`${B}/DeleteBookList`, { ids: [id] })).json.code).toBe(0);
    expect((await t.post(`${B}/GetBookList`, { id })).json.success).toBe(false);
  });
});

describe('import, wish list and export', () => {
  it('adds the good rows, reports each bad row with its reason, and links held ISBNs', async () => {
    const id = await addList({ name: '导入书单', entries: [{ title: '已有条目' }] });
    const fileUrl = await uploadSheet('list.xlsx', [
      ['ISBN', '书名', '作者', '出版社', '阅读分级', '备注'],
      ['9787020002207', '', '', '', '', '馆里有'],
      ['9787532736553', '夏洛的网', 'E.B.怀特', '上海译文', '3–4年级', ''],
      ['12345', '坏书号', '', '', '', ''],
      ['', '', '某作者', '', '', ''],
      ['978-7-5327-3655-3', '夏洛的网', '', '', '', ''],
      ['', '没有书号的书', '佚名', '', '', ''],
    ]);
    const res = await t.post(`${B}/ImportEntries`, { id, fileUrl }, { lang: 'en' });
    expect(res.json.code, JSON.stringify(res.json)).toBe(0);
    expect(res.json.data).toMatchObject({ added: 3, linked: 1 });
    expect(res.json.data.errors).toEqual([
      { rowNo: 4, reason: 'Invalid ISBN: 12345' },
      { rowNo: 5, reason: 'Neither a title nor an ISBN' },
      { rowNo: 6, reason: 'Repeats an earlier row of the file' },
    ]);
    const list = await getList(id);
    expect(list.entries.map((e: any) => [e.title, e.held, e.readingLevel])).toEqual([
      ['已有条目', false, ''],
      ['草房子', true, '3–4年级'],
      ['夏洛的网', false, '3–4年级'],
      ['没有书号的书', false, ''],
    ]);
    const notXlsx = path.join(t.app.config.dataDir, 'files', 'uploads', String(t.schoolId), '202611', 'bad.xlsx');
    fs.writeFileSync(notXlsx, 'not a workbook');
    const bad = await t.post(`${B}/ImportEntries`, { id, fileUrl: `/files/uploads/${t.schoolId}/202611/bad.xlsx` });
    expect(bad.json.msg).toBe('This is not a valid xlsx file');
    expect((await getList(id)).entryCount).toBe(4);

    // The missing ones go to the wish list once, however often the button is pressed.
    const before = await t.db.select().from(recommendation).where(eq(recommendation.schoolId, t.schoolId));
    const wish = await t.post(`${B}/AddMissingToWishList`, { id });
    expect(wish.json.data).toEqual({ added: 3, missing: 3 });
    const again = await t.post(`${B}/AddMissingToWishList`, { id });
    expect(again.json.data).toEqual({ added: 0, missing: 3 });
    const after = await t.db.select().from(recommendation).where(eq(recommendation.schoolId, t.schoolId));
    expect(after.length - before.length).toBe(3);
    expect(after.map((r) => r.isbn)).toContain('9787532736553');

    const xlsx = await t.inject({
      method: 'POST',
      url: `${B}/ExportEntries`,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId), 'accept-language': 'zh' },
      payload: { id },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0].slice(1)).toEqual([
      'ISBN',
      '书名',
      '作者',
      '出版社',
      '阅读分级',
      '备注',
      '馆藏',
      '复本数',
      '在架数',
    ]);
    expect(rows[2].slice(1)).toEqual(['9787020002207', '草房子', '曹文轩', '', '3–4年级', '馆里有', '有', 3, 2]);
  });
});

describe('readers’ side, permissions and schools', () => {
  it('shows published lists only: to anonymous visitors all of them, to readers those of their grade', async () => {
    const forOne = await addList({ name: '一年级书单', gradeIds: [gradeOne], entries: [{ recordId: held }] });
    const forAll = await addList({ name: '全校书单', entries: [{ title: '小王子' }] });
    const anon = async () =>
      ((await t.post(`${P}/Search/BookLists`, {}, { token: null })).json.data as any[]).map((l) => l.name);
    expect(await anon()).not.toContain('全校书单');
    expect((await t.post(`${P}/Search/BookList`, { id: forAll }, { token: null })).json.success).toBe(false);
    await t.post(`${B}/PublishBookList`, { ids: [forOne, forAll], published: true });
    expect(await anon()).toEqual(expect.arrayContaining(['一年级书单', '全校书单']));
    const one = (await t.post(`${P}/Search/BookList`, { id: forOne }, { token: null })).json.data;
    expect(one.entries[0]).toMatchObject({ title: '草房子', copies: 3, available: 2 });
    const mine = async (token: string) =>
      ((await t.post(`${P}/Opac/MyBookLists`, {}, { token })).json.data as any[]).map((l) => l.name);
    expect(await mine(readers.one)).toEqual(expect.arrayContaining(['一年级书单', '全校书单']));
    expect(await mine(readers.two)).toContain('全校书单');
    expect(await mine(readers.two)).not.toContain('一年级书单');
    // Another school's visitors see none of ours.
    const theirs = await t.post(`${P}/Search/BookLists`, {}, { token: null, schoolId: other });
    expect((theirs.json.data as any[]).map((l) => l.name)).not.toContain('全校书单');
    await t.post(`${B}/PublishBookList`, { ids: [forAll], published: false });
    expect(await anon()).not.toContain('全校书单');
    expect(await mine(readers.one)).not.toContain('全校书单');
  });

  it('checks each verb’s permission and keeps schools apart', async () => {
    const id = await addList({ name: '权限书单' });
    const as = (token: string, url: string, body: unknown) => t.post(`${B}/${url}`, body, { token });
    const viewer = (await buildUser(t.db, t.schoolId, { permissions: ['booklist'] })).token;
    expect((await as(viewer, 'GetBookList', { id })).json.code).toBe(0);
    expect((await as(viewer, 'AddBookList', { name: 'x' })).status).toBe(403);
    expect((await as(viewer, 'UpdateBookList', { id, name: 'x' })).status).toBe(403);
    expect((await as(viewer, 'DeleteBookList', { ids: [id] })).status).toBe(403);
    expect((await as(viewer, 'PublishBookList', { ids: [id], published: true })).status).toBe(403);
    expect((await as(viewer, 'ImportEntries', { id, fileUrl: 'x' })).status).toBe(403);
    expect((await as(viewer, 'AddMissingToWishList', { id })).status).toBe(403);
    expect((await as(viewer, 'ExportEntries', { id })).status).toBe(403);
    expect((await as(readers.one, 'GetBookListList', {})).status).toBe(403);
    const publisher = (await buildUser(t.db, t.schoolId, { permissions: ['booklist', 'booklist:publish'] })).token;
    expect((await as(publisher, 'PublishBookList', { ids: [id], published: true })).json.code).toBe(0);
    const elsewhere = (await buildUser(t.db, other, { permissions: ['*'] })).token;
    const foreign = await t.post(`${B}/GetBookList`, { id }, { token: elsewhere, schoolId: other });
    expect(foreign.json.success).toBe(false);
    const upd = await t.post(`${B}/AddMissingToWishList`, { id }, { token: elsewhere, schoolId: other });
    expect(upd.json.success).toBe(false);
    const list = await t.post(`${B}/GetBookListList`, {}, { token: elsewhere, schoolId: other });
    expect(list.json.data.List).toEqual([]);
  });
});
