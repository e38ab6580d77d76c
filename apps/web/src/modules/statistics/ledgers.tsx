import { CLC_PARTS } from '@shuyuan/contracts/statistics/clc';
import type { LedgerBatchOption, LedgerLine, Removal } from '@shuyuan/contracts/statistics/ledgers';
import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Form, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactElement, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../app/http.ts';
import { STAT } from './api.ts';
import { barOption } from './charts.ts';
import { type ReportDef, ReportScreen } from './report.tsx';

type Row = Record<string, any>;
type T = (k: string, o?: any) => string;
const money = (fen: number | null | undefined) => (fen == null ? '' : (fen / 100).toFixed(2));
const L = (t: T, k: string, o?: object) => t(`statistics.ledger.${k}`, o);
const C = (t: T, k: string) => t(`statistics.col.${k}`);
const PARTS = [...CLC_PARTS, ''] as const;
const num = (v: number | '' | undefined) => (v === 0 ? '' : v);

/**
 * The batch choice of a register: one batch or several, searched by number, bookseller or source. A link
 * `#/singlebatch?batchId=12` chooses the batch and runs the register at once (also on a kept-alive tab).
 */
function BatchPicker({ multiple }: { multiple: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [key, setKey] = useState('');
  const [options, setOptions] = useState<LedgerBatchOption[]>([]);
  const [params] = useSearchParams();
  useEffect(() => {
    const timer = setTimeout(() => {
      api
        .post<LedgerBatchOption[]>(`${STAT}/LedgerBatches`, { key })
        .then(setOptions)
        .catch(() => {});
    }, 250);
    return () => clearTimeout(timer);
  }, [key]);
  const preset = params.get('batchId');
  useEffect(() => {
    if (!preset) return;
    const id = Number(preset);
    form.setFieldValue('batchIds', multiple ? [id] : id);
    form.submit();
  }, [preset, form, multiple]);
  return (
    <Form.Item name="batchIds" label={L(t, 'batch')} rules={[{ required: !multiple, message: L(t, 'batchRequired') }]}>
      <Select
        data-testid="ledger-batch"
        style={{ width: multiple ? 360 : 240 }}
        mode={multiple ? 'multiple' : undefined}
        allowClear
        showSearch
        filterOption={false}
        onSearch={setKey}
        placeholder={multiple ? L(t, 'batchesOrPeriod') : L(t, 'batchRequired')}
        options={options.map((b) => ({
          value: b.id,
          label: [b.batchNo, b.date, b.source, b.bookseller].filter(Boolean).join(' · '),
        }))}
      />
    </Form.Item>
  );
}

const batchQuery = (v: Record<string, any>) => {
  const ids = v.batchIds == null ? [] : ([] as number[]).concat(v.batchIds);
  return ids.length ? { batchIds: ids } : {};
};

const kindText = (t: T, kind: LedgerLine['kind'] | Removal['kind']) => L(t, `kind.${kind}`);

/** The register printed by the server: A4 landscape, the register's columns, the header on every page. */
function LedgerPdfButton({ query }: { query: Record<string, unknown> | null }) {
  const { t } = useTranslation();
  return (
    <Button
      icon={<FilePdfOutlined />}
      disabled={!query}
      data-testid="ledger-pdf"
      onClick={() => api.download(`${STAT}/LedgerPdf`, query ?? {}).catch(() => {})}
    >
      {L(t, 'pdf')}
    </Button>
  );
}

/** /ledger: the summary accession register, opening balance first, then each line with the holdings after it. */
const ledger: ReportDef = {
  code: 'ledger',
  action: 'Ledger',
  filters: ['period'],
  periods: ['year', 'term', 'month', 'custom'],
  toolbar: (_rows, _selected, query) => <LedgerPdfButton query={query} />,
  rows: (d) => [
    {
      key: '__opening',
      date: d.period.from,
      opening: true,
      balanceCopies: d.opening.copies,
      balanceValueFen: d.opening.valueFen,
    },
    ...d.List,
  ],
  rowKey: (r) => r.key,
  total: (d) => ({
    key: '__total',
    isTotal: true,
    date: d.period.to,
    titles: d.added.titles,
    inCopies: d.added.copies,
    inValueFen: d.added.valueFen,
    outCopies: d.removed.copies,
    outValueFen: d.removed.valueFen,
    parts: Object.fromEntries(PARTS.map((p) => [p, d.added.parts[p] - d.removed.parts[p]])),
    balanceCopies: d.closing.copies,
    balanceValueFen: d.closing.valueFen,
  }),
  columns: (t) => {
    const added = (r: Row) => r.kind === 'in';
    const out = (r: Row) => r.kind === 'weeded' || r.kind === 'lost';
    return [
      { title: C(t, 'date'), dataIndex: 'date', key: 'date', width: 100 },
      {
        title: L(t, 'entry'),
        key: 'kind',
        width: 100,
        render: (_: unknown, r: Row) => (r.opening ? L(t, 'opening') : r.isTotal ? C(t, 'total') : kindText(t, r.kind)),
      },
      { title: C(t, 'batchNo'), dataIndex: 'batchNo', key: 'batchNo', width: 90 },
      { title: L(t, 'source'), dataIndex: 'source', key: 'source', width: 90 },
      { title: L(t, 'voucher'), dataIndex: 'voucher', key: 'voucher', width: 120 },
      { title: C(t, 'titles'), dataIndex: 'titles', key: 'titles', width: 70 },
      {
        title: L(t, 'in'),
        key: 'in',
        children: [
          {
            title: L(t, 'copies'),
            key: 'inCopies',
            width: 70,
            render: (_: unknown, r: Row) => (r.isTotal ? r.inCopies : added(r) ? r.copies : ''),
          },
          {
            title: L(t, 'value'),
            key: 'inValue',
            width: 100,
            render: (_: unknown, r: Row) => (r.isTotal ? money(r.inValueFen) : added(r) ? money(r.valueFen) : ''),
          },
        ],
      },
      {
        title: L(t, 'out'),
        key: 'out',
        children: [
          {
            title: L(t, 'copies'),
            key: 'outCopies',
            width: 70,
            render: (_: unknown, r: Row) => (r.isTotal ? r.outCopies : out(r) ? r.copies : ''),
          },
          {
            title: L(t, 'value'),
            key: 'outValue',
            width: 100,
            render: (_: unknown, r: Row) => (r.isTotal ? money(r.outValueFen) : out(r) ? money(r.valueFen) : ''),
          },
        ],
      },
      {
        title: L(t, 'parts'),
        key: 'parts',
        children: PARTS.map((p) => ({
          title: p ? t(`statistics.partShort.${p}`) : t('statistics.none'),
          key: `part-${p}`,
          width: 70,
          render: (_: unknown, r: Row) => (r.parts ? num((out(r) ? -1 : 1) * r.parts[p]) : ''),
        })),
      },
      {
        title: L(t, 'balance'),
        key: 'balance',
        children: [
          { title: L(t, 'copies'), dataIndex: 'balanceCopies', key: 'balanceCopies', width: 80 },
          {
            title: L(t, 'value'),
            dataIndex: 'balanceValueFen',
            key: 'balanceValue',
            width: 110,
            render: (v: number) => money(v),
          },
        ],
      },
    ] as ColumnsType<Row>;
  },
  chart: (rows, t) => {
    const lines = rows.filter((r) => !r.opening);
    const copies = (r: Row, kind: 'in' | 'out') => ((r.kind === 'in') === (kind === 'in') ? r.copies : 0);
    return lines.length
      ? barOption(
          lines.map((r) => `${r.date} ${kindText(t, r.kind)}`),
          [
            { name: `${L(t, 'in')} ${L(t, 'copies')}`, data: lines.map((r) => copies(r, 'in')) },
            { name: `${L(t, 'out')} ${L(t, 'copies')}`, data: lines.map((r) => copies(r, 'out')) },
            { name: L(t, 'balanceCopies'), data: lines.map((r) => r.balanceCopies) },
          ],
        )
      : null;
  },
};

/** Links from an accession line into its batch's registers. */
function RegisterLinks({ batchId }: { batchId: number }) {
  const { t } = useTranslation();
  return (
    <Space size="small">
      <Link to={`/singlebatch?batchId=${batchId}`}>{L(t, 'itemRegister')}</Link>
      <Link to={`/copybatch?batchId=${batchId}`}>{L(t, 'copyRegister')}</Link>
    </Space>
  );
}

/** /store: the batches accessioned in a period, each leading to its registers. */
const store: ReportDef = {
  code: 'store',
  action: 'Accessions',
  filters: ['period'],
  periods: ['year', 'term', 'month', 'custom'],
  rows: (d) => d.List,
  rowKey: (r) => r.key,
  total: (d) => ({ key: '__total', isTotal: true, ...d.total }),
  columns: (t) => [
    { title: C(t, 'date'), dataIndex: 'date', key: 'date', width: 100 },
    {
      title: C(t, 'batchNo'),
      dataIndex: 'batchNo',
      key: 'batchNo',
      width: 100,
      render: (v: string, r: Row) => (r.isTotal ? C(t, 'total') : v || L(t, 'noBatch')),
    },
    { title: L(t, 'source'), dataIndex: 'source', key: 'source', width: 90 },
    { title: L(t, 'bookseller'), dataIndex: 'bookseller', key: 'bookseller', width: 140 },
    { title: L(t, 'voucher'), dataIndex: 'voucher', key: 'voucher', width: 110 },
    { title: L(t, 'invoiceNo'), dataIndex: 'invoiceNo', key: 'invoiceNo', width: 110 },
    {
      title: L(t, 'state'),
      dataIndex: 'state',
      key: 'state',
      width: 90,
      render: (v: number | null, r: Row) => (r.isTotal || v == null ? '' : L(t, `state${v}`)),
    },
    { title: C(t, 'titles'), dataIndex: 'titles', key: 'titles', width: 70 },
    { title: C(t, 'copies'), dataIndex: 'copies', key: 'copies', width: 80 },
    { title: C(t, 'value'), dataIndex: 'valueFen', key: 'value', width: 110, render: money },
    { title: C(t, 'paid'), dataIndex: 'paidFen', key: 'paid', width: 110, render: money },
    { title: L(t, 'removed'), dataIndex: 'removed', key: 'removed', width: 90 },
    {
      title: L(t, 'registers'),
      key: 'links',
      width: 200,
      render: (_: unknown, r: Row) => (r.batchId ? <RegisterLinks batchId={r.batchId} /> : null),
    },
  ],
  chart: (rows, t) =>
    barOption(
      rows.map((r) => r.batchNo || r.date),
      [{ name: C(t, 'copies'), data: rows.map((r) => r.copies) }],
    ),
};

/** The last line of a register: the whole selection's titles, copies, value and removals (every page's). */
const registerTotal = (d: any): Row => ({
  id: -1,
  isTotal: true,
  ...d.total,
  value: money(d.total.valueFen),
});

const removalText = (t: T, r: Removal | null) => (r ? `${r.date} ${kindText(t, r.kind)} ${r.note}`.trim() : '');

/** The bibliographic columns both registers show: title (the total line's summary there), author … price. */
const bibColumns = (t: T): ColumnsType<Row> => [
  {
    title: C(t, 'title'),
    dataIndex: 'title',
    key: 'title',
    width: 220,
    render: (v: string, r: Row) => (r.isTotal ? L(t, 'summary', r) : v),
  },
  { title: C(t, 'author'), dataIndex: 'author', key: 'author', width: 140 },
  { title: L(t, 'publisher'), dataIndex: 'publisher', key: 'publisher', width: 140 },
  { title: L(t, 'pubYear'), dataIndex: 'pubYear', key: 'pubYear', width: 70 },
  { title: 'ISBN', dataIndex: 'isbn', key: 'isbn', width: 130 },
  { title: C(t, 'callNo'), dataIndex: 'callNo', key: 'callNo', width: 110 },
  { title: C(t, 'price'), dataIndex: 'priceFen', key: 'price', width: 80, render: money },
];

/** The copy register (a line per copy) … */
const copyColumns = (t: T): ColumnsType<Row> => [
  {
    title: C(t, 'barcode'),
    dataIndex: 'barcode',
    key: 'barcode',
    width: 110,
    render: (v: string, r: Row) => (r.isTotal ? C(t, 'total') : v),
  },
  { title: C(t, 'acquiredAt'), dataIndex: 'date', key: 'date', width: 100 },
  ...bibColumns(t),
  { title: L(t, 'source'), dataIndex: 'source', key: 'source', width: 80 },
  { title: C(t, 'batchNo'), dataIndex: 'batchNo', key: 'batchNo', width: 90 },
  { title: C(t, 'location'), dataIndex: 'locationName', key: 'location', width: 100 },
  {
    title: L(t, 'removal'),
    dataIndex: 'removal',
    key: 'removal',
    width: 200,
    render: (v: Removal | null) => removalText(t, v),
  },
];

/** … and the title register (a line per title with its copies). */
const titleColumns = (t: T): ColumnsType<Row> => [
  ...bibColumns(t),
  { title: C(t, 'copies'), dataIndex: 'copies', key: 'copies', width: 70 },
  { title: C(t, 'value'), dataIndex: 'valueFen', key: 'value', width: 100, render: money },
  { title: L(t, 'barcodes'), dataIndex: 'barcodes', key: 'barcodes', width: 260 },
  { title: L(t, 'removed'), dataIndex: 'removed', key: 'removed', width: 90 },
];

/** An individual register: of one batch (chosen first), or of several batches or a period. */
function register(code: string, action: string, multiple: boolean, columns: (t: T) => ColumnsType<Row>): ReportDef {
  return {
    code,
    action,
    filters: multiple ? ['period'] : [],
    periods: ['year', 'term', 'month', 'custom'],
    extra: <BatchPicker multiple={multiple} />,
    extraQuery: batchQuery,
    ready: (q) => multiple || Array.isArray(q.batchIds),
    paged: true,
    rows: (d) => d.List,
    rowKey: (r) => r.id,
    total: registerTotal,
    columns,
  };
}

const DEFS = {
  ledger,
  store,
  singlebatch: register('singlebatch', 'SingleBatch', false, copyColumns),
  copybatch: register('copybatch', 'CopyBatch', false, titleColumns),
  singlemultiple: register('singlemultiple', 'SingleMultiple', true, copyColumns),
  copymultiple: register('copymultiple', 'CopyMultiple', true, titleColumns),
} satisfies Record<string, ReportDef>;

/** One screen per ledger route. */
export const ledgerScreens = Object.fromEntries(
  Object.entries(DEFS).map(([k, def]) => [k, () => <ReportScreen def={def} />]),
) as Record<keyof typeof DEFS, () => ReactElement>;
