import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import { checkDigit } from '@shuyuan/contracts/printing/barcode';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, taskDone, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { nextBarcodes, validateBarcode } from './barcode-rules.service.ts';

const t = useTestApp();
const R = `${P}/Printing`;
const has = (cmd: string) => spawnSync(cmd, ['--version'], { encoding: 'utf8' }).error === undefined;
const tools = has('pdftoppm') && has('zbarimg');
const dir = mkdtempSync(join(tmpdir(), 'printing-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A record with copies (barcode, call number) in a school; returns the copy ids. */
async function makeCopies(schoolId: number, items: [string, string][], title = '小王子') {
  const [rec] = await t.db.insert(catalogueRecord).values({ schoolId, title }).returning();
  const rows = await t.db
    .insert(copy)
    .values(items.map(([barcode, callNo]) => ({ schoolId, recordId: rec.id, barcode, callNo })))
    .returning();
  return rows.map((r) => r.id);
}

async function templateOf(kind: string, schoolId = t.schoolId) {
  const list = (await t.post(`${R}/GetTemplateList`, { kind }, { schoolId })).json.data;
  return list.find((x: any) => x.isDefault);
}

/** POSTs a print job and returns the raw answer (file or envelope). */
function printFile(body: unknown, headers: Record<string, string> = {}) {
  return t.inject({
    method: 'POST',
    url: `${R}/PrintFile`,
    payload: body as object,
    headers: {
      authorization: `Bearer ${t.adminToken}`,
      schoolid: String(t.schoolId),
      'accept-language': 'en',
      ...headers,
    },
  });
}

function decode(pdf: Buffer, name: string): string[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  spawnSync('pdftoppm', ['-r', '300', '-png', file, join(dir, name)]);
  const pngs = readdirSync(dir)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .map((f) => join(dir, f));
  const out = spawnSync('zbarimg', ['-q', '--raw', ...pngs], { encoding: 'utf8' }).stdout;
  return out.split('\n').filter(Boolean).sort();
}

describe('barcode rules', () => {
  it('checks the check digit (odd ×3, even ×2, mod 10), length and prefix, in English and Chinese', async () => {
    // body 1234567 → 72 → check 8 (documented example)
    expect(checkDigit('1234567')).toBe('8');
    const save = await t.post(`${R}/SaveBarcodeRule`, { kind: 'book', prefix: 'T', length: 9, checkDigit: true });
    expect(save.json.code).toBe(0);
    expect(save.json.data).toMatchObject({ kind: 'book', enabled: true, prefix: 'T', length: 9, checkDigit: true });
    const check = async (barcode: string, lang: 'en' | 'zh' = 'en') =>
      (await t.post(`${R}/CheckBarcode`, { barcode }, { lang })).json.data;
    expect(await check('T12345678')).toEqual({ ok: true, message: '' });
    expect(await check('T12345679')).toMatchObject({
      ok: false,
      code: 'BARCODE_CHECK_DIGIT',
      message: 'Wrong barcode check digit, please check for a typing error',
    });
    expect((await check('T12345679', 'zh')).message).toBe('条码校验位错误，请检查是否输错');
    expect(await check('T1234567')).toMatchObject({
      code: 'BARCODE_LENGTH',
      message: 'The barcode must be 9 characters long',
    });
    expect(await check('X12345678')).toMatchObject({
      code: 'BARCODE_PREFIX',
      message: 'The barcode must start with T',
    });
    expect((await check('X12345678', 'zh')).message).toBe('条码前缀应为 T');
    // The reader rule is separate: none set, anything non-empty passes.
    const reader = await t.post(`${R}/CheckBarcode`, { barcode: 'anything', kind: 'reader' });
    expect(reader.json.data.ok).toBe(true);

    const scope = new Scope(t.schoolId);
    expect(await validateBarcode(t.db, scope, 'T12345678')).toEqual({ ok: true });
    expect((await validateBarcode(t.db, scope, '')).ok).toBe(false);
  });

  it('generates the next barcodes after the copies and pre-printed ranges in use', async () => {
    await t.post(`${R}/SaveBarcodeRule`, { kind: 'book', prefix: 'N', length: 8, checkDigit: true });
    const scope = new Scope(t.schoolId);
    expect(await nextBarcodes(t.db, scope, 2)).toEqual([
      `N000001${checkDigit('000001')}`,
      `N000002${checkDigit('000002')}`,
    ]);
    await makeCopies(t.schoolId, [[`N000041${checkDigit('000041')}`, '']]);
    // Barcodes of another shape sort above in text order (the fixed-length search walks down from the top).
    await makeCopies(t.schoolId, [
      ['NZ000999', ''],
      ['N9999999999', ''],
    ]);
    expect((await nextBarcodes(t.db, scope, 1))[0]).toBe(`N000042${checkDigit('000042')}`);
    const range = await t.post(`${R}/AddPreprintRange`, {
      prefix: 'N',
      start: 100,
      end: 149,
      width: 6,
      checkDigit: true,
    });
    expect(range.json.code).toBe(0);
    const next = await t.post(`${R}/NextBarcodes`, { count: 1 });
    expect(next.json.data).toEqual([`N000150${checkDigit('000150')}`]);
    const rules = (await t.post(`${R}/GetBarcodeRules`)).json.data;
    expect(rules.find((r: any) => r.kind === 'book').example).toBe(next.json.data[0]);
  });

  it('refuses a length without room for the body; disabling the rule accepts any barcode again', async () => {
    const short = await t.post(`${R}/SaveBarcodeRule`, { kind: 'book', prefix: 'ABC', length: 4, checkDigit: true });
    expect(short.json.issues).toContainEqual({
      path: 'length',
      message: 'The barcode length must leave room after the prefix and the check digit',
    });
    await t.post(`${R}/SaveBarcodeRule`, { kind: 'book', enabled: false });
    expect((await t.post(`${R}/CheckBarcode`, { barcode: 'whatever-1' })).json.data.ok).toBe(true);
    // Without a rule, copies are still numbered: by the default rule (eight digits).
    const none = await t.post(`${R}/NextBarcodes`, { count: 1 });
    expect(none.json.data[0]).toMatch(/^\d{8}$/);
  });

  it('needs barcode-prepriting:edit to change a rule, and keeps rules per school', async () => {
    const clerk = await buildUser(t.db, t.schoolId, { permissions: ['barcode-prepriting'] });
    const r = await t.post(`${R}/SaveBarcodeRule`, { kind: 'book', prefix: 'Z' }, { token: clerk.token });
    expect(r.status).toBe(403);
    const other = await buildSchool(t.db);
    const boss = await buildUser(t.db, other, { permissions: ['*'] });
    await t.post(
      `${R}/SaveBarcodeRule`,
      { kind: 'book', prefix: 'Q', length: 6 },
      { token: boss.token, schoolId: other },
    );
    await t.post(`${R}/SaveBarcodeRule`, { kind: 'book', prefix: 'T', length: 9, checkDigit: true });
    const mine = (await t.post(`${R}/GetBarcodeRules`)).json.data.find((x: any) => x.kind === 'book');
    expect(mine.prefix).toBe('T');
    const theirs = (await t.post(`${R}/GetBarcodeRules`, {}, { token: boss.token, schoolId: other })).json.data;
    expect(theirs.find((x: any) => x.kind === 'book').prefix).toBe('Q');
    await t.post(`${R}/SaveBarcodeRule`, { kind: 'book', enabled: false });
  });
});

describe('label templates', () => {
  it('seeds default templates per kind and refuses a template without print items', async () => {
    const all = (await t.post(`${R}/GetTemplateList`)).json.data;
    expect(new Set(all.map((x: any) => x.kind))).toEqual(new Set(['spine', 'barcode', 'readerCard']));
    const spine = await templateOf('spine');
    expect(spine).toMatchObject({ grid: { columns: 3, rows: 8 }, items: ['callNumber'] });
    const { id: _id, isDefault: _d, ...base } = spine;
    const empty = await t.post(`${R}/SaveTemplate`, { ...base, name: 'empty', items: [] });
    expect(empty.json.issues).toContainEqual({
      path: 'items',
      message: 'A template with no print items cannot be saved',
    });
    const zh = await t.post(`${R}/SaveTemplate`, { ...base, name: 'empty', items: [] }, { lang: 'zh' });
    expect(zh.json.issues).toContainEqual({ path: 'items', message: '打印项不能为空，无法保存模板' });
    const big = await t.post(`${R}/SaveTemplate`, { ...base, name: 'big', grid: { columns: 5, rows: 8 } });
    expect(big.json.issues[0].path).toBe('grid');
    const ok = await t.post(`${R}/SaveTemplate`, {
      ...base,
      name: '偏移书标',
      offset: { x: 1.5, y: -2 },
      isDefault: true,
    });
    expect(ok.json.code).toBe(0);
    expect((await templateOf('spine')).name).toBe('偏移书标');
    const dup = await t.post(`${R}/SaveTemplate`, { ...base, name: '偏移书标' });
    expect(dup.json.errorCode).toBe('DUPLICATE');
    // Deleting the default hands it on; the last template of a kind stays.
    expect((await t.post(`${R}/DeleteTemplate`, { ids: [ok.json.data.id] })).json.code).toBe(0);
    const spines = (await t.post(`${R}/GetTemplateList`, { kind: 'spine' })).json.data;
    expect(spines.filter((x: any) => x.isDefault)).toHaveLength(1);
    const cards = (await t.post(`${R}/GetTemplateList`, { kind: 'readerCard' })).json.data;
    const last = await t.post(`${R}/DeleteTemplate`, { ids: cards.map((c: any) => c.id) });
    expect(last.json.errorCode).toBe('TEMPLATE_LAST');
  });

  it('checks the permission of the template kind and hides other schools’ templates', async () => {
    const spine = await templateOf('spine');
    const { id, isDefault: _d, ...base } = spine;
    const clerk = await buildUser(t.db, t.schoolId, { permissions: ['callnum-pltplot', 'callnum-pltplot:add'] });
    const add = await t.post(`${R}/SaveTemplate`, { ...base, name: 'clerk' }, { token: clerk.token });
    expect(add.json.code).toBe(0);
    const barcode = await templateOf('barcode');
    const { id: _b, isDefault: _bd, ...bbase } = barcode;
    const no = await t.post(`${R}/SaveTemplate`, { ...bbase, name: 'clerk' }, { token: clerk.token });
    expect(no.status).toBe(403);
    const edit = await t.post(`${R}/SaveTemplate`, { ...base, id, name: 'renamed' }, { token: clerk.token });
    expect(edit.status).toBe(403);
    const other = await buildSchool(t.db);
    const boss = await buildUser(t.db, other, { permissions: ['*'] });
    const seen = await t.post(`${R}/GetTemplate`, { id }, { token: boss.token, schoolId: other });
    expect(seen.json.errorCode).toBe('NOT_FOUND');
    const theirs = (await t.post(`${R}/GetTemplateList`, {}, { token: boss.token, schoolId: other })).json.data;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((x: any) => x.id === id)).toBe(false);
  });

  it('previews an unsaved template as a PDF with sample labels', async () => {
    const { id: _i, isDefault: _d, ...tpl } = await templateOf('barcode');
    const r = await t.post(`${R}/PreviewTemplate`, { template: { ...tpl, name: 'x' } });
    expect(r.json.code).toBe(0);
    expect(r.json.data.pages).toBe(1);
    expect(Buffer.from(r.json.data.pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("previews readers' cards only for those who may print them; a student previews nothing", async () => {
    const { id: _i, isDefault: _d, ...tpl } = await templateOf('readerCard');
    const [kid] = await t.db
      .insert(appUser)
      .values({ schoolId: t.schoolId, account: 'S-PREVIEW-1', name: '预览学生', identity: 'student' })
      .returning();
    const body = { template: { ...tpl, name: 'x' }, source: { type: 'readers', ids: [kid.id] } };
    const student = await buildUser(t.db, t.schoolId, { identity: 'student' });
    expect((await t.post(`${R}/PreviewTemplate`, body, { token: student.token })).status).toBe(403);
    expect((await t.post(`${R}/PreviewTemplate`, { template: body.template }, { token: student.token })).status).toBe(
      403,
    );
    // The template screen may preview samples, not the readers themselves.
    const designer = await buildUser(t.db, t.schoolId, { permissions: ['userprint'] });
    expect(
      (await t.post(`${R}/PreviewTemplate`, { template: body.template }, { token: designer.token })).json.code,
    ).toBe(0);
    expect((await t.post(`${R}/PreviewTemplate`, body, { token: designer.token })).status).toBe(403);
    const printer = await buildUser(t.db, t.schoolId, { permissions: ['userprint', 'userprint:print'] });
    const ok = await t.post(`${R}/PreviewTemplate`, body, { token: printer.token });
    expect(ok.json.code).toBe(0);
  });
});

describe('print jobs', () => {
  it('prints spine labels for 3 copies as a PDF, and barcode labels that zbarimg decodes', async () => {
    const ids = await makeCopies(t.schoolId, [
      ['P0001', 'I247.5/123'],
      ['P0002', 'I247.5/123:2'],
      ['P0003', 'K825/45'],
    ]);
    const spine = await templateOf('spine');
    const res = await printFile({
      screen: 'callnumprint.common',
      templateId: spine.id,
      source: { type: 'copies', ids },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-print-pages']).toBe('1');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const list = await t.post(`${P}/Literature/GetSshPrint`, { source: { type: 'copies', ids } });
    expect(list.json.data.List.map((x: any) => x.callNumber)).toEqual(['I247.5/123', 'I247.5/123:2', 'K825/45']);
    const found = await t.post(`${R}/GetPrintList`, {
      screen: 'barcodeprint',
      source: { type: 'search', key: 'P0002' },
    });
    expect(found.json.data.List.map((x: any) => x.barcode)).toEqual(['P0002']);
    const byCallNo = await t.post(`${R}/GetPrintList`, {
      screen: 'callnumprint.common',
      source: { type: 'callNoRange', from: 'I247.5/123', to: 'I247.5/123' },
    });
    expect(byCallNo.json.data.Total).toBe(2);

    const barcode = await templateOf('barcode');
    const b = await printFile({
      screen: 'barcodeprint',
      templateId: barcode.id,
      source: { type: 'barcodeRange', from: 'P0001', to: 'P0003' },
    });
    expect(b.statusCode).toBe(200);
    if (tools) expect(decode(b.rawPayload, 'codes')).toEqual(['P0001', 'P0002', 'P0003']);
  });

  it('writes HP-GL for the plotter screens', async () => {
    const ids = await makeCopies(t.schoolId, [['H0001', 'TP311/9']]);
    const spine = await templateOf('spine');
    const r = await printFile({
      screen: 'callnum-pltplot',
      templateId: spine.id,
      output: 'hpgl',
      source: { type: 'copies', ids },
    });
    expect(r.statusCode).toBe(200);
    expect(r.body.startsWith('IN;')).toBe(true);
    expect(r.body).toContain('TP311');
    const notHere = await printFile({
      screen: 'callnumprint.common',
      templateId: spine.id,
      output: 'hpgl',
      source: { type: 'copies', ids },
    });
    expect(notHere.json().errorCode).toBe('PRINT_DATA_INVALID');
  });

  it('refuses an invalid page range, an empty selection and more than 5000 records, in the caller’s language', async () => {
    const ids = await makeCopies(t.schoolId, [['G0001', 'A1/1']]);
    const spine = await templateOf('spine');
    const base = { screen: 'callnumprint.common', templateId: spine.id, source: { type: 'copies', ids } };
    const page = await printFile({ ...base, startPage: 2, endPage: 2 });
    expect(page.json()).toMatchObject({
      errorCode: 'PRINT_DATA_INVALID',
      msg: 'The print data is invalid, please select again',
    });
    const zh = await printFile({ ...base, startPage: 3, endPage: 1 }, { 'accept-language': 'zh' });
    expect(zh.json().issues[0].message).toBe('打印数据无效，请重新选择');
    const none = await printFile({ ...base, source: { type: 'barcodes', barcodes: ['NOPE'] } });
    expect(none.json().errorCode).toBe('PRINT_DATA_INVALID');
    const many = await printFile({
      ...base,
      source: { type: 'callNumbers', lines: Array.from({ length: 11 }, () => ({ callNumber: 'I2/1', count: 500 })) },
    });
    expect(many.json()).toMatchObject({
      errorCode: 'PRINT_LIMIT',
      msg: 'At most 5000 records can be printed at a time',
    });
    const job = await t.post(`${R}/PrintJob`, {
      ...base,
      source: { type: 'callNumbers', lines: [{ callNumber: 'I2/1', count: 5001 }] },
    });
    expect(job.json.code).not.toBe(0);
  });

  it('starts at label N of a partly used sheet and runs large jobs in the background', async () => {
    const spine = await templateOf('spine');
    const r = await t.post(`${R}/Preview`, {
      screen: 'callnum-preprint',
      templateId: spine.id,
      startPosition: 20,
      source: { type: 'callNumbers', lines: [{ callNumber: 'I247.5/1', count: 10 }] },
    });
    expect(r.json.data).toMatchObject({ total: 10, pages: 2 });
    const job = await t.post(`${R}/PrintJob`, {
      screen: 'callnum-preprint',
      templateId: spine.id,
      source: {
        type: 'callNumbers',
        lines: [
          { callNumber: 'I247.5/1', count: 300 },
          { callNumber: 'I247.5/2', count: 300 },
        ],
      },
    });
    expect(job.json.data.DataID).toBeGreaterThan(0);
    const state = await taskDone(t, job.json.data.DataID);
    expect(state).toMatchObject({ State: 2, DataCount: 600 });

    // A barcode the symbology cannot print fails the job with the reason in the download panel.
    const { id: _id, isDefault: _d, ...tpl } = await templateOf('barcode');
    const ean = (await t.post(`${R}/SaveTemplate`, { ...tpl, name: 'EAN', barcodeType: 'ean13' })).json.data;
    const ids = await makeCopies(t.schoolId, [['EANX01', '']]);
    const bad = await t.post(`${R}/PrintJob`, {
      screen: 'barcodeprint',
      templateId: ean.id,
      source: { type: 'copies', ids },
    });
    const failed = await taskDone(t, bad.json.data.DataID);
    expect(failed).toMatchObject({ State: 3, Error: 'Barcode EANX01 cannot be printed as ean13' });
  });

  it('never prints another school’s copies, and needs the screen’s print permission', async () => {
    const other = await buildSchool(t.db);
    const theirs = await makeCopies(other, [['X0001', 'I1/1']]);
    const spine = await templateOf('spine');
    const r = await printFile({
      screen: 'callnumprint.common',
      templateId: spine.id,
      source: { type: 'copies', ids: theirs },
    });
    expect(r.json().errorCode).toBe('PRINT_DATA_INVALID');
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['callnumprint.common'] });
    const no = await printFile(
      { screen: 'callnumprint.common', templateId: spine.id, source: { type: 'copies', ids: theirs } },
      { authorization: `Bearer ${viewer.token}` },
    );
    expect(no.statusCode).toBe(403);
    const boss = await buildUser(t.db, other, { permissions: ['*'] });
    const theirTpl = await t.post(
      `${R}/Preview`,
      { screen: 'callnumprint.common', templateId: spine.id, source: { type: 'copies', ids: theirs } },
      { token: boss.token, schoolId: other },
    );
    expect(theirTpl.json.msg).toBe('Print template not found');
  });

  it('prints reader cards of a class', async () => {
    const card = await templateOf('readerCard');
    const [g] = await t.db.insert(grade).values({ schoolId: t.schoolId, name: '打印测试年级' }).returning();
    const [c] = await t.db.insert(schoolClass).values({ schoolId: t.schoolId, gradeId: g.id, name: '2班' }).returning();
    const reader = await buildUser(t.db, t.schoolId, { identity: 'student', account: 'RC0001' });
    await t.db.update(appUser).set({ classId: c.id }).where(eq(appUser.id, reader.id));
    const list = await t.post(`${R}/GetPrintList`, {
      screen: 'userprint',
      source: { type: 'readers', classIds: [c.id] },
    });
    expect(list.json.data.List).toEqual([
      expect.objectContaining({ barcode: 'RC0001', readerClass: '打印测试年级 2班' }),
    ]);
    const byKey = await t.post(`${R}/GetPrintList`, { screen: 'userprint', source: { type: 'readers', key: 'rc000' } });
    expect(byKey.json.data.List.map((x: any) => x.barcode)).toEqual(['RC0001']);
    const r = await printFile({
      screen: 'userprint',
      templateId: card.id,
      source: { type: 'readers', gradeIds: [g.id] },
    });
    expect(r.statusCode).toBe(200);
    if (tools) expect(decode(r.rawPayload, 'cards')).toEqual(['RC0001']);
    const wrong = await printFile({ screen: 'userprint', templateId: card.id, source: { type: 'copies', ids: [1] } });
    expect(wrong.json().errorCode).toBe('PRINT_DATA_INVALID');
  });
});

describe('pre-printing ranges', () => {
  it('needs copies > 0, warns about overlaps, counts used barcodes and opens a public view by token', async () => {
    const bad = await t.post(`${R}/AddPreprintRange`, { prefix: 'W', start: 10, end: 9 }, { lang: 'en' });
    expect(bad.json.issues).toContainEqual({ path: 'end', message: 'Copies to generate must be greater than 0' });
    const need = await t.post(`${R}/AddPreprintRange`, { prefix: 'W', end: 9 }, { lang: 'zh' });
    expect(need.json.issues).toContainEqual({ path: 'start', message: '请输入起始流水号' });
    const a = (await t.post(`${R}/AddPreprintRange`, { prefix: 'W', start: 1, end: 20, width: 5 })).json.data;
    expect(a).toMatchObject({ first: 'W00001', last: 'W00020', copies: 20, used: 0, overlap: '' });
    const b = (await t.post(`${R}/AddPreprintRange`, { prefix: 'W', start: 15, end: 30, width: 5 })).json.data;
    expect(b.overlap).toBe('Overlaps existing pre-printed ranges: W00001–W00020');
    await makeCopies(t.schoolId, [
      ['W00003', ''],
      ['W00004', ''],
    ]);
    const list = (await t.post(`${R}/GetPreprintRangeList`, { SearchKey: 'W' })).json.data;
    expect(list.List.find((x: any) => x.id === a.id).used).toBe(2);
    const del = await t.post(`${R}/DeletePreprintRange`, { ids: [a.id] });
    expect(del.json.errorCode).toBe('IN_USE');

    const view = await t.post(`${R}/GetPreprintView`, { token: a.viewToken, Rows: 5 }, { token: null, schoolId: null });
    expect(view.json.data.Total).toBe(20);
    expect(view.json.data.List.slice(2, 4)).toEqual([
      { barcode: 'W00003', used: true },
      { barcode: 'W00004', used: true },
    ]);
    const img = await t.inject({ method: 'GET', url: `${R}/PreprintBarcodeImage?token=${a.viewToken}&code=W00005` });
    expect(img.headers['content-type']).toBe('image/png');
    const outside = await t.inject({
      method: 'GET',
      url: `${R}/PreprintBarcodeImage?token=${a.viewToken}&code=W00099`,
    });
    expect(outside.headers['content-type']).not.toBe('image/png');

    const barcode = await templateOf('barcode');
    const printed = await printFile({
      screen: 'barcode-prepriting',
      templateId: barcode.id,
      source: { type: 'preprint', rangeId: b.id },
    });
    expect(printed.statusCode).toBe(200);
    const after = (await t.post(`${R}/GetPreprintRangeList`, {})).json.data.List.find((x: any) => x.id === b.id);
    expect(after.printedCount).toBe(1);
    const other = await buildSchool(t.db);
    const boss = await buildUser(t.db, other, { permissions: ['*'] });
    const theirs = (await t.post(`${R}/GetPreprintRangeList`, {}, { token: boss.token, schoolId: other })).json.data;
    expect(theirs.Total).toBe(0);
  });
});
