import { DownloadOutlined, PrinterOutlined, SearchOutlined } from '@ant-design/icons';
import type { Period } from '@shuyuan/contracts/statistics/filters';
import { Button, Card, Form, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { EChartsCoreOption } from 'echarts/core';
import { type ReactNode, Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { STAT } from './api.ts';
import { DrillDrawer, type DrillTarget } from './drill.tsx';
import { type FilterName, type FilterValues, StatFilterFields, toQuery } from './filters.tsx';
import './print.css';

const Chart = lazy(() => import('../dashboard/chart.tsx'));

type Row = Record<string, any>;

/** One report screen: what it asks the server, how it shows the answer and what a click drills into. */
export interface ReportDef {
  /** Permission code (menu tree) and endpoint P/Statistics/<action>. */
  code: string;
  action: string;
  filters: FilterName[];
  periods?: readonly Period[];
  /** A "by" choice (dimension) with its i18n labels. */
  by?: { options: string[]; labelKey: (v: string) => string };
  /** Extra form items (e.g. a day picker of the zero-loan copies). */
  extra?: ReactNode;
  /** Extra body fields from the form values (those the common filters do not know). */
  extraQuery?: (v: Record<string, any>) => Record<string, unknown>;
  rows: (data: any) => Row[];
  rowKey: (r: Row) => string | number;
  columns: (t: (k: string, o?: any) => string, data: any, query: Record<string, unknown>) => ColumnsType<Row>;
  /** A last line of totals. */
  total?: (data: any) => Row | null;
  chart?: (
    rows: Row[],
    t: (k: string) => string,
    query: Record<string, unknown>,
    data: any,
  ) => EChartsCoreOption | null;
  /** The filters a click on a row or bar adds (null: nothing to drill into). */
  drill?: (row: Row, query: Record<string, unknown>) => Record<string, unknown> | null;
  /** The held copies behind a collection row: the row's `by` and `key` (null: nothing to drill into). */
  drillCopies?: (row: Row, query: Record<string, unknown>) => Record<string, unknown> | null;
  /** A list read page by page (Page/Rows). */
  paged?: boolean;
  /** Buttons beside export (get the shown rows and the query asked). */
  toolbar?: (rows: Row[], selected: Row[], query: Record<string, unknown> | null) => ReactNode;
  selectable?: boolean;
  /** Whether the query can be asked yet (e.g. a register waits for its batch); false shows an empty table. */
  ready?: (query: Record<string, unknown>) => boolean;
}

/** The screen around a report: filters, export, print, a chart, a table, and the loans behind a click. */
export function ReportScreen({ def }: { def: ReportDef }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [query, setQuery] = useState<Record<string, unknown> | null>(null);
  const [page, setPage] = useState({ Page: 1, Rows: 20 });
  const [data, setData] = useState<any>(null);
  const [loading, setLoading] = useState(false);
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const [selected, setSelected] = useState<Row[]>([]);
  const canExport = usePermission(`${def.code}:export`);

  const search = useCallback(() => {
    const v = form.getFieldsValue(true) as FilterValues & Record<string, any>;
    const q: Record<string, unknown> = {
      ...toQuery(v, def.periods),
      ...(v.by ? { by: v.by } : {}),
      ...def.extraQuery?.(v),
    };
    if (!def.filters.includes('period')) delete q.period;
    setQuery(q);
    setPage((p) => ({ ...p, Page: 1 }));
  }, [form, def]);
  useEffect(() => search(), [search]);
  useEffect(() => {
    if (!query) return;
    if (def.ready && !def.ready(query)) {
      setData(null);
      return;
    }
    setLoading(true);
    api
      .post<any>(`${STAT}/${def.action}`, def.paged ? { ...query, ...page } : query)
      .then(setData)
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [def, query, page]);

  const rows = data ? def.rows(data) : [];
  const total = data && def.total ? def.total(data) : null;
  const open = (r: Row) => {
    const extra = query && def.drill?.(r, query);
    const copies = query && def.drillCopies?.(r, query);
    if (extra || copies)
      setDrill({
        label: String(r.name ?? r.title ?? r.key ?? ''),
        query: extra ? { ...query, ...extra } : undefined,
        copies: copies ? { ...query, ...copies } : undefined,
      });
  };
  const exportNow = async () => {
    const job = await api.post<{ DataID: number; FileName: string }>(`${STAT}/Export${def.action}`, query ?? {});
    downloads.track({ id: job.DataID, fileName: job.FileName });
  };
  const option = data && def.chart && query ? def.chart(rows, t, query, data) : null;
  const columns = def.columns(t, data, query ?? {});
  const drills = !!(def.drill || def.drillCopies);

  return (
    <div className="stat-print">
      <Form
        form={form}
        layout="inline"
        onFinish={search}
        style={{ rowGap: 8, marginBottom: 12 }}
        className="stat-noprint"
      >
        <StatFilterFields show={def.filters} periods={def.periods} />
        {def.by && (
          <Form.Item name="by" label={t('statistics.filter.by')} initialValue={def.by.options[0]}>
            <Select
              style={{ width: 120 }}
              data-testid="stat-by"
              options={def.by.options.map((o) => ({ value: o, label: t(def.by!.labelKey(o)) }))}
            />
          </Form.Item>
        )}
        {def.extra}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('statistics.toolbar.search')}
            </Button>
            {canExport && (
              <Button icon={<DownloadOutlined />} onClick={() => exportNow().catch(() => {})} data-testid="stat-export">
                {t('statistics.toolbar.export')}
              </Button>
            )}
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
              {t('statistics.toolbar.print')}
            </Button>
            {def.toolbar?.(rows, selected, query)}
          </Space>
        </Form.Item>
      </Form>
      {data?.period && (
        <Typography.Text type="secondary" data-testid="stat-period-shown">
          {t('statistics.periodShown', { from: data.period.from, to: data.period.to })}
        </Typography.Text>
      )}
      {option && rows.length > 0 && (
        <Card size="small" style={{ margin: '8px 0' }}>
          <Suspense fallback={<div style={{ height: 300 }} />}>
            <Chart option={option} onClick={drills ? (i) => rows[i] && open(rows[i]) : undefined} />
          </Suspense>
        </Card>
      )}
      <Table<Row>
        rowKey={def.rowKey}
        size="small"
        loading={loading}
        columns={columns}
        dataSource={total ? [...rows, total] : rows}
        scroll={{ x: 'max-content' }}
        rowSelection={
          def.selectable
            ? {
                selectedRowKeys: selected.map(def.rowKey),
                onChange: (_, r) => setSelected(r.filter((x) => x !== total)),
              }
            : undefined
        }
        onRow={(r) => ({
          onClick: () => r !== total && open(r),
          style: drills && r !== total ? { cursor: 'pointer' } : undefined,
        })}
        pagination={
          def.paged
            ? specPagination(t, page.Page, page.Rows, data?.Total ?? 0, (Page, Rows) => setPage({ Page, Rows }))
            : false
        }
      />
      {drills && <DrillDrawer action={def.action} code={def.code} target={drill} onClose={() => setDrill(null)} />}
    </div>
  );
}
