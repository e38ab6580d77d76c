import ExcelJS from 'exceljs';
import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { errorLog, operationLog } from '../../platform/audit.table.ts';
import { buildSchool, buildUser, taskDone, useTestApp } from '../../test/helper.ts';
import { loginLog } from '../auth/login-log.table.ts';
import { sip2Log } from './sip2-log.table.ts';

const t = useTestApp();
const L = `${P}/Log`;

describe('log screens', () => {
  it('operation log: filters, paging, school isolation, read-only', async () => {
    const other = await buildSchool(t.db);
    const base = { path: `${P}/Basic/AddBranch`, detail: { id: 1 } };
    await t.db.insert(operationLog).values([
      {
        ...base,
        schoolId: t.schoolId,
        account: 'li',
        userName: '李老师',
        action: 'branch.add',
        createdAt: new Date('2026-01-05T02:00:00Z'),
      },
      {
        ...base,
        schoolId: t.schoolId,
        account: 'wang',
        userName: '王老师',
        action: 'branch.delete',
        createdAt: new Date('2026-01-06T02:00:00Z'),
      },
      {
        ...base,
        schoolId: t.schoolId,
        account: 'li',
        userName: '李老师',
        action: 'reader.add',
        createdAt: new Date('2026-01-07T02:00:00Z'),
      },
      {
        ...base,
        schoolId: other,
        account: 'li',
        userName: 'other',
        action: 'branch.add',
        createdAt: new Date('2026-01-05T03:00:00Z'),
      },
    ]);
    const q = (body: object) => t.post(`${L}/GetOperationLogList`, { StartTime: '2026-01-01T00:00:00Z', ...body });
    expect((await q({})).json.data.Total).toBe(3);
    expect((await q({ Account: 'li' })).json.data.List.map((r: any) => r.action)).toEqual(['reader.add', 'branch.add']);
    expect((await q({ Action: 'branch.' })).json.data.Total).toBe(2);
    expect((await q({ SearchKey: '王老师' })).json.data.List[0].account).toBe('wang');
    const range = await q({ StartTime: '2026-01-06T00:00:00Z', EndTime: '2026-01-07T00:00:00Z' });
    expect(range.json.data.List.map((r: any) => r.action)).toEqual(['branch.delete']);
    const page2 = await q({ Page: 2, Rows: 2 });
    expect(page2.json.data.List.map((r: any) => r.action)).toEqual(['branch.add']);
    expect(page2.json.data.Total).toBe(3);
    const bad = await q({ StartTime: 'yesterday' });
    expect(bad.json.errorCode).toBe('VALIDATION');
    expect(bad.json.issues[0].path).toBe('StartTime');
    // read-only: no add/update/delete routes
    expect((await t.post(`${L}/DeleteOperationLog`, { ids: [1] })).status).toBe(404);
  });

  it('needs the screen permission', async () => {
    const clerk = await buildUser(t.db, t.schoolId, { permissions: ['sys.log.login'] });
    expect((await t.post(`${L}/GetOperationLogList`, {}, { token: clerk.token })).status).toBe(403);
    expect((await t.post(`${L}/GetLoginLogList`, {}, { token: clerk.token })).json.code).toBe(0);
    expect((await t.post(`${L}/ExportLoginLog`, {}, { token: clerk.token })).status).toBe(403);
  });

  it('login, error and SIP2 logs filter by their own fields', async () => {
    await t.db.insert(loginLog).values([
      { schoolId: t.schoolId, account: 'zhang', success: true },
      { schoolId: t.schoolId, account: 'zhang', success: false, reason: 'BAD_PASSWORD' },
    ]);
    const failed = await t.post(`${L}/GetLoginLogList`, { Success: false, Account: 'zhang' });
    expect(failed.json.data.List.map((r: any) => r.reason)).toEqual(['BAD_PASSWORD']);
    await t.db
      .insert(errorLog)
      .values({ schoolId: t.schoolId, requestId: 'r-1', method: 'POST', path: '/x', message: 'boom' });
    const errs = await t.post(`${L}/GetErrorLogList`, { SearchKey: 'r-1' });
    expect(errs.json.data.List[0]).toMatchObject({ message: 'boom', method: 'POST' });
    expect((await t.post(`${L}/GetSip2LogList`, {})).json.data).toEqual({ List: [], Total: 0 });
    await t.db.insert(sip2Log).values([
      { schoolId: t.schoolId, command: '11', request: '11YN2026...', success: true },
      { schoolId: t.schoolId, command: '09', request: '09N2026...', success: false },
    ]);
    const checkins = await t.post(`${L}/GetSip2LogList`, { Action: '09' });
    expect(checkins.json.data.List.map((r: any) => r.success)).toEqual([false]);
  });

  it('exports the filtered list to xlsx as a background task', async () => {
    const r = await t.post(`${L}/ExportLoginLog`, { Account: 'zhang' }, { lang: 'zh' });
    expect(r.json.code).toBe(0);
    const id = r.json.data.DataID;
    const v = await taskDone(t, id);
    expect(v).toMatchObject({ State: 2, DataCount: 2 });
    expect(v.FileName).toMatch(/^登录日志-\d{14}\.xlsx$/);
    const file = await t.inject({
      method: 'GET',
      url: v.ResultFile,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as any);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(2).value).toBe('账号');
    expect(ws.getRow(2).getCell(2).value).toBe('zhang');
    expect(ws.rowCount).toBe(3);
  });
});
