import type { CircDimension } from '@shuyuan/contracts/statistics/reports';
import { Button, DatePicker, Form, Tabs } from 'antd';
import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { pct } from './api.ts';
import { barOption, head } from './charts.ts';
import { type ReportDef, ReportScreen } from './report.tsx';
import { SchoolDateItem } from './filters.tsx';
import { StandardsPanel } from './standards.tsx';

type Row = Record<string, any>;
type T = (k: string, o?: any) => string;
const col = (t: T, key: string, extra: Partial<ColumnsType<Row>[number]> = {}) =>
  ({ title: t(`statistics.col.${key}`), dataIndex: key, key, ...extra }) as ColumnsType<Row>[number];
const money = (fen: number | null) => (fen == null ? '' : (fen / 100).toFixed(2));
const day = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '');

/** What each ranking's id filters by when a row is clicked. */
const RANK_DRILL: Record<string, string> = {
  title: 'recordId',
  classNo: 'classNo',
  department: 'departmentId',
  class: 'classId',
  reader: 'readerId',
};

function rankDef(code: string, action: string, by: string, filters: ReportDef['filters']): ReportDef {
  const group = by !== 'title' && by !== 'reader';
  return {
    code,
    action,
    filters: ['period', ...filters],
    rows: (d) => d.List,
    rowKey: (r) => String(r.id),
    columns: (t) => [
      col(t, 'rank', { width: 70 }),
      col(t, by === 'title' ? 'title' : 'name', { dataIndex: 'name', width: 260 }),
      col(t, by === 'title' ? 'author' : by === 'reader' ? 'class' : 'detail', { dataIndex: 'detail', width: 160 }),
      col(t, 'loans', { width: 100 }),
      ...(group ? [col(t, 'borrowers', { width: 100 })] : []),
    ],
    chart: (rows, t) =>
      barOption(
        head(rows).map((r) => r.name),
        [{ name: t('statistics.col.loans'), data: head(rows).map((r) => r.loans) }],
      ),
    // A class letter '' (unclassified) cannot be filtered by; everything else drills into its loans.
    drill: (r) => (r.id === '' ? null : { [RANK_DRILL[by]]: r.id }),
  };
}

function boardDef(code: string, action: string, picker: 'day' | 'week' | 'month' | 'year'): ReportDef {
  const kinds = ['titles', 'readers', 'classes'] as const;
  return {
    code,
    action,
    filters: [],
    extra: <SchoolDateItem picker={picker === 'day' ? 'date' : picker} />,
    // No date yet (the school's today not loaded): the server takes the school's today.
    extraQuery: (v) => (v.date ? { date: v.date.format('YYYY-MM-DD') } : {}),
    // One table of the three lists side by side: rank n of titles, readers and classes on line n.
    rows: (d) =>
      Array.from({ length: Math.max(d.titles.length, d.readers.length, d.classes.length) }, (_, i) => ({
        rank: i + 1,
        title: d.titles[i],
        reader: d.readers[i],
        klass: d.classes[i],
      })),
    rowKey: (r) => r.rank,
    columns: (t) => [
      col(t, 'rank', { width: 60 }),
      ...kinds.map((k, i) => ({
        title: t(`statistics.board.${k}`),
        key: k,
        width: 260,
        render: (_: unknown, r: Row) => {
          const x = r[['title', 'reader', 'klass'][i]];
          return x ? `${x.rank}. ${x.name}${x.detail ? ` · ${x.detail}` : ''} (${x.loans})` : '';
        },
      })),
    ],
    chart: (rows, t) => {
      const top = rows.filter((r) => r.title).slice(0, 20);
      return barOption(
        top.map((r) => r.title.name),
        [{ name: t('statistics.col.loans'), data: top.map((r) => r.title.loans) }],
      );
    },
    drill: (r) => (r.title ? { recordId: r.title.id } : null),
  };
}

const DIMS: CircDimension[] = ['day', 'month', 'identity', 'grade', 'class', 'location', 'resourceType', 'classNo'];
const DIM_DRILL: Partial<Record<CircDimension, string>> = {
  identity: 'identity',
  grade: 'gradeId',
  class: 'classId',
  location: 'locationId',
  resourceType: 'resourceTypeId',
  classNo: 'classNo',
};

/** A click on a day or month of a time series narrows the period to it. */
function timeDrill(by: string, key: string): Record<string, unknown> {
  if (by === 'day') return { period: 'custom', from: key, to: key };
  const first = dayjs(`${key}-01`);
  return { period: 'custom', from: first.format('YYYY-MM-DD'), to: first.endOf('month').format('YYYY-MM-DD') };
}

const circulation: ReportDef = {
  code: 'circulate-statistic',
  action: 'Circulation',
  filters: ['period', 'grade', 'class', 'identity', 'location', 'resourceType', 'classNo'],
  by: { options: DIMS, labelKey: (v) => `statistics.dim.${v}` },
  rows: (d) => d.List,
  rowKey: (r) => String(r.key),
  total: (d) => ({ key: '__total', name: '', ...d.total, isTotal: true }),
  columns: (t) => [
    col(t, 'name', { width: 200, render: (v, r) => (r.isTotal ? t('statistics.col.total') : v) }),
    col(t, 'loans', { width: 100 }),
    col(t, 'returns', { width: 100 }),
    col(t, 'renewals', { width: 100 }),
    col(t, 'overdueReturns', { width: 110 }),
  ],
  chart: (rows, t, q) =>
    barOption(
      rows.map((r) => r.name),
      (['loans', 'returns', 'renewals', 'overdueReturns'] as const).map((k) => ({
        name: t(`statistics.col.${k}`),
        data: rows.map((r) => r[k]),
      })),
      q.by === 'day' || q.by === 'month' ? 'line' : 'bar',
    ),
  drill: (r, q) => {
    const by = String(q.by ?? 'day');
    if (by === 'day' || by === 'month') return timeDrill(by, String(r.key));
    return r.key === '' || !DIM_DRILL[by as CircDimension] ? null : { [DIM_DRILL[by as CircDimension]!]: r.key };
  },
};

function groupDef(code: string, action: string, by: string[], filters: ReportDef['filters']): ReportDef {
  return {
    code,
    action,
    filters: ['period', ...filters],
    by: by.length > 1 ? { options: by, labelKey: (v) => `statistics.dim.${v}` } : undefined,
    rows: (d) => d.List,
    rowKey: (r) => r.id,
    total: (d) => ({ id: -1, name: '', detail: '', ...d.total, isTotal: true }),
    columns: (t) => [
      col(t, 'name', { width: 140, render: (v, r) => (r.isTotal ? t('statistics.col.total') : v) }),
      col(t, 'detail', { width: 100 }),
      col(t, 'readers', { width: 90 }),
      col(t, 'borrowers', { width: 90 }),
      col(t, 'participation', { width: 110, render: (v: number) => pct(v) }),
      col(t, 'loans', { width: 90 }),
      col(t, 'perReader', { width: 100 }),
      col(t, 'overdue', { width: 100 }),
      col(t, 'overdueRate', { width: 100, render: (v: number) => pct(v) }),
    ],
    chart: (rows, t) =>
      barOption(
        head(rows, 40).map((r) => (r.detail ? `${r.detail} ${r.name}` : r.name)),
        [
          { name: t('statistics.col.loans'), data: head(rows, 40).map((r) => r.loans) },
          { name: t('statistics.col.borrowers'), data: head(rows, 40).map((r) => r.borrowers) },
        ],
      ),
    drill: (r, q) => ({
      [q.by === 'grade' ? 'gradeId' : code === 'dept-borrowstatistic' ? 'departmentId' : 'classId']: r.id,
    }),
  };
}

const resource: ReportDef = {
  code: 'resourcecicr',
  action: 'ResourceCirc',
  filters: ['period', 'location', 'resourceType', 'classNo', 'grade', 'class', 'identity'],
  by: { options: ['classNo', 'location', 'resourceType'], labelKey: (v) => `statistics.dim.${v}` },
  rows: (d) => d.List,
  rowKey: (r) => String(r.key),
  total: (d) => ({ key: '__total', name: '', ...d.total, isTotal: true }),
  columns: (t) => [
    col(t, 'name', { width: 260, render: (v, r) => (r.isTotal ? t('statistics.col.total') : v) }),
    col(t, 'copies', { width: 100 }),
    col(t, 'loans', { width: 100 }),
    col(t, 'rate', { width: 110, render: (v: number) => pct(v) }),
  ],
  chart: (rows, t) =>
    barOption(
      rows.map((r) => r.name),
      [{ name: t('statistics.col.rate'), data: rows.map((r) => Math.round(r.rate * 10000) / 100) }],
    ),
  drill: (r, q) =>
    r.key === ''
      ? null
      : { [q.by === 'location' ? 'locationId' : q.by === 'resourceType' ? 'resourceTypeId' : 'classNo']: r.key },
};

const zeroReaders: ReportDef = {
  code: 'zero-borrow-person',
  action: 'ZeroReaders',
  filters: ['period', 'grade', 'class', 'department', 'identity'],
  paged: true,
  rows: (d) => d.List,
  rowKey: (r) => r.id,
  columns: (t) => [
    col(t, 'account', { width: 130 }),
    col(t, 'reader', { dataIndex: 'name', width: 140 }),
    col(t, 'identity', { width: 90, render: (v: string) => t(`statistics.identity.${v}`) }),
    col(t, 'grade', { dataIndex: 'gradeName', width: 110 }),
    col(t, 'class', { dataIndex: 'className', width: 110 }),
  ],
};

/** Chosen never-lent copies go to the weeding screen with their barcodes filled in. */
function WeedButton({ selected }: { selected: Row[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = usePermission('weeding:weed');
  if (!can) return null;
  return (
    <Button
      disabled={!selected.length}
      data-testid="to-weeding"
      onClick={() => navigate(`/weeding?barcodes=${encodeURIComponent(selected.map((r) => r.barcode).join(','))}`)}
    >
      {t('statistics.zero.toWeeding', { count: selected.length })}
    </Button>
  );
}

const zeroCopies: ReportDef = {
  code: 'zero-borrow-book',
  action: 'ZeroCopies',
  filters: ['location', 'resourceType', 'classNo'],
  extra: (
    <>
      <Form.Item name="since" label={<SinceLabel />}>
        <DatePicker />
      </Form.Item>
      <Form.Item name="acquiredBefore" label={<AcquiredLabel />}>
        <DatePicker />
      </Form.Item>
    </>
  ),
  extraQuery: (v) => ({
    ...(v.since ? { since: v.since.format('YYYY-MM-DD') } : {}),
    ...(v.acquiredBefore ? { acquiredBefore: v.acquiredBefore.format('YYYY-MM-DD') } : {}),
  }),
  paged: true,
  selectable: true,
  rows: (d) => d.List,
  rowKey: (r) => r.id,
  columns: (t) => [
    col(t, 'barcode', { width: 120 }),
    col(t, 'title', { width: 240, ellipsis: true }),
    col(t, 'callNo', { width: 120 }),
    col(t, 'location', { dataIndex: 'locationName', width: 110 }),
    col(t, 'acquiredAt', { width: 110, render: day }),
    col(t, 'lastBorrowedAt', { width: 110, render: (v) => day(v) || t('statistics.zero.never') }),
    col(t, 'price', { dataIndex: 'priceFen', width: 90, render: money }),
  ],
  toolbar: (_, selected) => <WeedButton selected={selected} />,
};

function SinceLabel() {
  return <>{useTranslation().t('statistics.filter.since')}</>;
}
function AcquiredLabel() {
  return <>{useTranslation().t('statistics.filter.acquiredBefore')}</>;
}

const counter: ReportDef = {
  code: 'counter-statistics',
  action: 'Counter',
  filters: ['period'],
  by: { options: ['day', 'hour'], labelKey: (v) => `statistics.dim.${v}` },
  rows: (d) => d.List,
  rowKey: (r) => r.key,
  columns: (t) => [
    col(t, 'name', {
      width: 200,
      render: (v, r) => (r.kind === 'sip2' ? `${t('statistics.counter.sip2')} ${v}` : v),
    }),
    col(t, 'loans', { width: 90 }),
    col(t, 'returns', { width: 90 }),
    col(t, 'renewals', { width: 90 }),
    col(t, 'total', { width: 90 }),
  ],
  // The chart: the whole desk's operations per day or hour; the table: who did them.
  chart: (_rows, t, _q, d) =>
    barOption(
      d.series.map((b: Row) => b.bucket),
      (['loans', 'returns', 'renewals'] as const).map((k) => ({
        name: t(`statistics.col.${k}`),
        data: d.series.map((b: Row) => b[k]),
      })),
    ),
};

const collection: ReportDef = {
  code: 'collection-statistic',
  action: 'Collection',
  filters: ['location', 'resourceType', 'classNo'],
  by: { options: ['classNo', 'location', 'resourceType', 'year', 'language'], labelKey: (v) => `statistics.dim.${v}` },
  rows: (d) => d.List,
  rowKey: (r) => String(r.key),
  total: (d) => ({ key: '__total', ...d.total, isTotal: true }),
  columns: (t) => [
    col(t, 'name', { width: 260, render: (v, r) => (r.isTotal ? t('statistics.col.total') : v) }),
    col(t, 'titles', { width: 90 }),
    col(t, 'copies', { width: 90 }),
    col(t, 'value', { dataIndex: 'valueFen', width: 120, render: money }),
    col(t, 'copyShare', { dataIndex: 'share', width: 100, render: (v?: number) => (v === undefined ? '' : pct(v)) }),
  ],
  chart: (rows, t) =>
    barOption(
      rows.map((r) => r.name),
      [{ name: t('statistics.col.copies'), data: rows.map((r) => r.copies) }],
    ),
  drillCopies: (r, q) => ({ by: q.by ?? 'classNo', key: r.key ?? '' }),
};

function classifyDef(code: string, action: string, level: 5 | 22): ReportDef {
  return {
    code,
    action,
    filters: ['period', 'location', 'resourceType', 'grade', 'class', 'identity'],
    rows: (d) => d.List,
    rowKey: (r) => r.key,
    total: (d) => ({ key: '__total', ...d.total, isTotal: true }),
    columns: (t) => [
      col(t, 'name', { width: 300, render: (v, r) => (r.isTotal ? t('statistics.col.total') : v) }),
      col(t, 'titles', { width: 80 }),
      col(t, 'copies', { width: 80 }),
      col(t, 'value', { dataIndex: 'valueFen', width: 110, render: money }),
      col(t, 'copyShare', { width: 100, render: (v?: number) => (v === undefined ? '' : pct(v)) }),
      col(t, 'loans', { width: 80 }),
      col(t, 'loanShare', { width: 100, render: (v?: number) => (v === undefined ? '' : pct(v)) }),
      col(t, 'rate', { width: 100, render: (v: number) => pct(v) }),
    ],
    chart: (rows, t) =>
      barOption(
        rows.map((r) => (level === 22 ? r.key || r.name : r.name)),
        [
          { name: t('statistics.col.copies'), data: rows.map((r) => r.copies) },
          { name: t('statistics.col.loans'), data: rows.map((r) => r.loans) },
        ],
      ),
    drill: level === 22 ? (r) => (r.key ? { classNo: r.key } : null) : undefined,
    drillCopies: (r) => ({ by: level === 22 ? 'class22' : 'part', key: r.key ?? '' }),
  };
}

const purchase: ReportDef = {
  code: 'statistical-purchasing',
  action: 'Purchase',
  filters: ['period', 'location', 'resourceType', 'classNo'],
  periods: ['year', 'month', 'term', 'custom', 'week', 'day'],
  by: { options: ['batch', 'bookseller', 'source', 'classNo', 'month'], labelKey: (v) => `statistics.dim.${v}` },
  rows: (d) => d.List,
  rowKey: (r) => String(r.key),
  total: (d) => ({ key: '__total', ...d.total, isTotal: true }),
  columns: (t) => [
    col(t, 'name', { width: 220, render: (v, r) => (r.isTotal ? t('statistics.col.total') : v) }),
    col(t, 'titles', { width: 90 }),
    col(t, 'copies', { width: 90 }),
    col(t, 'value', { dataIndex: 'valueFen', width: 120, render: money }),
    col(t, 'paid', { dataIndex: 'paidFen', width: 120, render: money }),
  ],
  chart: (rows, t) =>
    barOption(
      rows.map((r) => r.name),
      [{ name: t('statistics.col.copies'), data: rows.map((r) => r.copies) }],
    ),
};

/** /collection-statistic: the collection report and, beside it, the standards report. */
function CollectionScreen() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'collection', label: t('statistics.pages.collection'), children: <ReportScreen def={collection} /> },
        { key: 'standards', label: t('statistics.standards.tab'), children: <StandardsPanel /> },
      ]}
    />
  );
}

const ITEM_FILTERS: ReportDef['filters'] = ['grade', 'class', 'identity', 'location', 'resourceType', 'classNo'];
const DEFS = {
  collLendrank: rankDef('collLendrank', 'CollLendRank', 'title', ITEM_FILTERS),
  catelendrank: rankDef('catelendrank', 'CateLendRank', 'classNo', [
    'grade',
    'class',
    'identity',
    'location',
    'resourceType',
  ]),
  deptlendrank: rankDef('deptlendrank', 'DeptLendRank', 'department', [
    'identity',
    'location',
    'resourceType',
    'classNo',
  ]),
  classlendrank: rankDef('classlendrank', 'ClassLendRank', 'class', ['grade', 'location', 'resourceType', 'classNo']),
  deptuserrank: rankDef('deptuserrank', 'DeptUserRank', 'reader', ['department', 'identity', 'location', 'classNo']),
  classuserrank: rankDef('classuserrank', 'ClassUserRank', 'reader', ['grade', 'class', 'location', 'classNo']),
  dayrank: boardDef('dayrank', 'DayRank', 'day'),
  weekrank: boardDef('weekrank', 'WeekRank', 'week'),
  monthrank: boardDef('monthrank', 'MonthRank', 'month'),
  yearrank: boardDef('yearrank', 'YearRank', 'year'),
  circulation,
  classBorrow: groupDef(
    'class-borrowstatistic',
    'ClassBorrow',
    ['class', 'grade'],
    ['grade', 'class', 'identity', 'location', 'resourceType', 'classNo'],
  ),
  deptBorrow: groupDef(
    'dept-borrowstatistic',
    'DeptBorrow',
    ['department'],
    ['department', 'identity', 'location', 'resourceType', 'classNo'],
  ),
  resource,
  zeroReaders,
  zeroCopies,
  counter,
  purchase,
  classify5: classifyDef('data-report.classify5', 'Classify5', 5),
  classify22: classifyDef('classify22', 'Classify22', 22),
} satisfies Record<string, ReportDef>;

/** One screen component per report (the definitions are module constants: a screen never rebuilds its report). */
export const screens = {
  ...(Object.fromEntries(Object.entries(DEFS).map(([k, def]) => [k, () => <ReportScreen def={def} />])) as Record<
    keyof typeof DEFS,
    () => ReactElement
  >),
  collection: CollectionScreen,
};
