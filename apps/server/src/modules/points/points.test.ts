import { P } from '@shuyuan/contracts/common/paths';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { makeReader } from '../circulation/test-fixtures.ts';
import { term } from '../org/term.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { awardPoints } from './award.ts';
import { pointBalance, pointEntry } from './points.table.ts';

const t = useTestApp();
let scope: Scope;
const A = `${P}/Points`;

const saveRule = async (event: string, points: number, caps: { dailyCap?: number; termCap?: number } = {}) => {
  const r = await t.post(`${A}/SaveRule`, { event, points, enabled: true, dailyCap: 0, termCap: 0, ...caps });
  expect(r.json.success).toBe(true);
};
const balanceOf = async (userId: number) =>
  (await t.db.select().from(pointBalance).where(eq(pointBalance.userId, userId)))[0]?.balance ?? 0;
const ledgerSum = async (userId: number) =>
  (
    await t.db
      .select({ s: sql<number>`coalesce(sum(${pointEntry.points}), 0)::int` })
      .from(pointEntry)
      .where(eq(pointEntry.userId, userId))
  )[0]!.s;

beforeAll(() => {
  scope = new Scope(t.schoolId);
});

describe('point rules', () => {
  it('lists every event with the defaults a new school starts with, and saves a rule', async () => {
    const before = await t.post(`${A}/GetRuleList`, {});
    const onTime = before.json.data.find((r: any) => r.event === 'return_on_time');
    expect(onTime).toMatchObject({ points: 2, enabled: true, updatedAt: null });
    expect(before.json.data.find((r: any) => r.event === 'loss')).toMatchObject({ enabled: false });
    await saveRule('return_on_time', 3, { dailyCap: 6 });
    const after = await t.post(`${A}/GetRuleList`, {});
    expect(after.json.data.find((r: any) => r.event === 'return_on_time')).toMatchObject({
      points: 3,
      dailyCap: 6,
      enabled: true,
    });
  });

  it('refuses a bad rule with a message in the caller language', async () => {
    const zh = await t.post(`${A}/SaveRule`, { event: 'clock_in', points: 1.5, enabled: true }, { lang: 'zh' });
    expect(zh.json.issues).toEqual([{ path: 'points', message: '积分须为非零整数' }]);
    const en = await t.post(`${A}/SaveRule`, { event: 'manual', points: 1, enabled: true, dailyCap: -1 });
    expect(en.json.issues.map((i: any) => i.path).sort()).toEqual(['dailyCap', 'event']);
  });

  it('needs integral-rules:edit to save', async () => {
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['integral-rules'] });
    const r = await t.post(`${A}/SaveRule`, { event: 'clock_in', points: 1, enabled: true }, { token: viewer.token });
    expect(r.status).toBe(403);
    expect((await t.post(`${A}/GetRuleList`, {}, { token: viewer.token })).json.success).toBe(true);
  });
});

describe('awardPoints', () => {
  it('credits an enabled rule once per ref, nothing when the rule is off', async () => {
    await saveRule('donation', 4);
    const r = await makeReader(t.db, scope);
    expect(await awardPoints(t.db, scope, { userId: r.id, event: 'donation', refType: 'donation', refId: 1 })).toBe(4);
    expect(await awardPoints(t.db, scope, { userId: r.id, event: 'donation', refType: 'donation', refId: 1 })).toBe(0);
    expect(await awardPoints(t.db, scope, { userId: r.id, event: 'donation', refType: 'donation', refId: 2 })).toBe(4);
    await t.post(`${A}/SaveRule`, { event: 'donation', points: 4, enabled: false });
    expect(await awardPoints(t.db, scope, { userId: r.id, event: 'donation', refType: 'donation', refId: 3 })).toBe(0);
    expect(await balanceOf(r.id)).toBe(8);
    expect(await ledgerSum(r.id)).toBe(8);
  });

  it('multiplies per-unit rules and stops at the daily cap, counting a day in the school time zone', async () => {
    await saveRule('volunteer_hours', 2, { dailyCap: 10 });
    const r = await makeReader(t.db, scope);
    // 2026-03-01 23:30 in Shanghai is 15:30 UTC; 16:30 UTC is the next day there.
    const day1 = new Date('2026-03-01T15:30:00Z');
    const day2 = new Date('2026-03-01T16:30:00Z');
    const award = (refId: number, units: number, at: Date) =>
      awardPoints(t.db, scope, { userId: r.id, event: 'volunteer_hours', refType: 'duty', refId, units, at });
    expect(await award(1, 3, day1)).toBe(6);
    expect(await award(2, 3, day1)).toBe(4); // capped: 10 a day
    expect(await award(3, 1, day1)).toBe(0);
    expect(await award(4, 1, day2)).toBe(2);
    const days = await t.db.select({ day: pointEntry.day }).from(pointEntry).where(eq(pointEntry.userId, r.id));
    expect(days.map((d) => d.day).sort()).toEqual(['2026-03-01', '2026-03-01', '2026-03-02']);
  });

  it('stops at the per-term cap of the term the day falls in', async () => {
    await t.db
      .insert(term)
      .values([
        scope.values({ name: 'Spring 2025', startDate: '2025-02-15', endDate: '2025-07-10' }),
        scope.values({ name: 'Autumn 2025', startDate: '2025-09-01', endDate: '2026-01-20' }),
      ]);
    await saveRule('activity_award', 10, { termCap: 25 });
    const r = await makeReader(t.db, scope);
    const award = (refId: number, at: string) =>
      awardPoints(t.db, scope, { userId: r.id, event: 'activity_award', refType: 'a', refId, at: new Date(at) });
    expect(await award(1, '2025-03-01T04:00:00Z')).toBe(10);
    expect(await award(2, '2025-04-01T04:00:00Z')).toBe(10);
    expect(await award(3, '2025-05-01T04:00:00Z')).toBe(5);
    expect(await award(4, '2025-06-01T04:00:00Z')).toBe(0);
    expect(await award(5, '2025-10-01T04:00:00Z')).toBe(10); // a new term
    expect(await balanceOf(r.id)).toBe(35);
  });

  it('deducts no more than the reader has', async () => {
    await saveRule('overdue_return', -5);
    await saveRule('share_approved', 3);
    const r = await makeReader(t.db, scope);
    await awardPoints(t.db, scope, { userId: r.id, event: 'share_approved', refType: 's', refId: 1 });
    expect(await awardPoints(t.db, scope, { userId: r.id, event: 'overdue_return', refType: 'loan', refId: 9 })).toBe(
      -3,
    );
    expect(await balanceOf(r.id)).toBe(0);
    expect(await awardPoints(t.db, scope, { userId: r.id, event: 'overdue_return', refType: 'loan', refId: 10 })).toBe(
      0,
    );
  });
});

describe('concurrency', () => {
  it('20 parallel awards to one reader: balance is the ledger sum, the daily cap holds', async () => {
    await saveRule('review_approved', 3, { dailyCap: 30 });
    await saveRule('clock_in_streak', 2);
    const r = await makeReader(t.db, scope);
    const got = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        awardPoints(t.db, scope, {
          userId: r.id,
          event: i % 2 ? 'review_approved' : 'clock_in_streak',
          refType: 'p',
          refId: i,
        }),
      ),
    );
    // 10 uncapped streak awards of 2 = 20; 10 reviews of 3 capped at 30 = 30.
    expect(got.reduce((a, b) => a + b, 0)).toBe(50);
    expect(await balanceOf(r.id)).toBe(50);
    expect(await ledgerSum(r.id)).toBe(50);
  });

  it('20 parallel awards under a tight cap never exceed it', async () => {
    await saveRule('activity_submission', 3, { dailyCap: 10 });
    const r = await makeReader(t.db, scope);
    const got = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        awardPoints(t.db, scope, { userId: r.id, event: 'activity_submission', refType: 'sub', refId: i }),
      ),
    );
    expect(got.reduce((a, b) => a + b, 0)).toBe(10);
    expect(await balanceOf(r.id)).toBe(10);
    expect(await ledgerSum(r.id)).toBe(10);
    // The same ref twice at once still credits once.
    await saveRule('donation', 4);
    const twice = await Promise.all(
      [1, 2].map(() => awardPoints(t.db, scope, { userId: r.id, event: 'donation', refType: 'd', refId: 'x' })),
    );
    expect(twice.sort()).toEqual([0, 4]);
  });

  it('parallel manual adjustments and awards keep balance == sum of entries', async () => {
    await saveRule('clock_in', 1);
    const r = await makeReader(t.db, scope);
    await Promise.all([
      ...Array.from({ length: 10 }, () => t.post(`${A}/Adjust`, { userId: r.id, points: 5, reason: 'class helper' })),
      ...Array.from({ length: 10 }, (_, i) =>
        awardPoints(t.db, scope, { userId: r.id, event: 'clock_in', refType: 'day', refId: `2026-01-${10 + i}` }),
      ),
    ]);
    expect(await balanceOf(r.id)).toBe(await ledgerSum(r.id));
    expect(await balanceOf(r.id)).toBe(60);
  });
});

describe('manual adjustment, balances and records', () => {
  it('requires a reason, refuses to go below zero, and lists the entry with its operator', async () => {
    const r = await makeReader(t.db, scope, { name: '王小明' });
    const noReason = await t.post(`${A}/Adjust`, { userId: r.id, points: 5, reason: '' }, { lang: 'zh' });
    expect(noReason.json.issues).toEqual([{ path: 'reason', message: '请填写调整原因' }]);
    const ok = await t.post(`${A}/Adjust`, { userId: r.id, points: 7, reason: 'Reading month helper' });
    expect(ok.json.data).toEqual({ balance: 7 });
    const tooMuch = await t.post(`${A}/Adjust`, { userId: r.id, points: -8, reason: 'Correction' });
    expect(tooMuch.json.errorCode).toBe('NOT_ENOUGH_POINTS');
    expect(tooMuch.json.msg).toContain('7');
    expect(await balanceOf(r.id)).toBe(7);
    const recs = await t.post(`${A}/GetRecordList`, { userId: r.id });
    expect(recs.json.data.Total).toBe(1);
    expect(recs.json.data.List[0]).toMatchObject({ event: 'manual', points: 7, note: 'Reading month helper' });
    expect(recs.json.data.List[0].operatorName).toBeTruthy();
    const byEvent = await t.post(`${A}/GetRecordList`, { userId: r.id, event: 'clock_in' });
    expect(byEvent.json.data.Total).toBe(0);
  });

  it('ranks readers by balance within their class and grade', async () => {
    const [g] = await t.db
      .insert(grade)
      .values(scope.values({ name: 'Grade 3' }))
      .returning();
    const [c1, c2] = await t.db
      .insert(schoolClass)
      .values([scope.values({ gradeId: g!.id, name: '3-1' }), scope.values({ gradeId: g!.id, name: '3-2' })])
      .returning();
    const a = await makeReader(t.db, scope, { classId: c1!.id });
    const b = await makeReader(t.db, scope, { classId: c1!.id });
    const c = await makeReader(t.db, scope, { classId: c2!.id });
    for (const [u, n] of [
      [a, 5],
      [b, 9],
      [c, 12],
    ] as const)
      await t.post(`${A}/Adjust`, { userId: u.id, points: n, reason: 'seed' });
    const list = await t.post(`${A}/GetBalanceList`, { gradeId: g!.id });
    expect(list.json.data.Total).toBe(3);
    expect(list.json.data.List.map((r: any) => [r.account, r.balance, r.classRank, r.gradeRank])).toEqual([
      [c.account, 12, 1, 1],
      [b.account, 9, 1, 2],
      [a.account, 5, 2, 3],
    ]);
    const cls = await t.post(`${A}/GetBalanceList`, { classId: c1!.id });
    expect(cls.json.data.List.map((r: any) => r.account)).toEqual([b.account, a.account]);
  });

  it('exports balances and records as background tasks, with the export permission only', async () => {
    const ex = await t.post(`${A}/ExportBalances`, {});
    expect(ex.json.data.DataID).toBeGreaterThan(0);
    const ex2 = await t.post(`${A}/ExportRecords`, { event: 'manual' });
    expect(ex2.json.data.FileName).toMatch(/\.xlsx$/);
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['integral-point', 'integral-record'] });
    expect((await t.post(`${A}/ExportBalances`, {}, { token: viewer.token })).status).toBe(403);
    expect((await t.post(`${A}/ExportRecords`, {}, { token: viewer.token })).status).toBe(403);
  });

  it('keeps schools apart', async () => {
    const other = await buildSchool(t.db);
    const r = await makeReader(t.db, new Scope(other));
    const adj = await t.post(`${A}/Adjust`, { userId: r.id, points: 5, reason: 'not mine' });
    expect(adj.json.errorCode).toBe('READER_NOT_FOUND');
  });
});
