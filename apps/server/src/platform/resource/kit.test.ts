import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { P } from '@shuyuan/contracts/common/paths';
import { role } from '../../modules/auth/role.table.ts';
import { buildSchool, buildUser, useTestApp, waitFor } from '../../test/helper.ts';
import { operationLog } from '../audit.table.ts';
import { filesRoot } from '../files/files.ts';
import { job } from '../jobs/job.table.ts';

// The kit's generic behaviour, exercised through a real resource: roles (P/Role/*, school-owned, unique name).
const R = `${P}/Role`;
const CODE = 'department.permission.role';

describe('resource kit (through roles)', () => {
  const t = useTestApp();

  const addRoles = async (names: string[], extra: Record<string, unknown> = {}) => {
    for (const name of names) {
      const r = await t.post(`${R}/AddRole`, { name, ...extra });
      expect(r.json.success, JSON.stringify(r.json)).toBe(true);
    }
  };

  it('pages with Page/Rows and reports the total; refuses out-of-bounds Page/Rows per field', async () => {
    await addRoles(['pg-01', 'pg-02', 'pg-03', 'pg-04', 'pg-05'], { sort: 5 });
    const p1 = await t.post(`${R}/GetRoleList`, { Page: 1, Rows: 2, SearchKey: 'pg-' });
    expect(p1.json.data.Total).toBe(5);
    expect(p1.json.data.List.map((r: any) => r.name)).toEqual(['pg-01', 'pg-02']);
    const p3 = await t.post(`${R}/GetRoleList`, { Page: 3, Rows: 2, SearchKey: 'pg-' });
    expect(p3.json.data.List.map((r: any) => r.name)).toEqual(['pg-05']);
    const beyond = await t.post(`${R}/GetRoleList`, { Page: 9, Rows: 2, SearchKey: 'pg-' });
    expect(beyond.json.data).toEqual({ List: [], Total: 5 });
    const bad = await t.post(`${R}/GetRoleList`, { Page: 0, Rows: 501 });
    expect(bad.json.errorCode).toBe('VALIDATION');
    expect(bad.json.issues.map((i: any) => i.path).sort()).toEqual(['Page', 'Rows']);
    const dflt = await t.post(`${R}/GetRoleList`, {});
    expect(dflt.json.data.List.length).toBe(Math.min(20, dflt.json.data.Total));
  });

  it('SearchKey matches literally (no wildcards) and filters combine with it', async () => {
    await addRoles(['50%_off', '500 off', 'x_y']);
    const pct = await t.post(`${R}/GetRoleList`, { SearchKey: '50%' });
    expect(pct.json.data.List.map((r: any) => r.name)).toEqual(['50%_off']);
    const us = await t.post(`${R}/GetRoleList`, { SearchKey: '_' });
    expect(us.json.data.List.map((r: any) => r.name).sort()).toEqual(['50%_off', 'x_y']);
    await addRoles(['filt-on']);
    await addRoles(['filt-off'], { state: 0 });
    const off = await t.post(`${R}/GetRoleList`, { SearchKey: 'filt', state: 0 });
    expect(off.json.data.List.map((r: any) => r.name)).toEqual(['filt-off']);
  });

  it('reports a duplicate as a field issue in the caller language', async () => {
    await addRoles(['dup-role']);
    const zh = await t.post(`${R}/AddRole`, { name: 'dup-role' }, { lang: 'zh' });
    expect(zh.json).toMatchObject({ success: false, errorCode: 'DUPLICATE' });
    expect(zh.json.issues).toEqual([{ path: 'name', message: '角色名称已存在' }]);
    const en = await t.post(`${R}/AddRole`, { name: 'dup-role' }, { lang: 'en' });
    expect(en.json.issues).toEqual([{ path: 'name', message: 'Role name already exists' }]);
    // Renaming another role onto the name clashes too; keeping one's own name does not.
    const list = await t.post(`${R}/GetRoleList`, { SearchKey: 'dup-role' });
    const id = list.json.data.List[0].id;
    const same = await t.post(`${R}/UpdateRole`, { id, name: 'dup-role', description: 'kept' });
    expect(same.json.success).toBe(true);
    expect(same.json.data.description).toBe('kept');
  });

  it('keeps schools apart: school B cannot read, update or delete school A rows by id', async () => {
    await addRoles(['mine-A']);
    const [a] = await t.db.select().from(role).where(eq(role.name, 'mine-A'));
    const other = await buildSchool(t.db);
    const b = await buildUser(t.db, other, { permissions: [CODE, `${CODE}:edit`, `${CODE}:delete`] });
    const opts = { token: b.token, schoolId: other };
    expect((await t.post(`${R}/GetRole`, { id: a.id }, opts)).json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${R}/UpdateRole`, { id: a.id, name: 'stolen' }, opts)).json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${R}/DeleteRole`, { ids: [a.id] }, opts)).json.errorCode).toBe('NOT_FOUND');
    const listB = await t.post(`${R}/GetRoleList`, { SearchKey: 'mine-A' }, opts);
    expect(listB.json.data.Total).toBe(0);
    const [still] = await t.db.select().from(role).where(eq(role.id, a.id));
    expect(still.name).toBe('mine-A');
    // B may not act in school A at all.
    const cross = await t.post(`${R}/GetRole`, { id: a.id }, { token: b.token, schoolId: t.schoolId });
    expect(cross.status).toBe(403);
  });

  it('needs <code>:delete to delete (403), and deletes many in one transaction', async () => {
    await addRoles(['del-1', 'del-2']);
    const viewer = await buildUser(t.db, t.schoolId, { permissions: [CODE] });
    const rows = (await t.post(`${R}/GetRoleList`, { SearchKey: 'del-' })).json.data.List;
    const ids = rows.map((r: any) => r.id);
    const denied = await t.post(`${R}/DeleteRole`, { ids }, { token: viewer.token });
    expect(denied.status).toBe(403);
    expect((await t.post(`${R}/GetRoleList`, { SearchKey: 'del-' }, { token: viewer.token })).json.data.Total).toBe(2);
    // One id that does not exist: nothing is deleted.
    const partial = await t.post(`${R}/DeleteRole`, { ids: [...ids, 999999] });
    expect(partial.json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${R}/GetRoleList`, { SearchKey: 'del-' })).json.data.Total).toBe(2);
    const ok = await t.post(`${R}/DeleteRole`, { ids });
    expect(ok.json.success).toBe(true);
    expect((await t.post(`${R}/GetRoleList`, { SearchKey: 'del-' })).json.data.Total).toBe(0);
    const logs = await t.db.select().from(operationLog).where(eq(operationLog.action, 'role.delete'));
    expect(logs.some((l) => JSON.stringify(l.detail).includes(String(ids[0])))).toBe(true);
  });

  it('exports the filtered list to an xlsx with headers in the caller language', async () => {
    await addRoles(['exp-a', 'exp-b', 'exp-c']);
    const r = await t.post(`${R}/ExportRole`, { SearchKey: 'exp-' }, { lang: 'zh' });
    expect(r.json.success, JSON.stringify(r.json)).toBe(true);
    const id = r.json.data.DataID;
    const row: typeof job.$inferSelect | undefined = await waitFor(
      async () => (await t.db.select().from(job).where(eq(job.id, id)))[0],
      (r) => r?.state >= 2,
      { what: (r) => `task ${id} did not end: ${JSON.stringify(r)}` },
    );
    expect(row?.state, row?.error ?? '').toBe(2);
    expect(row?.dataCount).toBe(3);
    expect(row?.progress).toBe(3);
    const file = path.isAbsolute(row!.resultFile!) ? row!.resultFile! : path.join(filesRoot(t.app), row!.resultFile!);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('角色名称');
    const names = [2, 3, 4].map((i) => ws.getRow(i).getCell(1).value).sort();
    expect(names).toEqual(['exp-a', 'exp-b', 'exp-c']);
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(2).getCell(4).value).toBe('启用');
  });
});
