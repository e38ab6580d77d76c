import { DIRECTIONS, GATE_SOURCES, VISIT_BUCKETS } from '@shuyuan/contracts/statistics/gate';
import { Alert, Form, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { barOption } from './charts.ts';
import { type ReportDef, ReportScreen } from './report.tsx';

type Row = Record<string, any>;
type T = (k: string, o?: any) => string;
const col = (t: T, key: string, extra: Partial<ColumnsType<Row>[number]> = {}) =>
  ({ title: t(`statistics.col.${key}`), dataIndex: key, key, ...extra }) as ColumnsType<Row>[number];

/** An event's time in the school's time zone (the answer names it), to the second. */
const localTime = (iso: string, tz?: string) =>
  new Date(iso).toLocaleString('sv-SE', { timeZone: tz || undefined, hour12: false }).slice(0, 19);

function Choice({ name, label, options }: { name: string; label: string; options: string[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t(label)}>
      <Select
        allowClear
        style={{ width: 110 }}
        data-testid={`visits-${name}`}
        options={options.map((v) => ({ value: v, label: t(`statistics.visits.${name}.${v}`) }))}
      />
    </Form.Item>
  );
}

function KeyField({ placeholder }: { placeholder: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="SearchKey">
      <Input allowClear style={{ width: 180 }} placeholder={t(placeholder)} />
    </Form.Item>
  );
}

const pick = (v: Record<string, any>, ...keys: string[]) =>
  Object.fromEntries(keys.filter((k) => v[k] !== undefined && v[k] !== null && v[k] !== '').map((k) => [k, v[k]]));

/** /entry-exit-records: every pass of the period (gate or card scan), newest first. */
const records: ReportDef = {
  code: 'entry-exit-records',
  action: 'EntryExitRecords',
  filters: ['period', 'grade', 'class', 'identity'],
  periods: ['day', 'week', 'month', 'term', 'year', 'custom'],
  extra: (
    <>
      <Choice name="direction" label="statistics.col.direction" options={[...DIRECTIONS]} />
      <Choice name="source" label="statistics.col.source" options={[...GATE_SOURCES]} />
      <KeyField placeholder="statistics.visits.keyPlaceholder" />
    </>
  ),
  extraQuery: (v) => pick(v, 'direction', 'source', 'SearchKey'),
  paged: true,
  rows: (d) => d.List,
  rowKey: (r) => r.id,
  columns: (t, d) => [
    col(t, 'time', { dataIndex: 'at', width: 170, render: (v: string) => localTime(v, d?.tz) }),
    col(t, 'direction', { width: 80, render: (v: string) => t(`statistics.visits.direction.${v}`) }),
    col(t, 'source', { width: 90, render: (v: string) => t(`statistics.visits.source.${v}`) }),
    col(t, 'gate', { width: 110 }),
    col(t, 'device', { width: 130 }),
    col(t, 'card', { width: 120 }),
    col(t, 'account', { width: 120 }),
    col(t, 'reader', { dataIndex: 'readerName', width: 120 }),
    col(t, 'grade', { dataIndex: 'gradeName', width: 100 }),
    col(t, 'class', { dataIndex: 'className', width: 100 }),
  ],
};

/** /inoutstatistic: entries, exits and readers by card per hour of the day, day or month, and the busiest hour. */
const visits: ReportDef = {
  code: 'inoutstatistic',
  action: 'Visits',
  filters: ['period', 'grade', 'class', 'identity'],
  by: { options: [...VISIT_BUCKETS], labelKey: (v) => `statistics.dim.${v}` },
  rows: (d) => d.List,
  rowKey: (r) => r.key,
  total: (d) => ({ key: '__total', ...d.total, isTotal: true }),
  columns: (t, _d, q) => [
    col(t, 'bucket', {
      dataIndex: 'key',
      width: 140,
      render: (v: string, r) =>
        r.isTotal
          ? t('statistics.col.total')
          : q.by === 'hour'
            ? `${v.padStart(2, '0')}:00–${v.padStart(2, '0')}:59`
            : v,
    }),
    col(t, 'ins', { width: 110 }),
    col(t, 'outs', { width: 110 }),
    col(t, 'visitors', { dataIndex: 'readers', width: 140 }),
  ],
  chart: (rows, t, q) =>
    barOption(
      rows.map((r) => (q.by === 'hour' ? `${r.key}:00` : r.key)),
      (['ins', 'outs'] as const).map((k) => ({ name: t(`statistics.col.${k}`), data: rows.map((r) => r[k]) })),
      q.by === 'hour' ? 'bar' : 'line',
    ),
};

/** /alarm-record: copies that passed the security gate without being lent. */
const alarms: ReportDef = {
  code: 'alarm-record',
  action: 'Alarms',
  filters: ['period'],
  periods: ['day', 'week', 'month', 'term', 'year', 'custom'],
  extra: (
    <>
      <GateField />
      <KeyField placeholder="statistics.visits.tagPlaceholder" />
    </>
  ),
  extraQuery: (v) => pick(v, 'gate', 'SearchKey'),
  paged: true,
  rows: (d) => d.List,
  rowKey: (r) => r.id,
  columns: (t, d) => [
    col(t, 'time', { dataIndex: 'at', width: 170, render: (v: string) => localTime(v, d?.tz) }),
    col(t, 'gate', { width: 110 }),
    col(t, 'device', { width: 130 }),
    col(t, 'tag', { width: 140 }),
    col(t, 'barcode', { width: 120 }),
    col(t, 'title', { width: 240, ellipsis: true }),
    col(t, 'callNo', { width: 120 }),
    col(t, 'circState', { width: 110, render: (v: string) => (v ? t(`statistics.circState.${v}`) : '') }),
  ],
};

function GateField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="gate" label={t('statistics.col.gate')}>
      <Input allowClear style={{ width: 120 }} />
    </Form.Item>
  );
}

/** How devices report, above the records: the entrance screen's address and the device API. */
function DeviceHint() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      className="stat-noprint"
      message={t('statistics.visits.hint')}
      description={
        <Typography.Text copyable={{ text: `${location.origin}/library/opac.html#/entrance` }}>
          {`${location.origin}/library/opac.html#/entrance`}
        </Typography.Text>
      }
    />
  );
}

export const visitScreens: Record<'records' | 'visits' | 'alarms', () => ReactElement> = {
  records: () => (
    <>
      <DeviceHint />
      <ReportScreen def={records} />
    </>
  ),
  visits: () => <ReportScreen def={visits} />,
  alarms: () => <ReportScreen def={alarms} />,
};
