import type { Lang } from '@shuyuan/contracts/common/lang';
import {
  BoardQuery,
  type ClassReportData,
  ClassReportQuery,
  type CollectionData,
  CollectionQuery,
  type BoardData,
  type CircStatData,
  CircStatQuery,
  CounterQuery,
  type CounterData,
  type GroupStatData,
  type PurchaseData,
  PurchaseQuery,
  GroupStatQuery,
  type RankData,
  RankQuery,
  type RankRow,
  type Ranking,
  type ResourceCircData,
  ResourceCircQuery,
  ZeroCopyQuery,
  ZeroReaderQuery,
} from '@shuyuan/contracts/statistics/reports';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { circulationStats } from './circulation-stats.service.ts';
import { classReport, collectionStats } from './collection.service.ts';
import { counterStats } from './counter.service.ts';
import { SERIAL_STAT_SCREEN_DEFS } from '../serials/statistics.screens.ts';
import { LEDGER_SCREENS } from './ledger.screens.ts';
import { QUERY_SCREEN } from './query.screen.ts';
import { groupStats } from './group-stats.service.ts';
import { purchaseStats } from './purchase.service.ts';
import { board, rank } from './rank.service.ts';
import { resourceCirc } from './resource.service.ts';
import { zeroCopies, zeroReaders } from './zero.service.ts';
import { alarmRecords, entryRecords, visitStats } from './visits.service.ts';
import {
  AlarmQuery,
  type AlarmData,
  EntryRecordQuery,
  type EntryRecordData,
  VisitQuery,
  type VisitData,
} from '@shuyuan/contracts/statistics/gate';

type Cell = string | number | null | undefined;
/** One worksheet of an export: a title key, column label keys and the rows' cells. */
export interface Sheet {
  titleKey: string;
  columns: string[];
  rows: Cell[][];
}

/**
 * A statistics screen: its permission code (menu tree), its endpoint P/Statistics/<action>, the contract, the
 * report it runs and how its answer becomes worksheets. `paged` reports take Page/Rows and export page by
 * page; `drill` screens also answer P/Statistics/<action>Loans (the loans behind a figure), `copies` screens
 * P/Statistics/<action>Copies (the held copies behind a collection figure).
 */
export interface StatScreen {
  code: string;
  action: string;
  schema: z.ZodType;
  run: (db: Db, scope: Scope, q: any, lang: Lang) => Promise<any>;
  sheets: (data: any, t: (key: string) => string) => Sheet[];
  paged?: boolean;
  drill?: boolean;
  /** Also answers P/Statistics/<action>Copies: the held copies behind a collection figure. */
  copies?: boolean;
}

const C = (k: string) => `statistics.col.${k}`;
/** A rate as a percentage with two decimals, as the screens show it. */
export const pct = (v: number): string => `${(v * 100).toFixed(2)}%`;

function rankSheet(titleKey: string, rows: RankRow[], group: boolean): Sheet {
  return {
    titleKey,
    columns: [C('rank'), C('name'), C('detail'), C('loans'), ...(group ? [C('borrowers')] : [])],
    rows: rows.map((r) => [r.rank, r.name, r.detail, r.loans, ...(group ? [r.borrowers] : [])]),
  };
}

function ranking(code: string, action: string, by: Ranking): StatScreen {
  const group = by !== 'title' && by !== 'reader';
  return {
    code,
    action,
    schema: RankQuery,
    run: (db, scope, q, lang) => rank(db, scope, { ...q, by }, lang),
    sheets: (d: RankData) => [rankSheet(`statistics.screen.${code}`, d.List, group)],
    drill: true,
  };
}

function periodBoard(code: string, action: string, which: BoardQuery['board']): StatScreen {
  return {
    code,
    action,
    schema: BoardQuery,
    run: (db, scope, q, lang) => board(db, scope, { ...q, board: which }, lang),
    sheets: (d: BoardData) => [
      rankSheet('statistics.board.titles', d.titles, false),
      rankSheet('statistics.board.readers', d.readers, false),
      rankSheet('statistics.board.classes', d.classes, true),
    ],
    drill: true,
  };
}

const groupSheet =
  (code: string) =>
  (d: GroupStatData): Sheet[] => [
    {
      titleKey: `statistics.screen.${code}`,
      columns: [
        'name',
        'detail',
        'readers',
        'borrowers',
        'participation',
        'loans',
        'perReader',
        'overdue',
        'overdueRate',
      ].map(C),
      rows: [
        ...d.List.map((r) => [
          r.name,
          r.detail,
          r.readers,
          r.borrowers,
          pct(r.participation),
          r.loans,
          r.perReader,
          r.overdue,
          pct(r.overdueRate),
        ]),
      ],
    },
  ];

const yuan = (fen: number) => (fen / 100).toFixed(2);

function classify(code: string, action: string, level: 5 | 22): StatScreen {
  return {
    code,
    action,
    schema: ClassReportQuery,
    run: (db, scope, q, lang) => classReport(db, scope, { ...q, level }, lang),
    sheets: (d: ClassReportData) => [
      {
        titleKey: `statistics.screen.${code}`,
        columns: ['name', 'titles', 'copies', 'value', 'copyShare', 'loans', 'loanShare', 'rate'].map(C),
        rows: [
          ...d.List.map((r) => [
            r.name,
            r.titles,
            r.copies,
            yuan(r.valueFen),
            pct(r.copyShare),
            r.loans,
            pct(r.loanShare),
            pct(r.rate),
          ]),
          ['', d.total.titles, d.total.copies, yuan(d.total.valueFen), '', d.total.loans, '', pct(d.total.rate)],
        ],
      },
    ],
    drill: level === 22,
    copies: true,
  };
}

/** A time of an event as the school reads it (its time zone), to the second. */
const localTime = (iso: string, tz: string) =>
  new Date(iso).toLocaleString('sv-SE', { timeZone: tz, hour12: false }).slice(0, 19);

/** The entrance's screens (issue 12 §1 visits): passes, visits per hour/day/month, security-gate alarms. */
const VISIT_SCREENS: StatScreen[] = [
  {
    code: 'entry-exit-records',
    action: 'EntryExitRecords',
    schema: EntryRecordQuery,
    run: (db, scope, q) => entryRecords(db, scope, q),
    paged: true,
    sheets: (d: EntryRecordData, t) => [
      {
        titleKey: 'statistics.screen.entry-exit-records',
        columns: ['time', 'direction', 'source', 'gate', 'device', 'card', 'account', 'reader', 'grade', 'class'].map(
          C,
        ),
        rows: d.List.map((r) => [
          localTime(r.at, d.tz),
          t(`statistics.visits.direction.${r.direction}`),
          t(`statistics.visits.source.${r.source}`),
          r.gate,
          r.device,
          r.card,
          r.account,
          r.readerName,
          r.gradeName,
          r.className,
        ]),
      },
    ],
  },
  {
    code: 'inoutstatistic',
    action: 'Visits',
    schema: VisitQuery,
    run: (db, scope, q) => visitStats(db, scope, q),
    sheets: (d: VisitData) => [
      {
        titleKey: 'statistics.screen.inoutstatistic',
        columns: ['bucket', 'ins', 'outs', 'visitors'].map(C),
        rows: [
          ...d.List.map((r) => [r.key, r.ins, r.outs, r.readers]),
          ['', d.total.ins, d.total.outs, d.total.readers],
        ],
      },
    ],
  },
  {
    code: 'alarm-record',
    action: 'Alarms',
    schema: AlarmQuery,
    run: (db, scope, q) => alarmRecords(db, scope, q),
    paged: true,
    sheets: (d: AlarmData, t) => [
      {
        titleKey: 'statistics.screen.alarm-record',
        columns: ['time', 'gate', 'device', 'tag', 'barcode', 'title', 'callNo', 'circState'].map(C),
        rows: d.List.map((r) => [
          localTime(r.at, d.tz),
          r.gate,
          r.device,
          r.tag,
          r.barcode,
          r.title,
          r.callNo,
          r.circState ? t(`statistics.circState.${r.circState}`) : '',
        ]),
      },
    ],
  },
];

/** Every statistics screen with an endpoint; the routes, drill-downs and exports are made from this list. */
export const STAT_SCREENS: StatScreen[] = [
  ranking('collLendrank', 'CollLendRank', 'title'),
  ranking('catelendrank', 'CateLendRank', 'classNo'),
  ranking('deptlendrank', 'DeptLendRank', 'department'),
  ranking('classlendrank', 'ClassLendRank', 'class'),
  ranking('deptuserrank', 'DeptUserRank', 'reader'),
  ranking('classuserrank', 'ClassUserRank', 'reader'),
  periodBoard('dayrank', 'DayRank', 'day'),
  periodBoard('weekrank', 'WeekRank', 'week'),
  periodBoard('monthrank', 'MonthRank', 'month'),
  periodBoard('yearrank', 'YearRank', 'year'),
  {
    code: 'circulate-statistic',
    action: 'Circulation',
    schema: CircStatQuery,
    run: circulationStats,
    sheets: (d: CircStatData) => [
      {
        titleKey: 'statistics.screen.circulate-statistic',
        columns: ['name', 'loans', 'returns', 'renewals', 'overdueReturns'].map(C),
        rows: d.List.map((r) => [r.name, r.loans, r.returns, r.renewals, r.overdueReturns]),
      },
    ],
    drill: true,
  },
  {
    code: 'class-borrowstatistic',
    action: 'ClassBorrow',
    schema: GroupStatQuery,
    run: (db, scope, q, lang) => groupStats(db, scope, { ...q, by: q.by === 'grade' ? 'grade' : 'class' }, lang),
    sheets: groupSheet('class-borrowstatistic'),
    drill: true,
  },
  {
    code: 'dept-borrowstatistic',
    action: 'DeptBorrow',
    schema: GroupStatQuery,
    run: (db, scope, q, lang) => groupStats(db, scope, { ...q, by: 'department' }, lang),
    sheets: groupSheet('dept-borrowstatistic'),
    drill: true,
  },
  {
    code: 'resourcecicr',
    action: 'ResourceCirc',
    schema: ResourceCircQuery,
    run: resourceCirc,
    sheets: (d: ResourceCircData) => [
      {
        titleKey: 'statistics.screen.resourcecicr',
        columns: ['name', 'copies', 'loans', 'rate'].map(C),
        rows: d.List.map((r) => [r.name, r.copies, r.loans, pct(r.rate)]),
      },
    ],
    drill: true,
  },
  {
    code: 'zero-borrow-person',
    action: 'ZeroReaders',
    schema: ZeroReaderQuery,
    run: (db, scope, q) => zeroReaders(db, scope, q),
    paged: true,
    sheets: (d, t) => [
      {
        titleKey: 'statistics.screen.zero-borrow-person',
        columns: ['account', 'reader', 'identity', 'grade', 'class'].map(C),
        rows: d.List.map((r: any) => [
          r.account,
          r.name,
          t(`statistics.identity.${r.identity}`),
          r.gradeName,
          r.className,
        ]),
      },
    ],
  },
  {
    code: 'zero-borrow-book',
    action: 'ZeroCopies',
    schema: ZeroCopyQuery,
    run: (db, scope, q) => zeroCopies(db, scope, q),
    paged: true,
    sheets: (d) => [
      {
        titleKey: 'statistics.screen.zero-borrow-book',
        columns: ['barcode', 'title', 'callNo', 'location', 'acquiredAt', 'lastBorrowedAt', 'price'].map(C),
        rows: d.List.map((r: any) => [
          r.barcode,
          r.title,
          r.callNo,
          r.locationName,
          r.acquiredAt.slice(0, 10),
          r.lastBorrowedAt?.slice(0, 10) ?? '',
          r.priceFen == null ? '' : (r.priceFen / 100).toFixed(2),
        ]),
      },
    ],
  },
  {
    code: 'collection-statistic',
    action: 'Collection',
    schema: CollectionQuery,
    run: collectionStats,
    sheets: (d: CollectionData) => [
      {
        titleKey: 'statistics.screen.collection-statistic',
        columns: ['name', 'titles', 'copies', 'value', 'copyShare'].map(C),
        rows: [
          ...d.List.map((r) => [r.name, r.titles, r.copies, yuan(r.valueFen), pct(r.share)]),
          ['', d.total.titles, d.total.copies, yuan(d.total.valueFen), ''],
        ],
      },
    ],
    copies: true,
  },
  classify('data-report.classify5', 'Classify5', 5),
  classify('classify22', 'Classify22', 22),
  {
    code: 'statistical-purchasing',
    action: 'Purchase',
    schema: PurchaseQuery,
    run: purchaseStats,
    sheets: (d: PurchaseData) => [
      {
        titleKey: 'statistics.screen.statistical-purchasing',
        columns: ['name', 'titles', 'copies', 'value', 'paid'].map(C),
        rows: [
          ...d.List.map((r) => [r.name, r.titles, r.copies, yuan(r.valueFen), yuan(r.paidFen)]),
          ['', d.total.titles, d.total.copies, yuan(d.total.valueFen), yuan(d.total.paidFen)],
        ],
      },
    ],
  },
  {
    code: 'counter-statistics',
    action: 'Counter',
    schema: CounterQuery,
    run: counterStats,
    sheets: (d: CounterData) => [
      {
        titleKey: 'statistics.screen.counter-statistics',
        columns: ['name', 'loans', 'returns', 'renewals', 'total'].map(C),
        rows: d.List.map((r) => [r.name, r.loans, r.returns, r.renewals, r.total]),
      },
      {
        titleKey: 'statistics.col.bucket',
        columns: ['bucket', 'loans', 'returns', 'renewals'].map(C),
        rows: d.series.map((r) => [r.bucket, r.loans, r.returns, r.renewals]),
      },
    ],
  },
  ...VISIT_SCREENS,
  ...LEDGER_SCREENS,
  ...SERIAL_STAT_SCREEN_DEFS,
  QUERY_SCREEN,
];
