import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { exportedSheet } from './test-export.ts';
import { buildTestLibrary } from './test-library.ts';

const S = `${P}/Statistics`;
const MARCH = { period: 'custom', from: '2026-03-01', to: '2026-03-31' };

describe('statistics against a hand-counted library', () => {
  const t = useTestApp();
  let school: number;
  let token: string;
  let lib: Awaited<ReturnType<typeof buildTestLibrary>>;
  const post = (url: string, body: object, lang: 'zh' | 'en' = 'en') =>
    t.post(`${S}/${url}`, body, { token, schoolId: school, lang });

  beforeAll(async () => {
    school = await buildSchool(t.db);
    token = (await buildUser(t.db, school, { permissions: ['*'] })).token;
    lib = await buildTestLibrary(t.db, school);
  });

  it('ranks titles, 中图法 classes, classes, grades, departments and readers over March', async () => {
    const titles = await post('CollLendRank', MARCH);
    expect(titles.json.data.period).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(titles.json.data.List.map((r: any) => [r.rank, r.name, r.loans])).toEqual([
      [1, 'R1', 3],
      [2, 'R2', 1],
      [2, 'R3', 1],
    ]);
    const cls = await post('CateLendRank', MARCH);
    expect(cls.json.data.List.map((r: any) => [r.rank, r.id, r.loans])).toEqual([
      [1, 'I', 3],
      [2, '', 1],
      [2, 'T', 1],
    ]);
    expect(cls.json.data.List[0].name).toBe('I Literature');
    const classes = await post('ClassLendRank', MARCH);
    expect(classes.json.data.List.map((r: any) => [r.name, r.detail, r.loans, r.borrowers])).toEqual([
      ['C1', 'G1', 3, 2],
      ['C2', 'G1', 1, 1],
    ]);
    const depts = await post('DeptLendRank', MARCH);
    expect(depts.json.data.List.map((r: any) => [r.name, r.loans])).toEqual([['D1', 1]]);
    const readers = await post('ClassUserRank', { ...MARCH, classId: lib.c1.id });
    expect(readers.json.data.List.map((r: any) => [r.rank, r.name, r.loans])).toEqual([
      [1, '王小明', 2],
      [2, 'Name s2', 1],
    ]);
    const teachers = await post('DeptUserRank', { ...MARCH, departmentId: lib.d1.id });
    expect(teachers.json.data.List.map((r: any) => r.name)).toEqual(['Name t1']);
  });

  it('counts a loan on the day of the school time zone (23:30 on 31 March is March, 07:00 on 1 April is not)', async () => {
    const day = await post('CollLendRank', { period: 'day', date: '2026-03-31' });
    expect(day.json.data.List.map((r: any) => [r.name, r.loans])).toEqual([['R3', 1]]);
    const april = await post('ClassLendRank', { period: 'month', date: '2026-04-20' });
    expect(april.json.data.List.map((r: any) => [r.name, r.loans])).toEqual([['C3', 1]]);
    const term = await post('ClassLendRank', { period: 'term' });
    expect(term.json.data.period).toEqual({ from: '2026-03-01', to: '2026-07-15' });
    expect(term.json.data.List.map((r: any) => r.loans)).toEqual([3, 1, 1]);
  });

  it('the week and month boards show titles, readers and classes of their period', async () => {
    const week = await post('WeekRank', { date: '2026-03-04' });
    expect(week.json.success, JSON.stringify(week.json)).toBe(true);
    expect(week.json.data.period).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(week.json.data.titles.map((r: any) => [r.name, r.loans])).toEqual([
      ['R1', 2],
      ['R2', 1],
    ]);
    expect(week.json.data.readers.map((r: any) => [r.name, r.loans])).toEqual([
      ['王小明', 2],
      ['Name s2', 1],
    ]);
    expect(week.json.data.classes.map((r: any) => [r.name, r.loans, r.borrowers])).toEqual([['C1', 3, 2]]);
  });

  it('circulation by day, identity and class: loans, returns, renewals and overdue returns', async () => {
    const byDay = await post('Circulation', { ...MARCH, by: 'day' });
    expect(byDay.json.success, JSON.stringify(byDay.json)).toBe(true);
    const d = byDay.json.data;
    expect(d.List).toHaveLength(31);
    expect(d.total).toEqual({ loans: 5, returns: 4, renewals: 1, overdueReturns: 1 });
    const day = (k: string) => d.List.find((r: any) => r.key === k);
    expect(day('2026-03-05')).toMatchObject({ loans: 2, renewals: 1, returns: 0 });
    expect(day('2026-03-25')).toMatchObject({ loans: 0, returns: 1, overdueReturns: 1 });
    expect(day('2026-03-03')).toMatchObject({ returns: 1 });
    const byIdentity = await post('Circulation', { ...MARCH, by: 'identity' }, 'zh');
    expect(byIdentity.json.data.List.map((r: any) => [r.name, r.loans, r.returns])).toEqual([
      ['学生', 4, 4],
      ['教师', 1, 0],
    ]);
    const byClass = await post('Circulation', { ...MARCH, by: 'class', gradeId: lib.g1.id });
    expect(byClass.json.data.List.map((r: any) => [r.name, r.loans, r.returns])).toEqual([
      ['C1', 3, 3],
      ['C2', 1, 1],
    ]);
    const byLocation = await post('Circulation', { ...MARCH, by: 'location', classNo: 'i' });
    expect(byLocation.json.data.List.map((r: any) => [r.name, r.loans])).toEqual([['L1', 3]]);
  });

  it('per class and grade: readers, participation, loans per reader and overdue rate', async () => {
    const byClass = await post('ClassBorrow', MARCH);
    expect(
      byClass.json.data.List.map((r: any) => [
        r.name,
        r.readers,
        r.borrowers,
        r.loans,
        r.overdue,
        r.participation,
        r.perReader,
        r.overdueRate,
      ]),
    ).toEqual([
      ['C1', 3, 2, 3, 2, 0.6667, 1, 0.6667],
      ['C2', 2, 1, 1, 0, 0.5, 0.5, 0],
      ['C3', 1, 0, 0, 0, 0, 0, 0],
    ]);
    expect(byClass.json.data.total).toEqual({
      readers: 6,
      borrowers: 3,
      loans: 4,
      overdue: 2,
      participation: 0.5,
      perReader: 0.6667,
      overdueRate: 0.5,
    });
    const byGrade = await post('ClassBorrow', { ...MARCH, by: 'grade' });
    expect(byGrade.json.data.List.map((r: any) => [r.name, r.readers, r.borrowers, r.loans])).toEqual([
      ['G1', 5, 3, 4],
      ['G2', 1, 0, 0],
    ]);
    const dept = await post('DeptBorrow', MARCH);
    expect(dept.json.data.List.map((r: any) => [r.name, r.readers, r.borrowers, r.loans, r.overdue])).toEqual([
      ['D1', 1, 1, 1, 1],
    ]);
  });

  it('lists readers who borrowed nothing and copies not lent since a day', async () => {
    const zero = await post('ZeroReaders', MARCH);
    expect(zero.json.data.Total).toBe(3);
    expect(zero.json.data.List.map((r: any) => [r.account, r.className])).toEqual([
      ['s3', 'C1'],
      ['s5', 'C2'],
      ['s6', 'C3'],
    ]);
    const inC2 = await post('ZeroReaders', { ...MARCH, classId: lib.c2.id });
    expect(inC2.json.data.List.map((r: any) => r.account)).toEqual(['s5']);
    const never = await post('ZeroCopies', {});
    expect(never.json.data.List.map((r: any) => [r.barcode, r.lastBorrowedAt, r.priceFen])).toEqual([
      ['c5', null, 2850],
    ]);
    const since = await post('ZeroCopies', { since: '2026-03-06' });
    expect(since.json.data.List.map((r: any) => r.barcode)).toEqual(['c1b', 'c5']);
    expect(since.json.data.List[0].lastBorrowedAt).toBe(new Date('2026-03-05T11:30:00+08:00').toISOString());
  });

  it('circulation rate of the collection: loans ÷ held copies by class and location', async () => {
    const byClass = await post('ResourceCirc', MARCH);
    expect(byClass.json.data.List.map((r: any) => [r.key, r.copies, r.loans, r.rate])).toEqual([
      ['', 1, 1, 1],
      ['I', 2, 3, 1.5],
      ['T', 2, 1, 0.5],
    ]);
    expect(byClass.json.data.total).toEqual({ copies: 5, loans: 5, rate: 1 });
    const byLocation = await post('ResourceCirc', { ...MARCH, by: 'location' });
    expect(byLocation.json.data.List.map((r: any) => [r.name, r.copies, r.loans])).toEqual([
      ['L1', 3, 4],
      ['L2', 2, 1],
    ]);
  });

  it('collection by 中图法 class and location: titles, copies, value of what is held', async () => {
    const byClass = await post('Collection', { by: 'classNo' });
    expect(byClass.json.data.List.map((r: any) => [r.key, r.titles, r.copies, r.valueFen, r.share])).toEqual([
      ['', 1, 1, 0, 0.2],
      ['I', 1, 2, 0, 0.4],
      ['T', 1, 2, 2850, 0.4],
    ]);
    expect(byClass.json.data.total).toEqual({ titles: 3, copies: 5, valueFen: 2850 });
    const byLocation = await post('Collection', { by: 'location' });
    expect(byLocation.json.data.List.map((r: any) => [r.name, r.titles, r.copies])).toEqual([
      ['L1', 2, 3],
      ['L2', 1, 2],
    ]);
  });

  it('the 22 classes and the five parts: holdings beside the period’s loans', async () => {
    const c22 = await post('Classify22', MARCH);
    const list = c22.json.data.List;
    expect(list).toHaveLength(23);
    expect(list.map((r: any) => r.key).join('')).toBe('ABCDEFGHIJKNOPQRSTUVXZ');
    const i = list.find((r: any) => r.key === 'I');
    expect(i).toMatchObject({ copies: 2, loans: 3, copyShare: 0.4, loanShare: 0.6, rate: 1.5 });
    expect(list.find((r: any) => r.key === 'A')).toMatchObject({ copies: 0, loans: 0, rate: 0 });
    expect(c22.json.data.total).toEqual({ titles: 3, copies: 5, valueFen: 2850, loans: 5, rate: 1 });
    const c5 = await post('Classify5', MARCH, 'zh');
    expect(c5.json.data.List.map((r: any) => [r.name, r.copies, r.loans])).toEqual([
      ['马克思主义、列宁主义、毛泽东思想、邓小平理论', 0, 0],
      ['哲学', 0, 0],
      ['社会科学', 2, 3],
      ['自然科学', 2, 1],
      ['综合性图书', 0, 0],
      ['（无）', 1, 1],
    ]);
  });

  it('acquisitions of the year by batch and bookseller: titles, copies, list value and price paid', async () => {
    const byBatch = await post('Purchase', { period: 'year' }, 'zh');
    expect(byBatch.json.data.List.map((r: any) => [r.name, r.titles, r.copies, r.valueFen, r.paidFen])).toEqual([
      ['B1', 1, 2, 0, 0],
      ['B2', 1, 1, 2850, 2000],
      ['（无）', 2, 3, 0, 0],
    ]);
    expect(byBatch.json.data.total).toEqual({ titles: 3, copies: 6, valueFen: 2850, paidFen: 2000 });
    const bySeller = await post('Purchase', { period: 'year', by: 'source' });
    expect(bySeller.json.data.List.map((r: any) => [r.name, r.copies])).toEqual([
      ['捐赠', 1],
      ['采购', 2],
      ['(none)', 3],
    ]);
    const lastYear = await post('Purchase', { period: 'year', date: '2020-06-01' });
    expect(lastYear.json.data.total.copies).toBe(0);
  });

  it('the standards report: each figure against the primary-school standard, met or not; figures editable', async () => {
    const r = await post('Standards', {});
    expect(r.json.data.level).toBe('primary');
    expect(r.json.data.students).toBe(6);
    const line = (k: string) => r.json.data.lines.find((l: any) => l.key === k);
    expect(line('booksPerStudent')).toEqual({ key: 'booksPerStudent', actual: 0.83, standard: 25, met: false });
    expect(line('newBooksPerStudent')).toEqual({ key: 'newBooksPerStudent', actual: 1, standard: 1, met: true });
    expect(line('periodicalTitles')).toMatchObject({ actual: 0, standard: 60, met: false });
    expect(line('part.social')).toEqual({ key: 'part.social', actual: 40, standard: 60, met: false });
    expect(line('part.natural')).toMatchObject({ actual: 40, standard: 33, met: false });
    expect(line('part.general')).toMatchObject({ actual: 0, standard: 5, met: true });
    const values = { ...r.json.data.values, actualOpenHours: 45, booksPerStudent: 0.5 };
    const saved = await post('SaveStandards', { level: 'primary', values });
    expect(saved.json.success, JSON.stringify(saved.json)).toBe(true);
    const again = await post('Standards', { level: 'primary' });
    const line2 = (k: string) => again.json.data.lines.find((l: any) => l.key === k);
    expect(line2('openHoursPerWeek')).toEqual({ key: 'openHoursPerWeek', actual: 45, standard: 40, met: true });
    expect(line2('booksPerStudent')).toMatchObject({ standard: 0.5, met: true });
    const senior = await post('Standards', { level: 'senior' });
    expect(senior.json.data.lines[0]).toMatchObject({ standard: 50, met: false });
    const viewer = await buildUser(t.db, school, { permissions: ['collection-statistic'] });
    const refused = await t.post(
      `${S}/SaveStandards`,
      { level: 'primary', values },
      { token: viewer.token, schoolId: school },
    );
    expect(refused.status).toBe(403);
  });

  it('desk workload per staff member and SIP2 machine, by day and by hour', async () => {
    const byDay = await post('Counter', MARCH);
    expect(byDay.json.success, JSON.stringify(byDay.json)).toBe(true);
    expect(byDay.json.data.List.map((r: any) => [r.name, r.loans, r.returns, r.renewals, r.total])).toEqual([
      ['Name staff1', 2, 1, 1, 4],
      ['Name staff2', 2, 2, 0, 4],
      ['SC1', 1, 1, 0, 2],
    ]);
    const byHour = await post('Counter', { ...MARCH, by: 'hour' });
    const hour = (h: string) => byHour.json.data.series.find((s: any) => s.bucket === h);
    expect(byHour.json.data.series).toHaveLength(24);
    expect(hour('11')).toEqual({ bucket: '11', loans: 2, returns: 0, renewals: 0 });
    expect(hour('8')).toEqual({ bucket: '8', loans: 0, returns: 1, renewals: 0 });
  });

  it('drills into the loans behind a figure: the list total is the figure', async () => {
    const c1 = await post('ClassLendRankLoans', { ...MARCH, classId: lib.c1.id });
    expect(c1.json.data.Total).toBe(3);
    expect(c1.json.data.List.map((r: any) => [r.barcode, r.account, r.overdue])).toEqual([
      ['c1b', 's2', true],
      ['c2a', 's1', true],
      ['c1a', 's1', false],
    ]);
    const day = await post('CirculationLoans', { period: 'custom', from: '2026-03-05', to: '2026-03-05' });
    expect(day.json.data.Total).toBe(2);
  });

  it('exports a report as an xlsx task with the period and the figures', async () => {
    const ex = await post('ExportClassBorrow', MARCH);
    expect(ex.json.success, JSON.stringify(ex.json)).toBe(true);
    expect(ex.json.data.FileName).toMatch(/^Class loan statistics-\d+\.xlsx$/);
    const ws = await exportedSheet(t, ex.json.data.DataID);
    expect(ws.getRow(1).getCell(1).value).toBe('Period: 2026-03-01 ~ 2026-03-31');
    expect(ws.getRow(2).getCell(1).value).toBe('Name');
    expect((ws.getRow(3).values as unknown[]).slice(1)).toEqual(['C1', 'G1', 3, 2, '66.67%', 3, 1, 2, '66.67%']);
  });

  it('says what is wrong with a period, in the caller’s language', async () => {
    const bad = await post('CollLendRank', { period: 'custom', from: '2026-03-10', to: '2026-03-01' }, 'zh');
    expect(bad.json.success).toBe(false);
    expect(bad.json.issues).toEqual([{ path: 'to', message: '结束日期不能早于开始日期' }]);
    const missing = await post('CollLendRank', { period: 'custom' });
    expect(missing.json.issues.map((i: any) => i.message)).toEqual([
      'Please choose the first day',
      'Please choose the last day',
    ]);
  });

  it('keeps to its school and its permissions', async () => {
    const other = await buildSchool(t.db);
    const admin2 = await buildUser(t.db, other, { permissions: ['*'] });
    const theirs = await t.post(`${S}/ClassBorrow`, MARCH, { token: admin2.token, schoolId: other });
    expect(theirs.json.data.List).toEqual([]);
    const ranks = await t.post(`${S}/CollLendRank`, MARCH, { token: admin2.token, schoolId: other });
    expect(ranks.json.data.List).toEqual([]);
    const zero = await t.post(`${S}/ZeroCopies`, {}, { token: admin2.token, schoolId: other });
    expect(zero.json.data.Total).toBe(0);
    const cross = await t.post(`${S}/CollLendRank`, MARCH, { token: admin2.token, schoolId: school });
    expect(cross.status).toBe(403);

    const viewer = await buildUser(t.db, school, { permissions: ['collLendrank'] });
    const ok = await t.post(`${S}/CollLendRank`, MARCH, { token: viewer.token, schoolId: school });
    expect(ok.json.data.List).toHaveLength(3);
    expect((await t.post(`${S}/ClassLendRank`, MARCH, { token: viewer.token, schoolId: school })).status).toBe(403);
    expect((await t.post(`${S}/ExportCollLendRank`, MARCH, { token: viewer.token, schoolId: school })).status).toBe(
      403,
    );
    const student = await buildUser(t.db, school, { identity: 'student' });
    for (const url of ['CollLendRank', 'ClassBorrow', 'ZeroReaders', 'Counter', 'ClassLendRankLoans'])
      expect((await t.post(`${S}/${url}`, MARCH, { token: student.token, schoolId: school })).status).toBe(403);
  });

  it('public Charts: school-level rankings with masked reader names, no sign-in', async () => {
    const pub = { token: null, schoolId: school };
    const body = { period: 'year' };
    // The charts read the current period; this school's loans are in 2026, the tests run in 2026 or later.
    const thisYear = new Date().getFullYear() === 2026;
    const items = await t.post('/micro/mobile/Charts/ItemBorrowRank', body, pub);
    expect(items.json.success).toBe(true);
    const readers = await t.post('/micro/mobile/Charts/GradeUserBorrowRank', { ...body, gradeId: lib.g1.id }, pub);
    for (const r of readers.json.data.List) {
      expect(r.name).not.toMatch(/^Name s\d$|^王小明$/);
      expect(Object.keys(r).sort()).toEqual(['count', 'detail', 'name', 'rank']);
    }
    if (thisYear) {
      expect(items.json.data.List.map((r: any) => [r.name, r.count])).toEqual([
        ['R1', 4],
        ['R2', 2],
        ['R3', 1],
      ]);
      expect(readers.json.data.List.map((r: any) => [r.name, r.count])).toEqual([
        ['王*明', 3],
        ['N*****2', 1],
        ['N*****4', 1],
      ]);
      const grades = await t.post('/micro/mobile/Charts/GradeBorrowRank', body, pub);
      expect(grades.json.data.List.map((r: any) => [r.name, r.count])).toEqual([
        ['G1', 5],
        ['G2', 1],
      ]);
      const circ = await t.post(`${P}/Charts/GetLocationCircSta`, body, pub);
      expect(circ.json.data.List.map((r: any) => [r.name, r.count])).toEqual([
        ['L1', 5],
        ['L2', 2],
      ]);
    }
    const held = await t.post(`${P}/Charts/GetLocationItemSta`, {}, pub);
    expect(held.json.data.List.map((r: any) => [r.name, r.count])).toEqual([
      ['L1', 3],
      ['L2', 2],
    ]);
    const noSchool = await t.post('/micro/mobile/Charts/ItemBorrowRank', body, { token: null, schoolId: null });
    expect(noSchool.json.success).toBe(false);
  });
});
