import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { gateEvent } from '../gate/gate.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { addDays } from './period.ts';

const t = useTestApp();
const URL = `${P}/Charts/GetWallScreen`;

describe('the wall screen (/statistic)', () => {
  it("answers today's figures, the 30-day trend, this month's tops and the collection by class, counted by hand", async () => {
    const scope = new Scope(t.schoolId);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    // Noon of a day in Shanghai; yesterday may lie in last month: the month's tops count only this month.
    const noon = (day: string) => new Date(`${day}T12:00:00+08:00`);
    const [g] = await t.db
      .insert(grade)
      .values(scope.values({ name: '墙屏年级' }))
      .returning();
    const [c] = await t.db
      .insert(schoolClass)
      .values(scope.values({ gradeId: g.id, name: '墙屏2班' }))
      .returning();
    const [a, b] = await t.db
      .insert(appUser)
      .values([
        scope.values({ account: 'w1', name: '甲', identity: 'student', classId: c.id }),
        scope.values({ account: 'w2', name: '乙', identity: 'student', classId: c.id }),
      ])
      .returning();
    const [r1, r2] = await t.db
      .insert(catalogueRecord)
      .values([scope.values({ title: '城南旧事', classNo: 'I287' }), scope.values({ title: '昆虫记', classNo: 'Q96' })])
      .returning();
    const cs = await t.db
      .insert(copy)
      .values([
        scope.values({ recordId: r1.id, barcode: 'W1', storeType: 2 }),
        scope.values({ recordId: r1.id, barcode: 'W2', storeType: 2 }),
        scope.values({ recordId: r2.id, barcode: 'W3', storeType: 2 }),
        scope.values({ recordId: r2.id, barcode: 'W4', storeType: 3 }), // weeded: not held
      ])
      .returning();
    const lend = (i: number, user: number, at: Date, back: Date | null) =>
      scope.values({
        copyId: cs[i].id,
        recordId: i < 2 ? r1.id : r2.id,
        userId: user,
        borrowedAt: at,
        dueDate: '2099-01-01',
        returnedAt: back,
      });
    await t.db.insert(loan).values([
      lend(0, a.id, noon(today), null),
      lend(1, a.id, noon(today), noon(today)),
      lend(2, b.id, noon(today), null),
      lend(0, b.id, noon(addDays(today, -3)), noon(addDays(today, -1))),
      lend(2, a.id, noon(addDays(today, -40)), noon(addDays(today, -35))), // before the trend
    ]);
    await t.db
      .insert(gateEvent)
      .values([
        scope.values({ kind: 'in', at: noon(today), source: 'gate' }),
        scope.values({ kind: 'in', at: noon(today), source: 'card', userId: a.id }),
        scope.values({ kind: 'out', at: noon(today), source: 'gate' }),
        scope.values({ kind: 'alarm', at: noon(today), source: 'gate', copyId: cs[1].id }),
        scope.values({ kind: 'in', at: noon(addDays(today, -3)), source: 'gate' }),
      ]);

    const r = await t.post(URL, {}, { token: null, lang: 'zh' });
    expect(r.json.success, r.json.msg).toBe(true);
    const d = r.json.data;
    expect(d.today).toBe(today);
    expect(d).toMatchObject({ loansToday: 3, returnsToday: 1, visitsToday: 2, borrowersToday: 2, onLoan: 2 });
    expect(d.trend).toHaveLength(30);
    expect(d.trend.at(-1)).toEqual({ day: today, loans: 3, visits: 2 });
    expect(d.trend.at(-4)).toEqual({ day: addDays(today, -3), loans: 1, visits: 1 });
    expect(d.trend.reduce((n: number, x: any) => n + x.loans, 0)).toBe(4);
    const sameMonth = addDays(today, -3).slice(0, 7) === today.slice(0, 7);
    expect(d.titles[0]).toMatchObject({ rank: 1, name: '城南旧事', count: sameMonth ? 3 : 2 });
    expect(d.classes).toEqual([
      expect.objectContaining({ rank: 1, name: '墙屏2班', detail: '墙屏年级', count: sameMonth ? 4 : 3 }),
    ]);
    expect(d.collection).toEqual([
      { code: 'I', name: '文学', copies: 2 },
      { code: 'Q', name: '生物科学', copies: 1 },
    ]);
    expect(d.totals).toEqual({ titles: 2, copies: 3 });
    const en = await t.post(URL, {}, { token: null, lang: 'en' });
    expect(en.json.data.collection[0].name).toBe('Literature');
    // Another school's wall screen shows its own (empty) library.
    const other = await buildSchool(t.db);
    const theirs = await t.post(URL, {}, { token: null, schoolId: other });
    expect(theirs.json.data).toMatchObject({
      loansToday: 0,
      onLoan: 0,
      totals: { titles: 0, copies: 0 },
      collection: [],
    });
  });
});
