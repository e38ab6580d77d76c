import { P } from '../packages/contracts/src/common/paths.ts';
import type { LibrarySize } from './library-fixture.ts';
import { libraryServer, timedPost } from './library-app.ts';
import { report, summarize } from './stats.ts';

/**
 * `npm run bench statistics`: every report and ranking of issue 12 on a year of loans — 3,000 readers in classes,
 * 300k copies, 500k loans, a year of gate passes and alarms (budget p95 < 1 s on PGlite, < 300 ms on PostgreSQL),
 * and the wall screen's refresh (< 200 ms). STATS_BENCH_SCALE (e.g. 0.1) shrinks the library and its history
 * (building the full one takes long on a busy machine); STATS_BENCH_RUNS sets the samples per report (default 7);
 * STATS_BENCH_DB=pg|pglite runs one database only.
 */
const SCALE = Number(process.env.STATS_BENCH_SCALE ?? process.env.BENCH_SCALE ?? 1);
const RUNS = Math.max(3, Number(process.env.STATS_BENCH_RUNS ?? 7));
export const STATS_LIBRARY: LibrarySize = {
  records: Math.round(100_000 * SCALE),
  copiesPerRecord: 3,
  readers: Math.max(60, Math.round(3_000 * SCALE)),
  onLoan: Math.round(6_000 * SCALE),
  history: {
    loans: Math.round(500_000 * SCALE),
    passes: Math.round(400_000 * SCALE),
    alarms: Math.round(2_000 * SCALE),
    classSize: 45,
  },
};

const S = `${P}/Statistics`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** What a librarian asks for: the whole year unless a shorter period is the report's nature. */
function cases(): { name: string; url: string; body: Record<string, unknown> }[] {
  const year = { period: 'custom', from: day(-365), to: day(-1) };
  const month = { period: 'custom', from: day(-30), to: day(-1) };
  const c = (name: string, action: string, body: Record<string, unknown>) => ({ name, url: `${S}/${action}`, body });
  return [
    c('most borrowed titles, year', 'CollLendRank', { ...year, top: 100 }),
    c('loans by CLC class, year', 'CateLendRank', { ...year }),
    c('loans by department, year', 'DeptLendRank', { ...year }),
    c('loans by class, year', 'ClassLendRank', { ...year }),
    c('top readers by department, year', 'DeptUserRank', { ...year }),
    c('top readers by class, year', 'ClassUserRank', { ...year }),
    c('daily board', 'DayRank', { date: day(-1) }),
    c('weekly board', 'WeekRank', { date: day(-1) }),
    c('monthly board', 'MonthRank', { date: day(-1) }),
    c('yearly board', 'YearRank', { date: day(-1) }),
    c('circulation by day, year', 'Circulation', { ...year, by: 'day' }),
    c('circulation by month, year', 'Circulation', { ...year, by: 'month' }),
    c('circulation by class, year', 'Circulation', { ...year, by: 'class' }),
    c('circulation by CLC class, year', 'Circulation', { ...year, by: 'classNo' }),
    c('class loan statistics, year', 'ClassBorrow', { ...year }),
    c('grade loan statistics, year', 'ClassBorrow', { ...year, by: 'grade' }),
    c('department loan statistics, year', 'DeptBorrow', { ...year }),
    c('circulation rate by CLC class, year', 'ResourceCirc', { ...year, by: 'classNo' }),
    c('circulation rate by location, year', 'ResourceCirc', { ...year, by: 'location' }),
    c('readers without loans, month', 'ZeroReaders', { ...month, Page: 1, Rows: 20 }),
    c('copies never lent, page 1', 'ZeroCopies', { Page: 1, Rows: 20 }),
    c('collection by CLC class', 'Collection', { by: 'classNo' }),
    c('five basic parts, year', 'Classify5', { ...year }),
    c('22 classes, year', 'Classify22', { ...year }),
    c('acquisitions by month, year', 'Purchase', { ...year, by: 'month' }),
    c('desk workload by day, month', 'Counter', { ...month, by: 'day' }),
    c('custom query month × class, year', 'Query', {
      ...year,
      dimensions: ['month', 'class'],
      measures: ['loans', 'borrowers'],
    }),
    c('drill: loans of one class, year', 'ClassBorrowLoans', { ...year, classId: 1, Page: 1, Rows: 20 }),
    c('visits per hour, year', 'Visits', { ...year, by: 'hour' }),
    c('visits per day, year', 'Visits', { ...year, by: 'day' }),
    c('entry and exit records, month, page 1', 'EntryExitRecords', { ...month, Page: 1, Rows: 20 }),
    c('security gate alarms, year, page 1', 'Alarms', { ...year, Page: 1, Rows: 20 }),
    c('summary ledger, year', 'Ledger', { ...year }),
    // The library's copies are all accessioned on the day it was built (today or a day before): these two periods
    // hold every copy — as the period's accessions, then as the opening balance of the period after them.
    c('summary ledger, every copy accessioned in the period', 'Ledger', {
      period: 'custom',
      from: day(-3000),
      to: day(1),
    }),
    c('summary ledger, every copy in the opening balance', 'Ledger', { period: 'custom', from: day(2), to: day(3) }),
  ];
}

async function measure(kind: 'PGlite' | 'PostgreSQL', pgUrl?: string | null) {
  const s = await libraryServer(kind, STATS_LIBRARY, pgUrl);
  try {
    // The drill-down's class: the first class of the school.
    const opts = await timedPost(s, `${S}/GetFilterOptions`, {});
    const classId = opts.json.data?.classes?.[0]?.id ?? 1;
    const budget = kind === 'PostgreSQL' ? 300 : 1000;
    const worst: { name: string; p95: number }[] = [];
    for (const k of cases()) {
      const body = k.body.classId ? { ...k.body, classId } : k.body;
      const first = await timedPost(s, k.url, body);
      if (!first.json.success) throw new Error(`${k.name}: ${first.json.msg}`);
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) samples.push((await timedPost(s, k.url, body)).server);
      const x = summarize(samples);
      worst.push({ name: k.name, p95: x.p95 });
      report(`${k.name}, ${kind}`, x.p95, 'ms', budget);
    }
    const wall: number[] = [];
    for (let i = 0; i < RUNS * 2; i++) wall.push((await timedPost(s, `${P}/Charts/GetWallScreen`, {})).server);
    report(`wall screen refresh p95, ${kind}`, summarize(wall).p95, 'ms', 200);
    worst.sort((a, b) => b.p95 - a.p95);
    console.log(
      `  (${kind}: ${RUNS} samples each after one warm-up; slowest: ${worst
        .slice(0, 3)
        .map((w) => `${w.name} ${w.p95.toFixed(0)} ms`)
        .join(', ')})`,
    );
  } finally {
    await s.close();
  }
}

/** Budgets: p95 < 1 s (PGlite) / < 300 ms (PostgreSQL) per report; the wall screen < 200 ms. */
export async function benchStatistics(pgUrl: string | null) {
  const h = STATS_LIBRARY.history!;
  console.log(
    `  library: ${STATS_LIBRARY.records * STATS_LIBRARY.copiesPerRecord} copies, ${STATS_LIBRARY.readers} readers, ${h.loans} loans over a year, ${h.passes} gate passes${SCALE !== 1 ? ` (STATS_BENCH_SCALE=${SCALE}: figures count only at 1)` : ''}`,
  );
  const only = process.env.STATS_BENCH_DB;
  if (only !== 'pglite') {
    if (pgUrl) await measure('PostgreSQL', pgUrl);
    else console.log('  PostgreSQL: skipped (no server answers; set BENCH_DATABASE_URL)');
  }
  if (only !== 'pg') await measure('PGlite');
}
