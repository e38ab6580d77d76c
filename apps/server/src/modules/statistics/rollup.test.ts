import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';

const t = useTestApp();
const rows = (r: any) => (r.rows ?? r) as any[];
const MEASURES = `sum(loans)::int loans, sum(renewals)::int renewals, sum(late_loans)::int late_loans,
  sum(returns)::int returns, sum(late_returns)::int late_returns`;

/** The daily rollups as stored, and as counted again from the loan table (non-zero rows, in one order). */
async function both(schoolId: number) {
  const recount = (keys: string, names: string) =>
    t.db.execute(
      sql.raw(`with d as (select l.*, s.time_zone tz from loan l join school s on s.id = l.school_id where l.school_id = ${schoolId}),
      ev as (
        select (borrowed_at at time zone tz)::date as day, ${keys}, 1 loans, renewals,
          coalesce((returned_at at time zone tz)::date > due_date, false)::int late_loans, 0 returns, 0 late_returns from d
        union all
        select (returned_at at time zone tz)::date, ${keys}, 0, 0, 0, 1, ((returned_at at time zone tz)::date > due_date)::int
          from d where returned_at is not null)
      select day::text, ${names}, ${MEASURES} from ev group by 1, 2, 3, 4${names.split(',').length > 3 ? ', 5' : ''} order by 1, 2, 3, 4`),
    );
  const stored = (table: string, keys: string) =>
    t.db.execute(
      sql.raw(`select day::text, ${keys}, ${MEASURES} from ${table} where school_id = ${schoolId}
        group by 1, 2, 3, 4${keys.split(',').length > 3 ? ', 5' : ''}
        having sum(abs(loans) + abs(renewals) + abs(late_loans) + abs(returns) + abs(late_returns)) > 0 order by 1, 2, 3, 4`),
    );
  const readerKeys =
    "coalesce(reader_class_id, 0) as class_id, coalesce(reader_grade_id, 0) as grade_id, coalesce(reader_department_id, 0) as department_id, coalesce(reader_identity, '') as identity";
  const itemKeys =
    'class_letter as class_letter, coalesce(location_id, 0) as location_id, coalesce(resource_type_id, 0) as resource_type_id';
  const readerNames = 'class_id, grade_id, department_id, identity';
  const itemNames = 'class_letter, location_id, resource_type_id';
  return {
    reader: {
      stored: rows(await stored('loan_day_reader', readerNames)),
      recount: rows(await recount(readerKeys, readerNames)),
    },
    item: { stored: rows(await stored('loan_day_item', itemNames)), recount: rows(await recount(itemKeys, itemNames)) },
  };
}

/** The monthly reader rollup as stored, and as counted again from the loan table (non-zero rows, in one order). */
async function months(schoolId: number) {
  const loans = `select l.*, (date_trunc('month', l.borrowed_at at time zone coalesce(s.time_zone, 'Asia/Shanghai')))::date::text as month
    from loan l join school s on s.id = l.school_id where l.school_id = ${schoolId}`;
  const q = async (text: string) => rows(await t.db.execute(sql.raw(text)));
  const readerKeys = 'user_id, class_id, grade_id, department_id, identity';
  return {
    reader: {
      stored: await q(`select month::text, ${readerKeys}, sum(loans)::int loans, sum(renewals)::int renewals
        from loan_month_reader where school_id = ${schoolId} group by 1, 2, 3, 4, 5, 6
        having sum(loans) <> 0 or sum(renewals) <> 0 order by 1, 2, 3, 4, 5, 6`),
      recount:
        await q(`select month, user_id, coalesce(reader_class_id, 0) class_id, coalesce(reader_grade_id, 0) grade_id,
          coalesce(reader_department_id, 0) department_id, coalesce(reader_identity, '') identity,
          count(*)::int loans, sum(renewals)::int renewals
        from (${loans}) l group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`),
    },
  };
}

/** The yearly rollup per title as stored, and as counted again from the loan table (non-zero rows, in one order). */
async function years(schoolId: number) {
  const q = async (text: string) => rows(await t.db.execute(sql.raw(text)));
  return {
    stored: await q(`select year, record_id, loans from loan_year_record where school_id = ${schoolId} and loans <> 0
      order by 1, 2`),
    recount: await q(`select extract(year from l.borrowed_at at time zone s.time_zone)::int as year, l.record_id,
        count(*)::int as loans
      from loan l join school s on s.id = l.school_id where l.school_id = ${schoolId} group by 1, 2 order by 1, 2`),
  };
}

describe('the daily loan rollups', () => {
  it('equal a recount of the loan table after lending, returns, renewals, deletions and a class move', async () => {
    const scope = new Scope(t.schoolId);
    const [g1, g2] = await t.db
      .insert(grade)
      .values([scope.values({ name: '汇总一年级' }), scope.values({ name: '汇总二年级' })])
      .returning();
    const [c1, c2] = await t.db
      .insert(schoolClass)
      .values([scope.values({ gradeId: g1.id, name: '汇总1班' }), scope.values({ gradeId: g2.id, name: '汇总2班' })])
      .returning();
    const [a, b, teacher] = await t.db
      .insert(appUser)
      .values([
        scope.values({ account: 'r1', name: '甲', identity: 'student', classId: c1.id }),
        scope.values({ account: 'r2', name: '乙', identity: 'student', classId: c2.id }),
        scope.values({ account: 'r3', name: '丙', identity: 'teacher' }),
      ])
      .returning();
    const [r1, r2] = await t.db
      .insert(catalogueRecord)
      .values([scope.values({ title: '城南旧事', classNo: 'i287' }), scope.values({ title: '无类号', classNo: '' })])
      .returning();
    const cs = await t.db
      .insert(copy)
      .values(
        [1, 2, 3, 4].map((i) => scope.values({ recordId: i < 3 ? r1.id : r2.id, barcode: `RU${i}`, storeType: 2 })),
      )
      .returning();
    const lend = (c: (typeof cs)[number], user: number, at: string, due: string) =>
      scope.values({ copyId: c.id, recordId: c.recordId, userId: user, borrowedAt: new Date(at), dueDate: due });
    // Lending (one statement of several loans, like a batch); one at 23:30 UTC falls on the next day in Shanghai.
    const lent = await t.db
      .insert(loan)
      .values([
        lend(cs[0], a.id, '2026-03-02T02:00:00Z', '2026-03-16'),
        lend(cs[1], a.id, '2026-03-02T23:30:00Z', '2026-03-17'),
        lend(cs[2], b.id, '2026-03-03T03:00:00Z', '2026-03-17'),
        lend(cs[3], teacher.id, '2026-03-04T03:00:00Z', '2026-03-18'),
      ])
      .returning();
    expect(lent.map((l) => [l.readerClassId, l.readerGradeId, l.readerIdentity, l.classLetter])).toEqual([
      [c1.id, g1.id, 'student', 'I'],
      [c1.id, g1.id, 'student', 'I'],
      [c2.id, g2.id, 'student', ''],
      [null, null, 'teacher', ''],
    ]);
    // The reader moves class: their loans stay counted in the class they were in at lending.
    await t.db.update(appUser).set({ classId: c2.id }).where(sql`${appUser.id} = ${a.id}`);
    // A return on time, a late one, a renewal, a return undone (returned_at back to null).
    await t.db
      .update(loan)
      .set({ returnedAt: new Date('2026-03-10T02:00:00Z') })
      .where(sql`${loan.id} = ${lent[0].id}`);
    await t.db
      .update(loan)
      .set({ returnedAt: new Date('2026-03-20T02:00:00Z') })
      .where(sql`${loan.id} = ${lent[2].id}`);
    await t.db.update(loan).set({ renewals: 1, dueDate: '2026-03-31' }).where(sql`${loan.id} = ${lent[1].id}`);
    await t.db
      .update(loan)
      .set({ returnedAt: new Date('2026-03-21T02:00:00Z') })
      .where(sql`${loan.id} = ${lent[3].id}`);
    await t.db.update(loan).set({ returnedAt: null }).where(sql`${loan.id} = ${lent[3].id}`);
    // The moved reader borrows again: the new loan counts in the new class.
    await t.db.insert(loan).values(lend(cs[0], a.id, '2026-03-12T02:00:00Z', '2026-03-26'));
    // An update that changes nothing counted (operator) leaves the rollups alone.
    await t.db.update(loan).set({ returnOperatorId: teacher.id }).where(sql`${loan.id} = ${lent[0].id}`);
    // A record merge moves a loan to another record (its title's yearly count goes with it).
    await t.db.update(loan).set({ recordId: r2.id }).where(sql`${loan.id} = ${lent[1].id}`);
    // A deleted reader's and a deleted copy's loans go (as their deletions remove them).
    await t.db.delete(loan).where(sql`${loan.userId} = ${teacher.id}`);
    await t.db.delete(loan).where(sql`${loan.copyId} = ${cs[2].id}`);

    const { reader, item } = await both(t.schoolId);
    expect(reader.stored).toEqual(reader.recount);
    expect(item.stored).toEqual(item.recount);
    const month = await months(t.schoolId);
    expect(month.reader.stored).toEqual(month.reader.recount);
    const year = await years(t.schoolId);
    expect(year.stored).toEqual(year.recount);
    // By hand: 甲's three loans of 2026 are left, two of r1 and the one moved to r2.
    expect(year.stored.map((r) => [r.year, r.record_id, r.loans])).toEqual([
      [2026, r1.id, 2],
      [2026, r2.id, 1],
    ]);
    // By hand: in March (Shanghai) the reader 甲 has three loans in two classes (one of them renewed); the other
    // readers' loans were deleted.
    expect(month.reader.stored.map((r) => [r.user_id, r.class_id, r.loans, r.renewals])).toEqual([
      [a.id, c1.id, 2, 1],
      [a.id, c2.id, 1, 0],
    ]);
    // By hand: class 1 has the two loans of 3 March (Shanghai) and 2 March, one returned on the 10th on time;
    // class 2 the moved reader's loan of 12 March.
    const byClass = rows(
      await t.db.execute(
        sql`select class_id, sum(loans)::int loans, sum(returns)::int returns, sum(renewals)::int renewals
          from loan_day_reader where school_id = ${t.schoolId} group by 1 having sum(loans) > 0 order by 1`,
      ),
    );
    expect(byClass).toEqual([
      { class_id: c1.id, loans: 2, returns: 1, renewals: 1 },
      { class_id: c2.id, loans: 1, returns: 0, renewals: 0 },
    ]);
    const days = rows(
      await t.db.execute(
        sql`select day::text, sum(loans)::int loans from loan_day_item where school_id = ${t.schoolId} and class_letter = 'I'
          group by 1 having sum(loans) > 0 order by 1`,
      ),
    );
    expect(days).toEqual([
      { day: '2026-03-02', loans: 1 },
      { day: '2026-03-03', loans: 1 },
      { day: '2026-03-12', loans: 1 },
    ]);

    // The school's time zone changes: its days move, the rollups are counted again.
    await t.db.execute(sql`update school set time_zone = 'UTC' where id = ${t.schoolId}`);
    const utc = await both(t.schoolId);
    expect(utc.reader.stored).toEqual(utc.reader.recount);
    expect(utc.item.stored).toEqual(utc.item.recount);
    const utcMonths = await months(t.schoolId);
    expect(utcMonths.reader.stored).toEqual(utcMonths.reader.recount);
    const utcYears = await years(t.schoolId);
    expect(utcYears.stored).toEqual(utcYears.recount);
    expect(utc.item.stored.filter((r) => r.class_letter === 'I' && r.loans > 0).map((r) => [r.day, r.loans])).toEqual([
      ['2026-03-02', 2],
      ['2026-03-12', 1],
    ]);
  });
});
