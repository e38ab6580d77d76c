import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { P } from '@shuyuan/contracts/common/paths';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { storeUpload } from '../upload/upload.service.ts';

const R = `${P}/Readers`;
const t = useTestApp();

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('readers');
  ws.addRow(['读者条码', '姓名', '身份', '班级', '手机号码', '邮箱', '性别', '有效期至']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function finished(id: number) {
  for (let i = 0; i < 200; i++) {
    const v = (await t.post(`${P}/Config/GetProgress`, { DataID: id })).json.data;
    if (v.State >= 2) return v;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('job did not finish');
}

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
    expect(job.State).toBe(2);

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
      'Identity',
      'Class',
      'Phone',
      'E-mail',
      'Sex',
      'Valid until',
    ]);
  });
});
