import { P } from '@shuyuan/contracts/common/paths';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { splitMonths } from './month-rollup.ts';
import { buildTestLibrary } from './test-library.ts';

const S = `${P}/Statistics`;
/** Half of February, March, the first days of April: whole March from the rollups, the edges from the loans. */
const SPAN = { period: 'custom', from: '2026-02-15', to: '2026-04-05' };

describe('a period as whole months and the days outside them', () => {
  it('splits at month boundaries', () => {
    expect(splitMonths({ from: '2026-02-15', to: '2026-04-05' })).toEqual({
      months: { from: '2026-03-01', to: '2026-03-01' },
      edges: [
        { from: '2026-02-15', to: '2026-02-28' },
        { from: '2026-04-01', to: '2026-04-05' },
      ],
    });
    expect(splitMonths({ from: '2026-01-01', to: '2026-12-31' })).toEqual({
      months: { from: '2026-01-01', to: '2026-12-01' },
      edges: [],
    });
    expect(splitMonths({ from: '2026-03-02', to: '2026-03-31' })).toEqual({
      months: null,
      edges: [{ from: '2026-03-02', to: '2026-03-31' }],
    });
    expect(splitMonths({ from: '2025-12-31', to: '2026-02-28' })).toEqual({
      months: { from: '2026-01-01', to: '2026-02-01' },
      edges: [{ from: '2025-12-31', to: '2025-12-31' }],
    });
  });
});

/**
 * Rankings, boards and the custom query with distinct borrowers over the hand-counted library (test-library.ts):
 * loans of 15 Feb – 5 Apr are all seven — 7 s1 R1 02-20, 1 s1 R1 03-02, 2 s1 R2 03-05 (renewed), 3 s2 R1 03-05,
 * 4 s4 R1 03-12, 5 t1 R3 03-31 23:30, 6 s6 R2 04-01 07:00 (Shanghai: 31 March 23:00 UTC is April).
 */
describe('figures read from the monthly rollups', () => {
  const t = useTestApp();
  let school: number;
  let token: string;
  let lib: Awaited<ReturnType<typeof buildTestLibrary>>;
  const post = (url: string, body: object) => t.post(`${S}/${url}`, body, { token, schoolId: school, lang: 'en' });
  const data = async (url: string, body: object) => {
    const r = await post(url, body);
    expect(r.json.success, JSON.stringify(r.json)).toBe(true);
    return r.json.data;
  };

  beforeAll(async () => {
    school = await buildSchool(t.db);
    token = (await buildUser(t.db, school, { permissions: ['*'] })).token;
    lib = await buildTestLibrary(t.db, school);
  });

  it('ranks titles, readers and classes (with distinct borrowers) over whole months and edge days', async () => {
    const titles = await data('CollLendRank', SPAN);
    expect(titles.List.map((r: any) => [r.rank, r.name, r.loans])).toEqual([
      [1, 'R1', 4],
      [2, 'R2', 2],
      [3, 'R3', 1],
    ]);
    // An item filter is answered by the rollup too: the copies at L2 (R2's).
    const atL2 = await data('CollLendRank', { ...SPAN, locationId: lib.l2.id });
    expect(atL2.List.map((r: any) => [r.name, r.loans])).toEqual([['R2', 2]]);
    const readers = await data('ClassUserRank', SPAN);
    expect(readers.List.map((r: any) => [r.rank, r.name, r.loans])).toEqual([
      [1, '王小明', 3],
      [2, 'Name s2', 1],
      [2, 'Name s4', 1],
      [2, 'Name s6', 1],
      [2, 'Name t1', 1],
    ]);
    const inC1 = await data('ClassUserRank', { ...SPAN, classId: lib.c1.id });
    expect(inC1.List.map((r: any) => [r.name, r.loans])).toEqual([
      ['王小明', 3],
      ['Name s2', 1],
    ]);
    const classes = await data('ClassLendRank', SPAN);
    expect(classes.List.map((r: any) => [r.name, r.loans, r.borrowers])).toEqual([
      ['C1', 4, 2],
      ['C2', 1, 1],
      ['C3', 1, 1],
    ]);
    const grades = await data('ClassLendRank', { ...SPAN, gradeId: lib.g1.id });
    expect(grades.List.map((r: any) => [r.name, r.loans, r.borrowers])).toEqual([
      ['C1', 4, 2],
      ['C2', 1, 1],
    ]);
    const depts = await data('DeptLendRank', SPAN);
    expect(depts.List.map((r: any) => [r.name, r.loans, r.borrowers])).toEqual([['D1', 1, 1]]);
    // The class statistics' borrowers (participation) read the same rollup.
    const stats = await data('ClassBorrow', SPAN);
    expect(stats.List.map((r: any) => [r.name, r.readers, r.borrowers, r.loans])).toEqual([
      ['C1', 3, 2, 4],
      ['C2', 2, 1, 1],
      ['C3', 1, 1, 1],
    ]);
  });

  it('the yearly and monthly boards: titles, readers and classes of calendar months', async () => {
    const year = await data('YearRank', { date: '2026-06-01' });
    expect(year.period).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(year.titles.map((r: any) => [r.name, r.loans])).toEqual([
      ['R1', 4],
      ['R2', 2],
      ['R3', 1],
    ]);
    expect(year.readers[0]).toMatchObject({ name: '王小明', loans: 3 });
    expect(year.classes.map((r: any) => [r.name, r.loans, r.borrowers])).toEqual([
      ['C1', 4, 2],
      ['C2', 1, 1],
      ['C3', 1, 1],
    ]);
    const april = await data('MonthRank', { date: '2026-04-20' });
    expect(april.titles.map((r: any) => [r.name, r.loans])).toEqual([['R2', 1]]);
    expect(april.readers.map((r: any) => [r.name, r.loans])).toEqual([['Name s6', 1]]);
  });

  it('custom query month × class with borrowers: hand counts, and the figures of counting the loans', async () => {
    const q = { ...SPAN, subject: 'loans', dimensions: ['month', 'class'] };
    const rolled = await data('Query', { ...q, measures: ['loans', 'borrowers', 'renewals'] });
    expect(rolled.List.map((x: any) => [...x.names, x.values.loans, x.values.borrowers, x.values.renewals])).toEqual([
      ['2026-02', 'C1', 1, 1, 0],
      ['2026-03', 'C1', 3, 2, 1],
      ['2026-03', 'C2', 1, 1, 0],
      ['2026-03', '(none)', 1, 1, 0],
      ['2026-04', 'C3', 1, 1, 0],
    ]);
    // s1, s2, s4, t1 and s6: five readers in all, not the sum of the rows.
    expect(rolled.total).toEqual({ loans: 7, borrowers: 5, renewals: 1 });
    // Titles are not in the reader rollup: that query counts the loans; its other figures are the same.
    for (const dimensions of [['month', 'class'], ['year', 'grade'], ['identity'], ['department', 'month']]) {
      const measures = ['loans', 'borrowers', 'renewals'];
      const a = await data('Query', { ...SPAN, subject: 'loans', dimensions, measures });
      const b = await data('Query', { ...SPAN, subject: 'loans', dimensions, measures: [...measures, 'titles'] });
      const pick = (d: any) => ({
        rows: d.List.map((x: any) => [x.keys, x.names, x.values.loans, x.values.borrowers, x.values.renewals]),
        total: [d.total.loans, d.total.borrowers, d.total.renewals],
      });
      expect(pick(a), dimensions.join(' × ')).toEqual(pick(b));
    }
    const c1 = await data('Query', { ...q, classId: lib.c1.id, measures: ['borrowers'] });
    expect(c1.List.map((x: any) => [x.keys[0], x.values.borrowers])).toEqual([
      ['2026-02', 1],
      ['2026-03', 2],
    ]);
    expect(c1.total).toEqual({ borrowers: 2 });
  });

  it('a loan deleted or lent again moves the figures at once (kept in the writing transaction)', async () => {
    const before = await data('CollLendRank', { period: 'month', date: '2026-03-10' });
    expect(before.List.map((r: any) => [r.name, r.loans])).toEqual([
      ['R1', 3],
      ['R2', 1],
      ['R3', 1],
    ]);
    const lent = await t.db.execute(
      sql.raw(`insert into loan (school_id, copy_id, record_id, user_id, borrowed_at, due_date, returned_at)
       values (${school}, ${lib.c.c3a.id}, ${lib.r3.id}, ${lib.u.s5}, '2026-03-20T10:00:00+08:00', '2026-04-03', '2026-03-25T10:00:00+08:00'),
              (${school}, ${lib.c.c3a.id}, ${lib.r3.id}, ${lib.u.s5}, '2026-03-26T10:00:00+08:00', '2026-04-09', '2026-03-28T10:00:00+08:00')
       returning id`),
    );
    const ids = ((lent as any).rows ?? lent).map((r: any) => r.id);
    const after = await data('CollLendRank', { period: 'month', date: '2026-03-10' });
    expect(after.List.map((r: any) => [r.name, r.loans])).toEqual([
      ['R1', 3],
      ['R3', 3],
      ['R2', 1],
    ]);
    const c2 = await data('ClassLendRank', { period: 'month', date: '2026-03-10' });
    expect(c2.List.find((r: any) => r.name === 'C2')).toMatchObject({ loans: 3, borrowers: 2 });
    await t.db.execute(sql.raw(`delete from loan where id in (${ids.join(', ')})`));
    const back = await data('CollLendRank', { period: 'month', date: '2026-03-10' });
    expect(back.List).toEqual(before.List);
  });
});
