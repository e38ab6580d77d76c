import { P } from '@shuyuan/contracts/common/paths';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { serialFixture } from './arrival.test-fixtures.ts';
import { serialIssue } from './serials.table.ts';

const t = useTestApp();
const M = `${P}/Serials/Magazine`;

const late = async (query: Record<string, unknown>, opts = {}) => {
  const res = await t.post(`${M}/GetLateIssues`, query, opts);
  expect(res.json.success, JSON.stringify(res.json)).toBe(true);
  return res.json.data.List as any[];
};

describe('late and missing issues', () => {
  it('lists issues not arrived once the expected date plus the grace days has passed', async () => {
    const f = await serialFixture(t.db, t.schoolId);
    await t.post(`${M}/CheckIn`, { issueId: f.issues[1], copies: 1 });
    // Issues 1–3 were due 90, 60 and 30 days ago (1 arrived); 4 is due today, 5–6 later.
    const list = await late({ titleId: f.titleId });
    expect(list.map((i) => i.issueNo)).toEqual([2, 3]);
    expect(list[0]).toMatchObject({ state: 'expected', late: true, claimCount: 0, supplier: '邮局' });
    expect((await late({ titleId: f.titleId, graceDays: 45 })).map((i) => i.issueNo)).toEqual([2]);
    expect((await late({ titleId: f.titleId, graceDays: 0 })).map((i) => i.issueNo)).toEqual([2, 3]);
  });

  it('claims issues (claimed now, counted) and the claimed issue can still arrive', async () => {
    const f = await serialFixture(t.db, t.schoolId);
    const first = await t.post(`${M}/ClaimIssues`, { issueIds: [f.issues[2]] });
    expect(first.json.data.count).toBe(1);
    await t.post(`${M}/ClaimIssues`, { issueIds: [f.issues[2], f.issues[3]] });
    const [i2] = await t.db.select().from(serialIssue).where(eq(serialIssue.id, f.issues[2]));
    expect(i2).toMatchObject({ state: 'claimed', claimCount: 2 });
    expect(i2.claimedAt).toBeInstanceOf(Date);
    expect((await late({ titleId: f.titleId, state: 'claimed' })).map((i) => i.issueNo)).toEqual([2, 3]);
    expect((await late({ titleId: f.titleId, state: 'late' })).map((i) => i.issueNo)).toEqual([1]);

    const arrived = await t.post(`${M}/CheckIn`, { issueId: f.issues[2], copies: 1 });
    expect(arrived.json.data.issue.state).toBe('arrived');
    const refused = await t.post(`${M}/ClaimIssues`, { issueIds: [f.issues[2]] });
    expect(refused.json).toMatchObject({ success: false, errorCode: 'SERIAL_ISSUE_ARRIVED' });
    expect(refused.json.msg).toContain('cannot be claimed');
  });

  it('marks issues missing; they stay on the list as missing', async () => {
    const f = await serialFixture(t.db, t.schoolId);
    await t.post(`${M}/MarkMissing`, { issueIds: [f.issues[1]] });
    const list = await late({ titleId: f.titleId, state: 'missing' });
    expect(list.map((i) => [i.issueNo, i.state])).toEqual([[1, 'missing']]);
  });

  it('exports the claim list as a workbook to send to the supplier', async () => {
    const f = await serialFixture(t.db, t.schoolId);
    await t.post(`${M}/ClaimIssues`, { issueIds: [f.issues[3]] });
    const res = await t.inject({
      method: 'POST',
      url: `${M}/ExportClaims`,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId), 'accept-language': 'zh' },
      payload: { titleId: f.titleId },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]).toContain('邮发代号');
    expect(rows).toHaveLength(4);
    const claimed = rows.find((r) => r.includes(`${f.year}年第3期 (总第103期)`));
    expect(claimed).toContain('已催缺');
    expect(claimed).toContain('邮局');
  });

  it('claims need the edit permission, and only in the own school', async () => {
    const f = await serialFixture(t.db, t.schoolId);
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['magazine'] });
    expect((await late({ titleId: f.titleId }, { token: viewer.token })).length).toBe(3);
    expect((await t.post(`${M}/ClaimIssues`, { issueIds: [f.issues[1]] }, { token: viewer.token })).status).toBe(403);
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['magazine', 'magazine:edit'] });
    const opts = { token: admin.token, schoolId: other };
    expect(await late({}, opts)).toEqual([]);
    expect((await t.post(`${M}/ClaimIssues`, { issueIds: [f.issues[1]] }, opts)).json.errorCode).toBe('NOT_FOUND');
  });
});
