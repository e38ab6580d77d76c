import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { sheetLimits } from '../../platform/files/sheet.ts';
import { zipEntries } from '../../platform/files/zip-size.ts';
import { simulateCrash, tick } from '../../platform/jobs/jobs.ts';
import { P } from '@shuyuan/contracts/common/paths';
import { ageHeartbeats, buildSchool, buildUser, taskDone, useTestApp, waitFor } from '../../test/helper.ts';
import { department } from '../org/department.table.ts';
import { permissionGroup } from '../org/organization.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { storeUpload } from '../upload/upload.service.ts';

const R = `${P}/Readers`;
const t = useTestApp();

const OLD_HEADERS = ['读者条码', '姓名', '身份', '班级', '手机号码', '邮箱', '性别', '有效期至'];

async function sheet(rows: unknown[][], headers: string[] = OLD_HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('readers');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importFile(data: Buffer, body: Record<string, unknown> = {}, lang: 'zh' | 'en' = 'en') {
  const up = await storeUpload(t.app, t.schoolId, 'readers.xlsx', data);
  const start = await t.post(`${R}/ImportReaders`, { fileUrl: up.url, ...body }, { lang });
  expect(start.json.code, start.json.msg).toBe(0);
  return finished(start.json.data.DataID);
}

const finished = (id: number) => taskDone(t, id);

async function resultRows(url: string): Promise<string[][]> {
  const file = await t.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
  });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as any);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map(String));
  });
  return out;
}

describe('reader import', () => {
  it('imports the good rows and lists each bad row with its reason', async () => {
    const [g] = await t.db.insert(grade).values({ schoolId: t.schoolId, name: '导入年级' }).returning();
    await t.db.insert(schoolClass).values({ schoolId: t.schoolId, gradeId: g.id, name: '9班' });
    expect((await t.post(`${R}/AddReader`, { account: 'IMP-OLD', name: '老读者' })).json.code).toBe(0);
    const data = await sheet([
      ['IMP1', '甲', '学生', '导入年级9班', '13800000001', 'a@x.cn', '男', '2030-07-01'],
      ['IMP2', '乙', 'Student', '导入年级/9班', '', '', '女', ''],
      ['IMP3', '丙', '教师', '', '15900000003', '', '', ''],
      ['IMP4', '丁', 'parent', '', '', 'd@x.cn', '', ''],
      ['IMP5', '戊', '', '', '17700000005', '', '', new Date('2031-01-31T00:00:00Z')],
      ['IMP6', '己', '学生', '', '12345', '', '', ''],
      ['IMP-OLD', '庚', '学生', '', '', '', '', ''],
      ['IMP8', '辛', '学生', '火星班', '', '', '', ''],
    ]);
    const up = await storeUpload(t.app, t.schoolId, 'readers.xlsx', data);
    const start = await t.post(`${R}/ImportReaders`, { fileUrl: up.url }, { lang: 'en' });
    expect(start.json.code).toBe(0);
    const job = await finished(start.json.data.DataID);
    // The reason along with the state, should the task fail.
    expect({ State: job.State, Error: job.Error }).toEqual({ State: 2, Error: null });

    const list = (await t.post(`${R}/GetReaderList`, { SearchKey: 'IMP', Rows: 50 })).json.data;
    expect(list.List.map((r: any) => r.account).sort()).toEqual(['IMP-OLD', 'IMP1', 'IMP2', 'IMP3', 'IMP4', 'IMP5']);
    const one = list.List.find((r: any) => r.account === 'IMP1');
    expect(one).toMatchObject({ className: '9班', gradeName: '导入年级', sex: 1, validUntil: '2030-07-01' });
    expect(list.List.find((r: any) => r.account === 'IMP3').identity).toBe('teacher');
    expect(list.List.find((r: any) => r.account === 'IMP5').validUntil).toBe('2031-01-31');
    expect(list.List.find((r: any) => r.account === 'IMP-OLD').name).toBe('老读者');

    const rows = await resultRows(job.ResultFile);
    expect(rows[0]).toEqual(['Row', 'Reader barcode', 'Name', 'Result']);
    const bad = rows.slice(1).filter((r) => r[3] !== 'Imported');
    expect(bad).toEqual([
      ['7', 'IMP6', '己', 'Please fill in the correct phone number'],
      ['8', 'IMP-OLD', '庚', 'Reader barcode already exists'],
      ['9', 'IMP8', '辛', 'Unknown class: 火星班'],
    ]);
  });

  it('reports a barcode repeated within the file and refuses another school upload', async () => {
    const up = await storeUpload(
      t.app,
      t.schoolId,
      'r.xlsx',
      await sheet([
        ['D1', 'a'],
        ['D1', 'b'],
      ]),
    );
    const job = await finished(
      (await t.post(`${R}/ImportReaders`, { fileUrl: up.url }, { lang: 'zh' })).json.data.DataID,
    );
    const rows = await resultRows(job.ResultFile);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['已导入', '读者条码在文件中重复']);

    const other = await buildSchool(t.db);
    const them = await buildUser(t.db, other, { permissions: ['department.user-transfer:import'] });
    const r = await t.post(`${R}/ImportReaders`, { fileUrl: up.url }, { token: them.token, schoolId: other });
    expect(r.json.errorCode).toBe('IMPORT_FILE');
  });

  it('serves the template with the headers in the caller language', async () => {
    const r = await t.inject({
      method: 'POST',
      url: `${R}/GetImportTemplate`,
      payload: {},
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId), 'accept-language': 'en' },
    });
    expect(r.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as any);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([
      'Reader barcode',
      'Name',
      'English name',
      'Identity',
      'Sex',
      'Class',
      'Department',
      'Permission group',
      'Phone',
      'E-mail',
      'Birthday',
      'Card RFID',
      'Valid until',
    ]);
  });

  it('reads columns by their English or Chinese header in any order, with the new columns', async () => {
    const [g] = await t.db.insert(grade).values({ schoolId: t.schoolId, name: '七年级' }).returning();
    await t.db.insert(schoolClass).values({ schoolId: t.schoolId, gradeId: g.id, name: '3班' });
    await t.db.insert(department).values({ schoolId: t.schoolId, name: '初中部' });
    await t.db.insert(permissionGroup).values({ schoolId: t.schoolId, name: '初中借阅', identity: 'student' });
    const headers = [
      'Valid until',
      'Card RFID',
      'Name',
      'Reader barcode',
      'English name',
      'Birthday',
      'Department',
      'Class',
      'Permission group',
      'Notes nobody reads',
    ];
    const job = await importFile(
      await sheet(
        [
          ['2030-07-31', 'RF-IMP-1', '林一', 'HDR1', 'Lin Yi', '2013-05-06', '初中部', '七年级3班', '初中借阅', 'x'],
          ['', 'RF-IMP-1', '林二', 'HDR2', '', '', '', '', '', ''],
          ['', '', '林三', 'HDR3', '', '', '外星部', '', '不存在组', ''],
          ['', 'HDR1', '林四', 'HDR4', '', '', '', '', '', ''],
        ],
        headers,
      ),
    );
    expect(job.State).toBe(2);
    const one = (await t.post(`${R}/GetReaderList`, { SearchKey: 'HDR1' })).json.data.List[0];
    expect(one).toMatchObject({
      name: '林一',
      enName: 'Lin Yi',
      birthday: '2013-05-06',
      departmentName: '初中部',
      className: '3班',
      gradeName: '七年级',
      permissionGroupName: '初中借阅',
      cardRfid: 'RF-IMP-1',
      validUntil: '2030-07-31',
    });
    const rows = await resultRows(job.ResultFile);
    expect(rows.slice(1).map((r) => r[3])).toEqual([
      'Imported',
      'Card RFID repeated in the file',
      'Unknown department: 外星部; Unknown permission group: 不存在组',
      "This RFID is another reader's barcode: 林一 (HDR1)",
    ]);
  });

  it("refuses a card that is another reader's barcode, or a barcode that is another reader's card", async () => {
    const add = await t.post(`${R}/AddReader`, { account: 'KEY-OLD', name: '老卡', cardRfid: 'RF-KEY-OLD' });
    expect(add.json.code, add.json.msg).toBe(0);
    const job = await importFile(
      await sheet(
        [
          ['KEY-NEW1', '新一', 'key-old'],
          ['RF-KEY-OLD', '新二', ''],
          ['KEY-NEW3', '新三', 'RF-KEY-NEW3'],
        ],
        ['读者条码', '姓名', 'Card RFID'],
      ),
    );
    expect(job.State).toBe(2);
    const rows = await resultRows(job.ResultFile);
    expect(rows.slice(1).map((r) => r[3])).toEqual([
      "This RFID is another reader's barcode: 老卡 (KEY-OLD)",
      "This barcode is another reader's card RFID: 老卡 (KEY-OLD)",
      'Imported',
    ]);
  });

  it('updates existing readers by barcode when asked (a new school year), else refuses them', async () => {
    const [g] = await t.db.insert(grade).values({ schoolId: t.schoolId, name: '八年级' }).returning();
    await t.db.insert(schoolClass).values({ schoolId: t.schoolId, gradeId: g.id, name: '5班' });
    const add = await t.post(`${R}/AddReader`, {
      account: 'UPD1',
      name: '升级生',
      phone: '13800000009',
      email: 'keep@x.cn',
      remark: '留着',
    });
    expect(add.json.code).toBe(0);
    const data = await sheet(
      [
        ['UPD1', '', '八年级5班', '2031-07-31'],
        ['UPD-NEW', '新同学', '', ''],
      ],
      ['读者条码', '姓名', '班级', '有效期至'],
    );
    const refused = await resultRows((await importFile(data)).ResultFile);
    expect(refused[1][3]).toMatch(/^Reader barcode already exists/);
    expect(refused[2][3]).toBe('Imported');
    // A new reader without a group column gets the school's default group for students.
    const [def] = await t.db
      .select()
      .from(permissionGroup)
      .where(
        and(
          eq(permissionGroup.schoolId, t.schoolId),
          eq(permissionGroup.identity, 'student'),
          eq(permissionGroup.isDefault, true),
        ),
      );
    expect(def).toBeTruthy();
    const fresh = (await t.post(`${R}/GetReaderList`, { SearchKey: 'UPD-NEW' })).json.data.List[0];
    expect(fresh.permissionGroupId).toBe(def.id);

    const job = await importFile(data, { updateExisting: true });
    const rows = await resultRows(job.ResultFile);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['Updated', 'Updated']);
    const got = (await t.post(`${R}/GetReader`, { id: add.json.data.id })).json.data;
    // The filled cells changed; the empty name cell and the columns the sheet lacks kept their values.
    expect(got).toMatchObject({
      name: '升级生',
      className: '5班',
      gradeName: '八年级',
      validUntil: '2031-07-31',
      phone: '13800000009',
      email: 'keep@x.cn',
      remark: '留着',
    });
    // A staff account is never changed by a reader import.
    const staff = await importFile(await sheet([['admin', 'x']], ['读者条码', '姓名']), { updateExisting: true });
    expect((await resultRows(staff.ResultFile))[1][3]).toBe('Reader barcode already exists');
  });

  it('fails a sheet without the barcode and name headers instead of guessing', async () => {
    const job = await importFile(await sheet([['X1', 'y']], ['foo', 'bar']));
    expect(job.State).not.toBe(2);
  });

  it('exports the template columns first, so an export can be imported again', async () => {
    const start = await t.post(`${R}/ExportReader`, { SearchKey: 'HDR1' }, { lang: 'en' });
    expect(start.json.code, start.json.msg).toBe(0);
    const job = await finished(start.json.data.DataID);
    const rows = await resultRows(job.ResultFile);
    expect(rows[0].slice(0, 13)).toEqual([
      'Reader barcode',
      'Name',
      'English name',
      'Identity',
      'Sex',
      'Class',
      'Department',
      'Permission group',
      'Phone',
      'E-mail',
      'Birthday',
      'Card RFID',
      'Valid until',
    ]);
    // Empty cells are holes in the row.
    expect(Array.from(rows[1].slice(0, 13), (v) => v ?? '')).toEqual([
      'HDR1',
      '林一',
      'Lin Yi',
      'Student',
      'Unknown',
      '七年级/3班',
      '初中部',
      '初中借阅',
      '',
      '',
      '2013-05-06',
      'RF-IMP-1',
      '2030-07-31',
    ]);
  });
});

const limits = { ...sheetLimits };
afterEach(() => Object.assign(sheetLimits, limits));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const readers = (prefix: string) =>
  t.db
    .execute(sql`select account from app_user where account like ${`${prefix}%`} order by account`)
    .then((r: any) => (r.rows ?? r).map((x: { account: string }) => x.account) as string[]);

const jobCount = () =>
  t.db.execute(sql`select count(*)::int as n from job`).then((r: any) => (r.rows ?? r)[0].n as number);

async function state(id: number, lang: 'zh' | 'en' = 'en') {
  return (await t.post(`${P}/Config/GetProgress`, { DataID: id }, { lang })).json.data;
}

function until(id: number, ok: (v: any) => boolean) {
  return waitFor(() => state(id), ok, { what: (v) => `job ${id} never got there: ${JSON.stringify(v)}` });
}

describe('reader import limits', () => {
  it('refuses a zip bomb at once, in the caller language, and imports nothing', async () => {
    // 600 rows of 2,000 repeated characters: ~1.2 MB unpacked from a few KB on disk.
    const data = await sheet(Array.from({ length: 600 }, (_, i) => [`BOMB${i}`, `${i}${'x'.repeat(2000)}`, '学生']));
    sheetLimits.maxUnpackedBytes = 1024 * 1024;
    const up = await storeUpload(t.app, t.schoolId, 'bomb.xlsx', data);
    const jobs = await jobCount();
    const en = await t.post(`${R}/ImportReaders`, { fileUrl: up.url }, { lang: 'en' });
    expect(en.json.code).not.toBe(0);
    expect(en.json.msg).toBe(
      'The file unpacks to more than the 1 MB limit (it may be a zip bomb); it was refused and nothing was imported',
    );
    const zh = await t.post(`${R}/ImportReaders`, { fileUrl: up.url }, { lang: 'zh' });
    expect(zh.json.msg).toBe('文件解压后超过 1 MB 的上限（可能是压缩炸弹），已拒绝，未导入任何数据');
    expect(await jobCount()).toBe(jobs);
    expect(await readers('BOMB')).toEqual([]);
  });

  it('refuses a zip whose directory under-states its unpacked size (the bytes are counted)', async () => {
    const data = await sheet(Array.from({ length: 300 }, (_, i) => [`LIAR${i}`, `${i}${'y'.repeat(2000)}`, '学生']));
    const up = await storeUpload(t.app, t.schoolId, 'liar.xlsx', data);
    const abs = path.join(t.app.config.dataDir, up.url.replace(/^\/files\//, 'files/'));
    // Rewrite the central directory: every entry claims 10 bytes unpacked.
    const bytes = fs.readFileSync(abs);
    for (let p = 0; p < bytes.length - 4; p++)
      if (bytes.readUInt32LE(p) === 0x02014b50) bytes.writeUInt32LE(10, p + 24);
    fs.writeFileSync(abs, bytes);
    expect(zipEntries(abs)?.every((e) => e.size === 10)).toBe(true);
    sheetLimits.maxUnpackedBytes = 256 * 1024;
    const res = await t.post(`${R}/ImportReaders`, { fileUrl: up.url }, { lang: 'en' });
    expect(res.json.msg).toContain('it may be a zip bomb');
    expect(await readers('LIAR')).toEqual([]);
  });

  it('refuses a file over the row limit before writing any row', async () => {
    sheetLimits.maxRows = 5;
    const data = await sheet(Array.from({ length: 7 }, (_, i) => [`CAP${i}`, `超限${i}`, '学生']));
    const up = await storeUpload(t.app, t.schoolId, 'cap.xlsx', data);
    const start = await t.post(`${R}/ImportReaders`, { fileUrl: up.url }, { lang: 'en' });
    expect(start.json.code).toBe(0);
    const v = await until(start.json.data.DataID, (j) => j.State >= 2);
    expect(v.State).toBe(3);
    expect(v.Error).toBe(
      'The file has more than 5 rows, the limit; it was refused and nothing was imported. Split it into several files',
    );
    expect(await readers('CAP')).toEqual([]);
  });

  it('after a crash mid-import, the progress and the result file say exactly which rows were written', async () => {
    const n = 400;
    const data = await sheet(
      Array.from({ length: n }, (_, i) => [`CRASH${String(i).padStart(3, '0')}`, `崩${i}`, '学生']),
    );
    const up = await storeUpload(t.app, t.schoolId, 'crash.xlsx', data);
    const other = await buildApp({ config: t.app.config, database: t.database });
    await other.ready();
    const start = await other.inject({
      method: 'POST',
      url: `${R}/ImportReaders`,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId), 'accept-language': 'en' },
      payload: { fileUrl: up.url },
    });
    const id = start.json().data.DataID as number;
    await until(id, (j) => j.Progress >= 20);
    simulateCrash(other); // as if killed: the step under way finishes, nothing more is written
    await sleep(300);
    const dir = path.join(t.app.config.dataDir, 'files', 'jobs', String(t.schoolId), String(id));
    // A step that journaled its lines but died before its commit: those lines must not count.
    fs.appendFileSync(
      path.join(dir, 'journal.jsonl'),
      `${JSON.stringify({ rowNo: 999, account: 'GHOST', name: '', result: 'Imported' })}\n`,
    );
    await ageHeartbeats(t.db, [id]);
    await tick(t.app);
    const v = await state(id);
    expect(v.State).toBe(3);
    expect(v.Error).toBe('interrupted by a restart');
    const written = await readers('CRASH');
    expect(written.length).toBe(v.Progress);
    expect(v.Progress).toBeGreaterThan(0);
    expect(v.Progress).toBeLessThan(n);
    const rows = await resultRows(v.ResultFile);
    const listed = rows.slice(1, -1);
    expect(listed.map((r) => r[1])).toEqual(written);
    expect(listed.every((r) => r[3] === 'Imported')).toBe(true);
    expect(rows.at(-1)?.[3]).toBe(
      `Interrupted by a restart: the ${v.Progress} rows above were processed and saved; the rows after them were not`,
    );
    await other.close();
  });

  it('a task that had committed every row before the restart is finished, not interrupted', async () => {
    const lines = [
      { rowNo: 2, account: 'DONE1', name: '甲', result: 'Imported' },
      { rowNo: 3, account: 'DONE2', name: '乙', result: 'Imported' },
    ];
    const r: any = await t.db.execute(
      sql`insert into job (school_id, user_id, operation_type, file_name, data_count, progress, params, state, owner,
            started_at, heartbeat)
          values (${t.schoolId}, ${t.adminId}, 'import.reader', 'readers.xlsx', 2, 2, ${JSON.stringify({ lang: 'en' })}::jsonb,
            1, 'gone-process', now(), now() - interval '1 hour') returning id`,
    );
    const id = (r.rows ?? r)[0].id as number;
    const dir = path.join(t.app.config.dataDir, 'files', 'jobs', String(t.schoolId), String(id));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'journal.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    await tick(t.app);
    const v = await state(id);
    expect(v).toMatchObject({ State: 2, Error: null, Progress: 2 });
    const rows = await resultRows(v.ResultFile);
    expect(rows.slice(1).map((x) => x[1])).toEqual(['DONE1', 'DONE2']);
  });
});
