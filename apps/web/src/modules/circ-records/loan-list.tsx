import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { type LoanRecordDto, type LoanState, OVERDUE_REVIEW_STATES } from '@shuyuan/contracts/circ-records/records';
import type { ListData } from '@shuyuan/contracts/common/envelope';
import { Button, DatePicker, Empty, Form, Input, InputNumber, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { useColumnChoice } from '../../kit/columns.tsx';
import { specPagination } from '../../kit/pagination.ts';
import { useOptions } from '../../kit/useOptions.ts';
import { CLASS_FIELD, GRADE_FIELD } from './shared.ts';

export type LoanRow = LoanRecordDto & { parents?: { name: string; relation: string }[] };

const STATE_COLOR: Record<LoanState, string> = { open: 'blue', overdue: 'red', returned: 'default' };

const REVIEW_COLOR = { pending: 'gold', processed: 'green', abandoned: 'default' } as const;

export function StateTag({
  row,
}: {
  row: Pick<LoanRecordDto, 'state' | 'overdueDays' | 'conversion'> & { review?: LoanRecordDto['review'] };
}) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Tag color={STATE_COLOR[row.state]}>{t(`circRecords.state.${row.state}`)}</Tag>
      {row.overdueDays > 0 && (
        <Tag color="volcano">{t('circRecords.col.overdueDaysN', { count: row.overdueDays })}</Tag>
      )}
      {row.review && row.state === 'overdue' && (
        <Tooltip
          title={[row.review.reason, row.review.operatorName, dayjs(row.review.at).format('YYYY-MM-DD HH:mm')]
            .filter(Boolean)
            .join(' · ')}
        >
          <Tag color={REVIEW_COLOR[row.review.state]} data-testid="review-tag">
            {t(`circRecords.review.states.${row.review.state}`)}
          </Tag>
        </Tooltip>
      )}
      {row.conversion && (
        <Tooltip title={row.conversion.reason}>
          <Tag color="purple">{t(`circRecords.convert.kind.${row.conversion.kind}`)}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/** Which filters a screen shows. */
export type FilterName =
  | 'reader'
  | 'class'
  | 'grade'
  | 'barcode'
  | 'title'
  | 'dates'
  | 'state'
  | 'overdue'
  | 'review'
  | 'parent';

export interface LoanListProps {
  url: string;
  /** Fixed body fields (e.g. the reader of a history screen). Nothing loads while `ready` is false. */
  fixed?: Record<string, unknown>;
  ready?: boolean;
  filters: FilterName[];
  states?: LoanState[];
  exportUrl?: string;
  exportPermission?: string;
  /** Extra columns after the standard ones (e.g. parents, row actions). */
  extraColumns?: ColumnsType<LoanRow>;
  hide?: ('reader' | 'class' | 'item' | 'returned')[];
  /** What the empty table says while `ready` is false (e.g. "scan a barcode first"). */
  notReadyHint?: string;
  /** Buttons next to export; gets the selected rows when `selectable`. */
  toolbar?: (h: { selected: LoanRow[]; filters: Record<string, unknown>; reload: () => void }) => ReactNode;
  selectable?: boolean;
  /** Bumped by the parent to reload. */
  version?: number;
}

/** The list behind every loan record screen: filters, spec pagination, export as a background job. */
export function LoanList(p: LoanListProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState({ Page: 1, Rows: 20 });
  const [data, setData] = useState<ListData<LoanRow>>({ List: [], Total: 0 });
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<LoanRow[]>([]);
  const canExport = usePermission(p.exportPermission ?? '__none__');
  const grades = useOptions(GRADE_FIELD);
  const classes = useOptions(CLASS_FIELD);
  const ready = p.ready ?? true;
  const fixedKey = JSON.stringify(p.fixed ?? {});

  const load = useCallback(async () => {
    if (!ready) return;
    setLoading(true);
    try {
      setData(await api.post<ListData<LoanRow>>(p.url, { ...filters, ...JSON.parse(fixedKey), ...page }));
    } finally {
      setLoading(false);
    }
  }, [p.url, filters, page, fixedKey, ready]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the parent's reload signal
  useEffect(() => {
    load().catch(() => {});
  }, [load, p.version]);

  const search = () => {
    const v = form.getFieldsValue();
    const f: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined || x === null || x === '') continue;
      if (k === 'dates') {
        const [a, b] = x as [dayjs.Dayjs, dayjs.Dayjs];
        f.from = a.format('YYYY-MM-DD');
        f.to = b.format('YYYY-MM-DD');
      } else f[k] = x;
    }
    setFilters(f);
    setPage((pg) => ({ ...pg, Page: 1 }));
  };
  const exportNow = async () => {
    const job = await api.post<{ DataID: number; FileName: string }>(p.exportUrl!, {
      ...filters,
      ...JSON.parse(fixedKey),
    });
    downloads.track({ id: job.DataID, fileName: job.FileName });
  };
  const has = (f: FilterName) => p.filters.includes(f);
  const hidden = (c: 'reader' | 'class' | 'item' | 'returned') => p.hide?.includes(c);

  const allColumns: ColumnsType<LoanRow> = [
    ...(hidden('item')
      ? []
      : [
          { key: 'barcode', title: t('circRecords.col.barcode'), dataIndex: 'barcode', width: 130 },
          { key: 'title', title: t('circRecords.col.title'), dataIndex: 'title', width: 220, ellipsis: true },
        ]),
    ...(hidden('reader')
      ? []
      : [
          {
            title: t('circRecords.col.reader'),
            key: 'reader',
            width: 170,
            render: (_: unknown, r: LoanRow) => `${r.readerName} (${r.account})`,
          },
        ]),
    ...(hidden('class')
      ? []
      : [
          {
            title: t('circRecords.col.class'),
            key: 'class',
            width: 150,
            render: (_: unknown, r: LoanRow) => [r.gradeName, r.className].filter(Boolean).join(' '),
          },
        ]),
    {
      key: 'borrowedAt',
      title: t('circRecords.col.borrowedAt'),
      dataIndex: 'borrowedAt',
      width: 110,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD'),
    },
    { key: 'dueDate', title: t('circRecords.col.dueDate'), dataIndex: 'dueDate', width: 110 },
    ...(hidden('returned')
      ? []
      : [
          {
            key: 'returnedAt',
            title: t('circRecords.col.returnedAt'),
            dataIndex: 'returnedAt',
            width: 110,
            render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD') : ''),
          },
        ]),
    { key: 'renewals', title: t('circRecords.col.renewals'), dataIndex: 'renewals', width: 96 },
    {
      title: t('circRecords.col.state'),
      key: 'state',
      width: 190,
      render: (_: unknown, r: LoanRow) => <StateTag row={r} />,
    },
    ...(p.extraColumns ?? []),
  ];
  // At 1024 px the due date and the state (days overdue) stay on screen; the barcode, class and return day show from
  // 1200 px, the loan day and renewals from 1600 px; each user may choose (issue 14 §4).
  const { columns, chooser } = useColumnChoice(`circRecords.${p.url.split('/').pop()}`, allColumns, {
    barcode: 2,
    class: 2,
    returnedAt: 2,
    borrowedAt: 3,
    renewals: 3,
  });

  return (
    <>
      <Form
        form={form}
        layout="inline"
        onFinish={search}
        // A screen without filters, export or tools (a copy's history) needs no second search button.
        hidden={p.filters.length === 0 && !p.exportUrl && !p.toolbar}
        style={{ rowGap: 8, marginBottom: 12 }}
      >
        {has('reader') && (
          <Form.Item name="reader" label={t('circRecords.filter.reader')}>
            <Input allowClear style={{ width: 160 }} placeholder={t('circRecords.filter.readerHint')} />
          </Form.Item>
        )}
        {has('parent') && (
          <Form.Item name="parent" label={t('circRecords.filter.parent')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
        )}
        {has('grade') && (
          <Form.Item name="gradeId" label={t('circRecords.filter.grade')}>
            <Select allowClear options={grades} style={{ width: 130 }} />
          </Form.Item>
        )}
        {has('class') && (
          <Form.Item name="classId" label={t('circRecords.filter.class')}>
            <Select allowClear showSearch optionFilterProp="label" options={classes} style={{ width: 140 }} />
          </Form.Item>
        )}
        {has('barcode') && (
          <Form.Item name="barcode" label={t('circRecords.filter.barcode')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
        )}
        {has('title') && (
          <Form.Item name="title" label={t('circRecords.filter.title')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
        )}
        {has('dates') && (
          <Form.Item name="dates" label={t('circRecords.filter.dates')}>
            <DatePicker.RangePicker />
          </Form.Item>
        )}
        {has('state') && (
          <Form.Item name="state" label={t('circRecords.filter.state')}>
            <Select
              allowClear
              style={{ width: 110 }}
              options={(p.states ?? ['open', 'overdue', 'returned']).map((s) => ({
                value: s,
                label: t(`circRecords.state.${s}`),
              }))}
            />
          </Form.Item>
        )}
        {has('overdue') && (
          <Form.Item name="minOverdueDays" label={t('circRecords.filter.minOverdueDays')}>
            <InputNumber min={1} max={3650} style={{ width: 90 }} />
          </Form.Item>
        )}
        {has('review') && (
          <Form.Item name="review" label={t('circRecords.review.state')}>
            <Select
              allowClear
              style={{ width: 110 }}
              data-testid="review-filter"
              options={OVERDUE_REVIEW_STATES.map((s) => ({ value: s, label: t(`circRecords.review.states.${s}`) }))}
            />
          </Form.Item>
        )}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('circRecords.filter.search')}
            </Button>
            {p.exportUrl && canExport && (
              <Button icon={<DownloadOutlined />} onClick={() => exportNow().catch(() => {})} disabled={!ready}>
                {t('circRecords.filter.export')}
              </Button>
            )}
            {p.toolbar?.({
              selected,
              filters: { ...filters, ...JSON.parse(fixedKey) },
              reload: () => load().catch(() => {}),
            })}
            {chooser}
          </Space>
        </Form.Item>
      </Form>
      <Table<LoanRow>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data.List}
        scroll={{ x: 'max-content' }}
        locale={!ready && p.notReadyHint ? { emptyText: <Empty description={p.notReadyHint} /> } : undefined}
        rowSelection={
          p.selectable
            ? { selectedRowKeys: selected.map((r) => r.id), onChange: (_, rows) => setSelected(rows) }
            : undefined
        }
        pagination={specPagination(t, page.Page, page.Rows, data.Total, (Page, Rows) => setPage({ Page, Rows }))}
      />
    </>
  );
}
