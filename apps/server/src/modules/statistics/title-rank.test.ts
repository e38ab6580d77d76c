import { P } from '@shuyuan/contracts/common/paths';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { planYears, titleRankByYears } from './title-rank.ts';

/**
 * The most borrowed titles of a long period come from the yearly rollup per title plus the loans of a few titles on
 * the days of partial years (title-rank.ts): the answer must be the one of counting the period's loans, for any
 * period, any number of titles asked and ties at the cut.
 */
const t = useTestApp();
const S = `${P}/Statistics`;
const rows = (r: any) => (r.rows ?? r) as any[];

describe('a period as whole years and the fewer days of each partial year', () => {
  it('counts a whole year from the rollup, a short part of a year from its days, a long part as the year less the rest', () => {
    expect(planYears({ from: '2025-01-01', to: '2025-12-31' })).toEqual({ years: [2025], whole: [2025], days: [] });
    // The last 365 days: 35 days of 2025 counted, 2026 less its last 35 days.
    expect(planYears({ from: '2025-11-27', to: '2026-11-26' })).toEqual({
      years: [2025, 2026],
      whole: [2026],
      days: [
        { range: { from: '2025-11-27', to: '2025-12-31' }, sign: 1 },
        { range: { from: '2026-11-27', to: '2026-12-31' }, sign: -1 },
      ],
    });
    // A spring term: fewer days inside than outside.
    expect(planYears({ from: '2026-02-20', to: '2026-07-10' })).toEqual({
      years: [2026],
      whole: [],
      days: [{ range: { from: '2026-02-20', to: '2026-07-10' }, sign: 1 }],
    });
    // Most of a year in its middle: the year less both ends.
    expect(planYears({ from: '2026-01-10', to: '2026-12-20' }).days).toEqual([
      { range: { from: '2026-01-01', to: '2026-01-09' }, sign: -1 },
      { range: { from: '2026-12-21', to: '2026-12-31' }, sign: -1 },
    ]);
  });
});

describe('most borrowed titles of a long period', () => {
  const scope = () => new Scope(t.schoolId);
  let records: number[];

  /** What a librarian would count: the period's loans per title, most first, ties by record, numbered 1, 2, 2, 4. */
  async function counted(from: string, to: string, top: number) {
    const got = rows(
      await t.db.execute(sql`select l.record_id as id, count(*)::int as loans from loan l join school s on s.id = l.school_id
        where l.school_id = ${t.schoolId}
          and l.borrowed_at >= (${from}::date::timestamp at time zone s.time_zone)
          and l.borrowed_at < ((${to}::date + 1)::timestamp at time zone s.time_zone)
        group by 1 order by 2 desc, 1 limit ${top}`),
    );
    return got.map((r) => ({ rank: got.findIndex((x) => x.loans === r.loans) + 1, id: Number(r.id), loans: r.loans }));
  }

  beforeAll(async () => {
    const made = await t.db
      .insert(catalogueRecord)
      .values(Array.from({ length: 30 }, (_, i) => scope().values({ title: `排行${i + 1}`, classNo: 'I287' })))
      .returning({ id: catalogueRecord.id });
    records = made.map((r) => r.id);
    await t.db
      .insert(copy)
      .values(records.map((recordId, i) => scope().values({ recordId, barcode: `TR${i + 1}`, storeType: 2 })));
    await t.db
      .insert(appUser)
      .values(
        Array.from({ length: 5 }, (_, i) =>
          scope().values({ account: `tr${i}`, name: `读者${i}`, identity: 'student' }),
        ),
      );
    // 2,400 returned loans from June 2024 to November 2026, popular titles lent most (a square skew), a few titles
    // lent in bursts so that the years' tops differ from the periods'.
    await t.db.execute(sql`insert into loan (school_id, copy_id, record_id, user_id, borrowed_at, due_date, returned_at)
      select ${t.schoolId}, c.id, c.record_id, u.id, b, (b + interval '14 days')::date, b + interval '3 days'
      from (select g, timestamptz '2024-06-01 09:00+08' + ((g * 7919) % 900) * interval '1 day'
                + ((g * 104729) % 600) * interval '1 minute' as b,
              case when g % 11 = 0 then 20 + g % 7 else floor(30 * power(((g * 2654435761) % 1000003) / 1000003.0, 2))::int end as k
            from generate_series(1, 2400) g) x
      join lateral (select id, record_id from copy where school_id = ${t.schoolId} and barcode = 'TR' || (x.k + 1)) c on true
      join lateral (select id from app_user where school_id = ${t.schoolId} and account = 'tr' || (x.g % 5)) u on true`);
  });

  const PERIODS: [string, string][] = [
    ['2025-01-01', '2025-12-31'], // a calendar year
    ['2025-11-21', '2026-11-20'], // the last 365 days
    ['2025-09-01', '2026-01-20'], // an autumn term, across two years
    ['2026-02-20', '2026-07-10'], // a spring term
    ['2025-07-01', '2026-06-30'], // a school year: half of two years
    ['2024-06-01', '2026-11-30'], // everything, three years
    ['2026-03-10', '2026-04-23'], // 45 days
    ['2025-02-01', '2025-12-20'], // most of a year, less both ends
  ];

  it('ranks as counting the loans does, for every period and cut (CollLendRank)', async () => {
    for (const [from, to] of PERIODS)
      for (const top of [1, 3, 7, 25, 100]) {
        const r = await t.post(`${S}/CollLendRank`, { period: 'custom', from, to, top });
        expect(r.json.success, JSON.stringify(r.json)).toBe(true);
        const got = r.json.data.List.map((x: any) => ({ rank: x.rank, id: x.id, loans: x.loans }));
        expect(got, `${from}…${to} top ${top}`).toEqual(await counted(from, to, top));
      }
  });

  it('answers from the yearly rollup (not by counting every loan), with the same figures', async () => {
    for (const [from, to] of PERIODS)
      for (const top of [1, 3, 7, 100]) {
        const byYears = await titleRankByYears(t.db, scope(), { from, to }, 'Asia/Shanghai', top);
        // 45 days of this sparse library (~120 loans): the year's top 7 were not all lent then, so no cut is known
        // and the loans are counted instead (undefined).
        if (from === '2026-03-10' && top === 7) continue;
        expect(byYears, `${from}…${to} top ${top}`).toBeDefined();
        const want = await counted(from, to, top);
        expect(byYears, `${from}…${to} top ${top}`).toEqual(
          want.map((w) => ({ key: w.id, loans: w.loans, borrowers: 0 })),
        );
      }
  });

  it('the yearly board reads its calendar year; a merge of records and a deleted loan move the figures at once', async () => {
    const year = async () => {
      const r = await t.post(`${S}/YearRank`, { date: '2025-06-01', top: 5 });
      expect(r.json.success, JSON.stringify(r.json)).toBe(true);
      return r.json.data.titles.map((x: any) => ({ rank: x.rank, id: x.id, loans: x.loans }));
    };
    expect(await year()).toEqual(await counted('2025-01-01', '2025-12-31', 5));
    // The second title's loans move to the last one (a record merge moves the loans), one loan of the first goes.
    const [first, second] = await year();
    await t.db.execute(sql`update loan set record_id = ${records[29]} where record_id = ${second.id}`);
    await t.db.execute(sql`delete from loan where id = (select min(id) from loan where record_id = ${first.id}
      and borrowed_at >= '2025-01-01T00:00:00+08:00' and borrowed_at < '2026-01-01T00:00:00+08:00')`);
    const after = await year();
    expect(after).toEqual(await counted('2025-01-01', '2025-12-31', 5));
    expect(after.find((x: any) => x.id === first.id)?.loans).toBe(first.loans - 1);
    expect(after.find((x: any) => x.id === second.id)).toBeUndefined();
    // The rollup holds what counting the loans again gives, row for row.
    const stored = sql`select record_id, year, loans from loan_year_record where school_id = ${t.schoolId} and loans <> 0`;
    const recount = sql`select l.record_id, extract(year from l.borrowed_at at time zone s.time_zone)::int, count(*)::int
      from loan l join school s on s.id = l.school_id where l.school_id = ${t.schoolId} group by 1, 2`;
    const drift = rows(
      await t.db.execute(
        sql`select count(*)::int as n from ((${stored} except ${recount}) union all (${recount} except ${stored})) d`,
      ),
    );
    expect(drift[0].n).toBe(0);
  });
});
