import { DeleteOutlined, DownloadOutlined, PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import {
  QUERY_DIMENSIONS,
  QUERY_MEASURES,
  QUERY_SUBJECTS,
  type QueryResult,
  type QuerySubject,
  type SavedQueryDto,
} from '@shuyuan/contracts/statistics/custom-query';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { STAT } from './api.ts';
import { barOption, head } from './charts.ts';
import { type ReportDef, ReportScreen } from './report.tsx';

const Chart = lazy(() => import('../dashboard/chart.tsx'));

type Row = Record<string, any>;
type T = (k: string, o?: any) => string;
const Q = (t: T, k: string) => t(`statistics.query.${k}`);
const cell = (m: string, v: number) => (m === 'value' ? (v / 100).toFixed(2) : v);

/** A result's rows for the table: the dimension names and the measures side by side. */
const resultRows = (d: QueryResult): Row[] =>
  d.List.map((r) => ({ key: r.keys.join('\u0000'), names: r.names, ...r.values }));

function resultColumns(t: T, d: QueryResult | null): ColumnsType<Row> {
  if (!d) return [];
  return [
    ...d.dimensions.map((x, i) => ({
      title: Q(t, `dim.${x}`),
      key: `d${i}`,
      width: 160,
      render: (_: unknown, r: Row) => (r.isTotal ? (i === 0 ? t('statistics.col.total') : '') : r.names[i]),
    })),
    ...d.measures.map((m) => ({
      title: Q(t, `measure.${m}`),
      dataIndex: m,
      key: m,
      width: 110,
      render: (v: number) => cell(m, v),
    })),
  ];
}

/** Bars per value of the first dimension (a series per measure), or per pair of values with two dimensions. */
function resultChart(rows: Row[], t: T, d: QueryResult | null) {
  if (!d || !rows.length) return null;
  const top = head(rows, 40);
  const time = ['day', 'month', 'year'].includes(d.dimensions[0]) && d.dimensions.length === 1;
  return barOption(
    top.map((r) => r.names.join(' · ')),
    d.measures.map((m) => ({
      name: Q(t, `measure.${m}`),
      data: top.map((r) => (m === 'value' ? r[m] / 100 : r[m])),
    })),
    time ? 'line' : 'bar',
  );
}

const totalRow = (d: QueryResult): Row => ({ key: '__total', isTotal: true, names: [], ...d.total });

/** The subject, dimensions and measures of the query form; changing the subject keeps only what it offers. */
function QueryFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const subject: QuerySubject = Form.useWatch('subject', form) ?? 'loans';
  const dims: readonly string[] = QUERY_DIMENSIONS[subject];
  const measures: readonly string[] = QUERY_MEASURES[subject];
  const onSubject = (s: QuerySubject) => {
    const keep = (field: string, list: readonly string[], fallback: string) => {
      const v = ((form.getFieldValue(field) as string[]) ?? []).filter((x) => list.includes(x));
      form.setFieldValue(field, v.length ? v : [fallback]);
    };
    keep('dimensions', QUERY_DIMENSIONS[s], QUERY_DIMENSIONS[s][0]);
    keep('measures', QUERY_MEASURES[s], QUERY_MEASURES[s][0]);
  };
  return (
    <>
      <Form.Item name="subject" label={Q(t, 'subject')} initialValue="loans">
        <Select
          style={{ width: 110 }}
          data-testid="query-subject"
          onChange={onSubject}
          options={QUERY_SUBJECTS.map((s) => ({ value: s, label: Q(t, `subjects.${s}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="dimensions"
        label={Q(t, 'dimensions')}
        initialValue={['month']}
        rules={[{ required: true, message: Q(t, 'dimensionRequired') }]}
      >
        <Select
          mode="multiple"
          maxCount={2}
          style={{ minWidth: 200 }}
          data-testid="query-dimensions"
          options={dims.map((d) => ({ value: d, label: Q(t, `dim.${d}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="measures"
        label={Q(t, 'measures')}
        initialValue={['loans', 'borrowers']}
        rules={[{ required: true, message: Q(t, 'measureRequired') }]}
      >
        <Select
          mode="multiple"
          style={{ minWidth: 240 }}
          data-testid="query-measures"
          options={measures.map((m) => ({ value: m, label: Q(t, `measure.${m}`) }))}
        />
      </Form.Item>
    </>
  );
}

/** Save the shown query under a name; open a saved one on its result screen. */
function SavedQueries({ query }: { query: Record<string, unknown> | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canSave = usePermission('statistical-queries:add');
  const [list, setList] = useState<SavedQueryDto[]>([]);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const load = useCallback(() => {
    api
      .post<SavedQueryDto[]>(`${STAT}/GetQueryList`, {})
      .then(setList)
      .catch(() => {});
  }, []);
  useEffect(load, [load]);
  const save = async () => {
    const { name } = await form.validateFields();
    const r = await api.post<{ id: number }>(`${STAT}/SaveQuery`, { name, definition: query });
    setOpen(false);
    notify.success(Q(t, 'saved'));
    load();
    navigate(`/statistical-querie-table?id=${r.id}`);
  };
  return (
    <>
      <Select
        style={{ width: 200 }}
        placeholder={Q(t, 'savedQueries')}
        data-testid="query-saved"
        value={null}
        onChange={(id) => navigate(`/statistical-querie-table?id=${id}`)}
        options={list.map((q) => ({ value: q.id, label: q.name }))}
      />
      {canSave && (
        <Button icon={<SaveOutlined />} disabled={!query} onClick={() => setOpen(true)} data-testid="query-save">
          {Q(t, 'save')}
        </Button>
      )}
      <Modal
        open={open}
        title={Q(t, 'save')}
        onOk={() => save().catch(() => {})}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label={Q(t, 'name')} rules={[{ required: true, message: Q(t, 'nameRequired') }]}>
            <Input maxLength={60} data-testid="query-name" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** /statistical-queries: the query builder on the report screen (filters, table, chart, export, print). */
const builder: ReportDef = {
  code: 'statistical-queries',
  action: 'Query',
  filters: ['period', 'grade', 'class', 'department', 'identity', 'location', 'resourceType', 'classNo'],
  extra: <QueryFields />,
  extraQuery: (v) => ({ subject: v.subject ?? 'loans', dimensions: v.dimensions, measures: v.measures }),
  ready: (q) => Array.isArray(q.dimensions) && q.dimensions.length > 0 && Array.isArray(q.measures),
  rows: resultRows,
  rowKey: (r) => r.key,
  total: totalRow,
  columns: (t, d) => resultColumns(t, d),
  chart: (rows, t, _q, d) => resultChart(rows, t, d),
  toolbar: (_rows, _selected, query) => <SavedQueries query={query} />,
};

export function QueryBuilderScreen() {
  return <ReportScreen def={builder} />;
}

/** /statistical-querie-table?id=…: a saved query's result — table, chart, export, print, delete. */
export function QueryTableScreen() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [data, setData] = useState<QueryResult | null>(null);
  const [loading, setLoading] = useState(false);
  const canExport = usePermission('statistical-queries:export');
  const canDelete = usePermission('statistical-queries:delete');
  useEffect(() => {
    if (!id) return;
    setLoading(true);
    api
      .post<QueryResult>(`${STAT}/RunSavedQuery`, { id })
      .then(setData)
      .catch(() => setData(null))
      .finally(() => setLoading(false));
  }, [id]);
  const rows = data ? resultRows(data) : [];
  const option = resultChart(rows, t, data);
  const exportNow = async () => {
    const job = await api.post<{ DataID: number; FileName: string }>(`${STAT}/ExportQuery`, data?.definition ?? {});
    downloads.track({ id: job.DataID, fileName: job.FileName });
  };
  const remove = () =>
    modal.confirm({
      title: Q(t, 'deleteConfirm'),
      onOk: async () => {
        await api.post(`${STAT}/DeleteQuery`, { id });
        navigate('/statistical-queries');
      },
    });
  let body: ReactNode = null;
  if (!id) body = <Typography.Text type="secondary">{Q(t, 'pickSaved')}</Typography.Text>;
  else
    body = (
      <>
        {option && (
          <Card size="small" style={{ margin: '8px 0' }}>
            <Suspense fallback={<div style={{ height: 300 }} />}>
              <Chart option={option} />
            </Suspense>
          </Card>
        )}
        <Table<Row>
          rowKey="key"
          size="small"
          loading={loading}
          columns={resultColumns(t, data)}
          dataSource={data ? [...rows, totalRow(data)] : []}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </>
    );
  return (
    <div className="stat-print">
      <Typography.Title level={5} style={{ margin: 0 }} data-testid="query-title">
        {data?.name ?? ''}
      </Typography.Title>
      {data?.period && (
        <Typography.Text type="secondary">
          {t('statistics.periodShown', { from: data.period.from, to: data.period.to })}
        </Typography.Text>
      )}
      <Space className="stat-noprint" style={{ margin: '8px 0', display: 'flex' }} wrap>
        {canExport && data?.definition && (
          <Button icon={<DownloadOutlined />} onClick={() => exportNow().catch(() => {})} data-testid="stat-export">
            {t('statistics.toolbar.export')}
          </Button>
        )}
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('statistics.toolbar.print')}
        </Button>
        {canDelete && id > 0 && (
          <Button danger icon={<DeleteOutlined />} onClick={remove}>
            {Q(t, 'delete')}
          </Button>
        )}
      </Space>
      {body}
    </div>
  );
}
