import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { location } from '../basic/location.table.ts';
import { resourceType } from '../basic/branch.table.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';
import { permissionGroup } from '../org/organization.table.ts';
import { isInBorrowRange } from './borrow-range.service.ts';

const t = useTestApp();
const R = `${P}/CirculationRules`;
let scope: Scope;
let groupId: number;
let locA: number;
let locB: number;
let typeId: number;

async function makeLocation(code: string) {
  const [l] = await t.db
    .insert(location)
    .values(scope.values({ branchId: 1, name: `Loc ${code}`, code }))
    .returning();
  return l.id;
}

beforeAll(async () => {
  scope = new Scope(t.schoolId);
  const [g] = await t.db
    .insert(permissionGroup)
    .values(scope.values({ name: 'Grade 1 readers' }))
    .returning();
  groupId = g.id;
  locA = await makeLocation('RA');
  locB = await makeLocation('RB');
  const [rt] = await t.db
    .insert(resourceType)
    .values(scope.values({ name: 'Picture books', code: 'PB' }))
    .returning();
  typeId = rt.id;
});

describe('/borrow-permission loan rules', () => {
  it('adds a group rule, lists it with names, and the most specific rule wins in "test a rule"', async () => {
    const add = await t.post(`${R}/AddLoanRule`, {
      permissionGroupId: groupId,
      maxLoans: 2,
      loanDays: 14,
      renewDays: 7,
      maxRenewals: 0,
    });
    expect(add.json.success, JSON.stringify(add.json)).toBe(true);
    const list = await t.post(`${R}/GetLoanRuleList`, { Rows: 50 });
    const row = list.json.data.List.find((r: any) => r.permissionGroupId === groupId);
    expect(row).toMatchObject({ permissionGroupName: 'Grade 1 readers', maxLoans: 2, loanDays: 14 });

    const reader = await makeReader(t.db, scope, { permissionGroupId: groupId });
    const test = await t.post(`${R}/TestRule`, { readerBarcode: reader.account });
    expect(test.json.data.rule).toMatchObject({ id: row.id, maxLoans: 2 });
    expect(test.json.data.subject).toMatchObject({ identity: 'student', permissionGroupId: groupId });
    expect(test.json.data.inRange).toBe(true);
    // A student outside the group gets the built-in student rule.
    const other = await t.post(`${R}/TestRule`, { identity: 'student' });
    expect(other.json.data.rule).toMatchObject({ identity: 'student', maxLoans: 5 });
  });

  it('refuses a second rule with the same scope and values out of range, in the caller language', async () => {
    const dup = await t.post(`${R}/AddLoanRule`, {
      identity: 'teacher',
      maxLoans: 1,
      loanDays: 1,
      renewDays: 1,
      maxRenewals: 1,
    });
    expect(dup.json).toMatchObject({ success: false, errorCode: 'DUPLICATE' });
    expect(dup.json.issues[0].path).toBe('identity');
    const bad = await t.post(
      `${R}/AddLoanRule`,
      { identity: 'other', maxLoans: -1, loanDays: 0, renewDays: 1, maxRenewals: 1 },
      { lang: 'zh' },
    );
    expect(bad.json.success).toBe(false);
    const msgs = bad.json.issues.map((i: any) => i.message);
    expect(msgs).toContain('最大借阅量应为 0–999 的整数');
    expect(msgs).toContain('借阅天数应为 1–3650 的整数');
  });

  it('never deletes the catch-all rule', async () => {
    const list = await t.post(`${R}/GetLoanRuleList`, { Rows: 50 });
    const catchAll = list.json.data.List.find(
      (r: any) => !r.identity && !r.permissionGroupId && !r.resourceTypeId && !r.locationId,
    );
    const del = await t.post(`${R}/DeleteLoanRule`, { ids: [catchAll.id] });
    expect(del.json).toMatchObject({ success: false, errorCode: 'IN_USE' });
  });

  it('shows and saves the overdue mode and combined permission', async () => {
    const save = await t.post(`${R}/SaveRuleSettings`, { overdueMode: 'single', combinedLimit: false });
    expect(save.json.success, JSON.stringify(save.json)).toBe(true);
    const got = await t.post(`${R}/GetRuleSettings`, {});
    expect(got.json.data).toEqual({ overdueMode: 'single', combinedLimit: false });
    const bad = await t.post(`${R}/SaveRuleSettings`, { overdueMode: 'never', combinedLimit: true });
    expect(bad.json.success).toBe(false);
    await t.post(`${R}/SaveRuleSettings`, { overdueMode: 'unified-lendable', combinedLimit: true });
  });

  it('needs the screen permission to read and :edit to change; another school sees none of our rules', async () => {
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['borrow-permission'] });
    expect((await t.post(`${R}/GetLoanRuleList`, {}, { token: viewer.token })).json.success).toBe(true);
    const edit = await t.post(
      `${R}/SaveRuleSettings`,
      { overdueMode: 'single', combinedLimit: true },
      { token: viewer.token },
    );
    expect(edit.status).toBe(403);
    const nobody = await buildUser(t.db, t.schoolId, { permissions: [] });
    expect((await t.post(`${R}/GetLoanRuleList`, {}, { token: nobody.token })).status).toBe(403);

    const other = await buildSchool(t.db);
    const admin2 = await buildUser(t.db, other, { permissions: ['*'] });
    const list2 = await t.post(`${R}/GetLoanRuleList`, { Rows: 50 }, { token: admin2.token, schoolId: other });
    expect(list2.json.data.List.some((r: any) => r.permissionGroupId === groupId)).toBe(false);
    const ours = await t.post(`${R}/GetLoanRuleList`, { Rows: 50 });
    const id = ours.json.data.List[0].id;
    const upd = await t.post(
      `${R}/UpdateLoanRule`,
      { id, maxLoans: 99, loanDays: 1, renewDays: 1, maxRenewals: 1 },
      { token: admin2.token, schoolId: other },
    );
    expect(upd.json.success).toBe(false);
  });
});

describe('school calendar', () => {
  it('marks weekends of a range and single days, lists them by year, opens a day again', async () => {
    const ch = await t.post(`${R}/ChangeClosedDays`, {
      from: '2031-03-01',
      to: '2031-03-31',
      weekdays: [0, 6],
      add: ['2031-04-04'],
    });
    expect(ch.json.data).toEqual({ added: 11, removed: 0 });
    await t.post(`${R}/ChangeClosedDays`, { remove: ['2031-03-01'] });
    const days = (await t.post(`${R}/GetClosedDays`, { year: 2031 })).json.data;
    expect(days).toHaveLength(10);
    expect(days).toContain('2031-03-02');
    expect(days).not.toContain('2031-03-01');
    const bad = await t.post(`${R}/ChangeClosedDays`, { from: '2031-05-01', to: '2031-04-01', weekdays: [0] });
    expect(bad.json.success).toBe(false);
  });
});

describe('/borrow-range-mana borrowing ranges', () => {
  it('limits a group to one location and type; the desk refuses a copy elsewhere with NOT_IN_RANGE', async () => {
    const add = await t.post(`${R}/AddBorrowRange`, {
      permissionGroupId: groupId,
      locationIds: [locA],
      resourceTypeIds: [],
      remark: 'Grade 1 borrows from the picture-book room only',
    });
    expect(add.json.success, JSON.stringify(add.json)).toBe(true);
    const list = await t.post(`${R}/GetBorrowRangeList`, {});
    expect(list.json.data.List[0]).toMatchObject({ permissionGroupName: 'Grade 1 readers', locationNames: ['Loc RA'] });

    const sub = { groupId, identity: 'student', resourceTypeId: null };
    expect(await isInBorrowRange(t.db, scope, { ...sub, locationId: locA })).toBe(true);
    expect(await isInBorrowRange(t.db, scope, { ...sub, locationId: locB })).toBe(false);
    expect(await isInBorrowRange(t.db, scope, { ...sub, locationId: null })).toBe(false);
    // Readers of other groups are not limited.
    expect(await isInBorrowRange(t.db, scope, { ...sub, groupId: null, locationId: locB })).toBe(true);

    const reader = await makeReader(t.db, scope, { permissionGroupId: groupId });
    const [inB] = await makeCopies(t.db, scope, 1, locB);
    const [inA] = await makeCopies(t.db, scope, 1, locA);
    const refused = await t.post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: reader.account, barcode: inB });
    expect(refused.json).toMatchObject({ success: false, errorCode: 'NOT_IN_RANGE' });
    const lent = await t.post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: reader.account, barcode: inA });
    expect(lent.json.success, JSON.stringify(lent.json)).toBe(true);
  });

  it('a more specific range wins; a type list refuses other types', async () => {
    await t.post(`${R}/AddBorrowRange`, { identity: 'teacher', resourceTypeIds: [typeId] });
    const sub = { groupId: null, identity: 'teacher', locationId: locB };
    expect(await isInBorrowRange(t.db, scope, { ...sub, resourceTypeId: typeId })).toBe(true);
    expect(await isInBorrowRange(t.db, scope, { ...sub, resourceTypeId: null })).toBe(false);
    const test = await t.post(`${R}/TestRule`, { identity: 'teacher', resourceTypeId: typeId, locationId: locB });
    expect(test.json.data).toMatchObject({ inRange: true, range: { resourceTypeNames: ['Picture books'] } });
  });

  it('reports unknown locations (also another school’s) on the field and refuses a duplicate scope', async () => {
    const other = await buildSchool(t.db);
    const [foreign] = await t.db
      .insert(location)
      .values({ schoolId: other, branchId: 1, name: 'Foreign', code: 'FX' })
      .returning();
    const bad = await t.post(`${R}/AddBorrowRange`, { identity: 'parent', locationIds: [foreign.id] });
    expect(bad.json.success).toBe(false);
    expect(bad.json.issues[0]).toMatchObject({ path: 'locationIds' });
    expect(bad.json.issues[0].message).toContain(String(foreign.id));
    const dup = await t.post(`${R}/AddBorrowRange`, { permissionGroupId: groupId, locationIds: [locB] });
    expect(dup.json).toMatchObject({ success: false, errorCode: 'DUPLICATE' });
  });
});
