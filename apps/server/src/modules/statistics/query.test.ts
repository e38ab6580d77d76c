import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { exportedSheet } from './test-export.ts';
import { buildTestLibrary } from './test-library.ts';

const S = `${P}/Statistics`;
const MARCH = { period: 'custom', from: '2026-03-01', to: '2026-03-31' };

/**
 * Custom queries over the hand-counted library of test-library.ts. March's loans: 1 s1 R1, 2 s1 R2 (renewed
 * once, back late), 3 s2 R1 (still out past due), 4 s4 R1, 5 t1 R3 (still out, due 04-14, overdue since).
 */
describe('custom statistical queries', () => {
  const t = useTestApp();
  let school: number;
  let token: string;
  let lib: Awaited<ReturnType<typeof buildTestLibrary>>;
  const post = (url: string, body: object, lang: 'zh' | 'en' = 'en', tk = token) =>
    t.post(`${S}/${url}`, body, { token: tk, schoolId: school, lang });

  beforeAll(async () => {
    school = await buildSchool(t.db);
    token = (await buildUser(t.db, school, { permissions: ['*'] })).token;
    lib = await buildTestLibrary(t.db, school);
  });

  it('loans per class: loans, borrowers, titles, renewals and overdue loans, with a total counted apart', async () => {
    const r = await post('Query', {
      ...MARCH,
      subject: 'loans',
      dimensions: ['class'],
      measures: ['loans', 'borrowers', 'titles', 'renewals', 'overdue'],
    });
    expect(r.json.success, JSON.stringify(r.json)).toBe(true);
    expect(r.json.data.period).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(r.json.data.List.map((x: any) => [x.names[0], x.values])).toEqual([
      ['C1', { loans: 3, borrowers: 2, titles: 2, renewals: 1, overdue: 2 }],
      ['C2', { loans: 1, borrowers: 1, titles: 1, renewals: 0, overdue: 0 }],
      ['(none)', { loans: 1, borrowers: 1, titles: 1, renewals: 0, overdue: 1 }],
    ]);
    // Four readers and three titles in all: distinct counts are not the sum of the rows.
    expect(r.json.data.total).toEqual({ loans: 5, borrowers: 4, titles: 3, renewals: 1, overdue: 3 });
  });

  it('loans and renewals alone (read from the daily rollup) are the figures counted from the loans', async () => {
    const YEAR = { period: 'custom', from: '2026-01-01', to: '2026-12-31' };
    for (const dimensions of [['month', 'class'], ['day', 'classNo'], ['year', 'identity'], ['grade'], ['location']]) {
      const q = { ...YEAR, subject: 'loans', dimensions };
      const rolled = await post('Query', { ...q, measures: ['loans', 'renewals'] });
      // With borrowers the query reads the monthly reader rollup, or counts the loans (by day, by item group).
      const counted = await post('Query', { ...q, measures: ['loans', 'renewals', 'borrowers'] });
      expect(rolled.json.success, JSON.stringify(rolled.json)).toBe(true);
      const pick = (d: any) => ({
        rows: d.List.map((x: any) => [x.keys, x.names, x.values.loans, x.values.renewals]),
        total: [d.total.loans, d.total.renewals],
      });
      expect(pick(rolled.json.data), dimensions.join(' × ')).toEqual(pick(counted.json.data));
    }
    const byMonth = await post('Query', { ...YEAR, subject: 'loans', dimensions: ['month'], measures: ['loans'] });
    expect(byMonth.json.data.List.map((x: any) => [x.keys[0], x.values.loans])).toEqual([
      ['2026-02', 1],
      ['2026-03', 5],
      ['2026-04', 1],
    ]);
  });

  it('two dimensions (class number × identity) and the common filters', async () => {
    const r = await post('Query', { ...MARCH, dimensions: ['classNo', 'identity'], measures: ['loans'] });
    expect(r.json.data.List.map((x: any) => [...x.names, x.values.loans])).toEqual([
      ['I Literature', 'Student', 3],
      ['T Industrial technology', 'Student', 1],
      ['(none)', 'Teacher', 1],
    ]);
    const c1 = await post('Query', { ...MARCH, classId: lib.c1.id, dimensions: ['day'], measures: ['loans'] });
    expect(c1.json.data.List.map((x: any) => [x.keys[0], x.values.loans])).toEqual([
      ['2026-03-02', 1],
      ['2026-03-05', 2],
    ]);
    const byYear = await post('Query', {
      period: 'year',
      date: '2026-01-01',
      dimensions: ['month'],
      measures: ['loans'],
    });
    expect(byYear.json.data.List.map((x: any) => [x.keys[0], x.values.loans])).toEqual([
      ['2026-02', 1],
      ['2026-03', 5],
      ['2026-04', 1],
    ]);
  });

  it('holdings held now by location: copies, titles, value', async () => {
    const r = await post('Query', {
      subject: 'holdings',
      dimensions: ['location'],
      measures: ['copies', 'titles', 'value'],
    });
    expect(r.json.data.period).toBeUndefined();
    expect(r.json.data.List.map((x: any) => [x.names[0], x.values])).toEqual([
      ['L1', { copies: 3, titles: 2, value: 0 }],
      ['L2', { copies: 2, titles: 1, value: 2850 }],
    ]);
    expect(r.json.data.total).toEqual({ copies: 5, titles: 3, value: 2850 });
  });

  it('only the listed dimensions and measures, each for its subject, in the caller’s language', async () => {
    const bad = await post('Query', { subject: 'holdings', dimensions: ['grade'], measures: ['loans'] }, 'zh');
    expect(bad.json.success).toBe(false);
    expect(bad.json.issues).toEqual([
      { path: 'dimensions.0', message: '所选统计对象不提供该维度' },
      { path: 'measures.0', message: '所选统计对象不提供该指标' },
    ]);
    const sqlish = await post('Query', { dimensions: ['1; drop table loan'], measures: ['loans'] });
    expect(sqlish.json.success).toBe(false);
    const none = await post('Query', { dimensions: [], measures: [] });
    expect(none.json.issues.map((i: any) => i.message)).toEqual([
      'Please choose at least one dimension',
      'Please choose at least one measure',
    ]);
  });

  it('exports the table with its total line', async () => {
    const ex = await post('ExportQuery', { ...MARCH, dimensions: ['class'], measures: ['loans', 'borrowers'] });
    expect(ex.json.success, JSON.stringify(ex.json)).toBe(true);
    const rows = (await exportedSheet(t, ex.json.data.DataID)).getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => r.slice(1))).toEqual([
      ['Class', 'Loans', 'Borrowers'],
      ['C1', 3, 2],
      ['C2', 1, 1],
      ['(none)', 1, 1],
      ['Total', 5, 4],
    ]);
  });

  it('saves a query for the school, runs it by id; others neither see nor run it; saving needs its permission', async () => {
    const definition = { ...MARCH, subject: 'loans', dimensions: ['grade'], measures: ['loans'] };
    const saved = await post('SaveQuery', { name: '三月年级借阅', definition });
    expect(saved.json.success, JSON.stringify(saved.json)).toBe(true);
    const list = await post('GetQueryList', {});
    expect(list.json.data.map((q: any) => [q.name, q.definition.dimensions])).toEqual([['三月年级借阅', ['grade']]]);
    const run = await post('RunSavedQuery', { id: saved.json.data.id });
    expect(run.json.data.name).toBe('三月年级借阅');
    expect(run.json.data.List.map((x: any) => [x.names[0], x.values.loans])).toEqual([
      ['G1', 4],
      ['(none)', 1],
    ]);
    const renamed = await post('SaveQuery', { id: saved.json.data.id, name: '三月', definition });
    expect(renamed.json.data.id).toBe(saved.json.data.id);
    expect((await post('GetQueryList', {})).json.data.map((q: any) => q.name)).toEqual(['三月']);

    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['*'] });
    const o = (url: string, body: object) => t.post(`${S}/${url}`, body, { token: admin.token, schoolId: other });
    expect((await o('GetQueryList', {})).json.data).toEqual([]);
    expect((await o('RunSavedQuery', { id: saved.json.data.id })).json.errorCode).toBe('NOT_FOUND');
    expect((await o('DeleteQuery', { id: saved.json.data.id })).json.errorCode).toBe('NOT_FOUND');

    const viewer = await buildUser(t.db, school, { permissions: ['statistical-queries'] });
    expect((await post('GetQueryList', {}, 'en', viewer.token)).json.data).toHaveLength(1);
    expect((await post('Query', definition, 'en', viewer.token)).status).toBe(200);
    expect((await post('SaveQuery', { name: 'x', definition }, 'en', viewer.token)).status).toBe(403);
    expect((await post('DeleteQuery', { id: saved.json.data.id }, 'en', viewer.token)).status).toBe(403);
    const student = await buildUser(t.db, school, { identity: 'student' });
    expect((await post('GetQueryList', {}, 'en', student.token)).status).toBe(403);
    expect((await post('Query', definition, 'en', student.token)).status).toBe(403);

    expect((await post('DeleteQuery', { id: saved.json.data.id })).json.success).toBe(true);
    expect((await post('GetQueryList', {})).json.data).toEqual([]);
  });
});
