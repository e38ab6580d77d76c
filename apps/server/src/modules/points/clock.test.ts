import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { addDays, dateIn } from '../circulation/rules.service.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { school } from '../school/school.table.ts';
import { appUser } from '../auth/user.table.ts';
import { readingClock } from './clock.table.ts';
import { pointEntry } from './points.table.ts';

/** Daily reading clock-in: streaks over days in the school's time zone, points, the teachers' view. */
const t = useTestApp();
let scope: Scope;
const O = `${P}/Opac`;
const A = `${P}/Points`;

const student = async (classId?: number) => {
  const u = await buildUser(t.db, t.schoolId, { identity: 'student' });
  if (classId) await t.db.update(appUser).set({ classId }).where(eq(appUser.id, u.id));
  return u;
};
/** Clock-ins on the `n` days before `today` (as if made then). */
const pastDays = async (userId: number, today: string, n: number) => {
  for (let i = 1; i <= n; i++)
    await t.db
      .insert(readingClock)
      .values(scope.values({ userId, day: addDays(today, -i), minutes: 20, title: 'Old' }));
};
const entries = async (userId: number) =>
  (await t.db.select().from(pointEntry).where(eq(pointEntry.userId, userId))).map((e) => [e.event, e.points]);

beforeAll(async () => {
  scope = new Scope(t.schoolId);
  await t.post(`${A}/SaveRule`, { event: 'clock_in', points: 1, enabled: true, dailyCap: 1, termCap: 0 });
  await t.post(`${A}/SaveRule`, { event: 'clock_in_streak', points: 5, enabled: true, dailyCap: 0, termCap: 0 });
});

describe('reading clock-in', () => {
  it("counts the day in the school's time zone and earns clock_in once a day", async () => {
    // UTC+14: the school's date is always ahead of UTC's by at least ten hours.
    await t.db.update(school).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(school.id, t.schoolId));
    const s = await student();
    const first = await t.post(`${O}/ClockIn`, { title: 'Charlotte’s Web', minutes: 25 }, { token: s.token });
    expect(first.json.data).toMatchObject({
      day: dateIn(new Date(), 'Pacific/Kiritimati'),
      minutesToday: 25,
      streak: 1,
      points: 1,
    });
    const second = await t.post(`${O}/ClockIn`, { title: 'Charlotte’s Web', minutes: 15 }, { token: s.token });
    expect(second.json.data).toMatchObject({ minutesToday: 40, streak: 1, points: 0 });
    expect(await entries(s.id)).toEqual([['clock_in', 1]]);
    await t.db.update(school).set({ timeZone: 'Asia/Shanghai' }).where(eq(school.id, t.schoolId));
  });

  it('a seventh consecutive day earns the streak; a gap starts again', async () => {
    const s = await student();
    const today = dateIn(new Date(), 'Asia/Shanghai');
    await pastDays(s.id, today, 6);
    const r = await t.post(`${O}/ClockIn`, { title: 'Diary', minutes: 30 }, { token: s.token });
    expect(r.json.data).toMatchObject({ streak: 7, points: 6 });
    expect(await entries(s.id)).toEqual([
      ['clock_in', 1],
      ['clock_in_streak', 5],
    ]);
    const gap = await student();
    await t.db
      .insert(readingClock)
      .values([
        scope.values({ userId: gap.id, day: addDays(today, -1), minutes: 10, title: 'x' }),
        scope.values({ userId: gap.id, day: addDays(today, -3), minutes: 10, title: 'x' }),
      ]);
    const mine = await t.post(`${O}/MyClockIns`, {}, { token: gap.token });
    expect(mine.json.data).toMatchObject({ streak: 1, minutesToday: 0, minutesWeek: 20 });
  });

  it('refuses bad input and more than the day allows, writing nothing', async () => {
    const s = await student();
    const none = await t.post(`${O}/ClockIn`, { minutes: 10 }, { token: s.token, lang: 'zh' });
    expect(none.json.issues).toEqual([{ path: 'title', message: '请填写读了什么' }]);
    const long = await t.post(`${O}/ClockIn`, { title: 'x', minutes: 241 }, { token: s.token });
    expect(long.json.issues).toEqual([{ path: 'minutes', message: 'Reading time is 1 to 240 minutes' }]);
    for (let i = 0; i < 2; i++) await t.post(`${O}/ClockIn`, { title: 'x', minutes: 240 }, { token: s.token });
    const full = await t.post(`${O}/ClockIn`, { title: 'x', minutes: 121 }, { token: s.token });
    expect(full.json.errorCode).toBe('TOO_MANY_MINUTES');
    const mine = await t.post(`${O}/MyClockIns`, {}, { token: s.token });
    expect(mine.json.data.minutesToday).toBe(480);
  });

  it("shows a teacher the class: who clocked in today, streak, the week's minutes; exports it", async () => {
    const [g] = await t.db
      .insert(grade)
      .values(scope.values({ name: 'Grade 5' }))
      .returning();
    const [c] = await t.db
      .insert(schoolClass)
      .values(scope.values({ gradeId: g!.id, name: '5-1' }))
      .returning();
    const a = await student(c!.id);
    const b = await student(c!.id);
    const today = dateIn(new Date(), 'Asia/Shanghai');
    await pastDays(a.id, today, 2);
    await t.post(`${O}/ClockIn`, { title: 'Fables', minutes: 30 }, { token: a.token });
    const view = await t.post(`${P}/ReadingClock/GetList`, { classId: c!.id });
    expect(view.json.data.day).toBe(today);
    expect(view.json.data.List.map((r: any) => [r.account, r.minutesDay, r.streak, r.minutesWeek, r.daysWeek])).toEqual(
      [
        [a.account, 30, 3, 70, 3],
        [b.account, 0, 0, 0, 0],
      ],
    );
    const clocked = await t.post(`${P}/ReadingClock/GetList`, { gradeId: g!.id, onlyClocked: true });
    expect(clocked.json.data.Total).toBe(1);
    const ex = await t.post(`${P}/ReadingClock/Export`, { classId: c!.id });
    expect(ex.json.data.FileName).toMatch(/\.xlsx$/);
    // A student cannot see the class view.
    expect((await t.post(`${P}/ReadingClock/GetList`, { classId: c!.id }, { token: a.token })).status).toBe(403);
  });

  it("shows the reader their points, class rank and classmates' masked names", async () => {
    const [g] = await t.db
      .insert(grade)
      .values(scope.values({ name: 'Grade 6' }))
      .returning();
    const [c] = await t.db
      .insert(schoolClass)
      .values(scope.values({ gradeId: g!.id, name: '6-1' }))
      .returning();
    const me = await student(c!.id);
    const mate = await student(c!.id);
    await t.db.update(appUser).set({ name: '王小明' }).where(eq(appUser.id, mate.id));
    await t.post(`${A}/Adjust`, { userId: mate.id, points: 9, reason: 'Helper' });
    await t.post(`${A}/Adjust`, { userId: me.id, points: 4, reason: 'Helper' });
    const r = await t.post(`${O}/MyPoints`, {}, { token: me.token });
    expect(r.json.data).toMatchObject({ balance: 4, classRank: 2, classSize: 2, className: '6-1' });
    expect(r.json.data.classTop.map((x: any) => [x.name, x.balance, x.me])).toEqual([
      ['王*明', 9, false],
      [`User ${me.account}`, 4, true],
    ]);
    const mine = await t.post(`${O}/MyPointEntries`, { Page: 1, Rows: 10 }, { token: me.token });
    expect(mine.json.data.List).toMatchObject([{ event: 'manual', points: 4, note: 'Helper' }]);
  });
});
