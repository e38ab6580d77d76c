import { ExportOutlined } from '@ant-design/icons';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import type { ExportStarted } from '@shuyuan/contracts/kit/resource';
import { P } from '@shuyuan/contracts/common/paths';
import {
  REPORT_LISTS,
  type ReportList,
  type ReportTotals,
  type StocktakeSession,
} from '@shuyuan/contracts/stocktake/stocktake';
import { Button, Card, Empty, Select, Space, Statistic, Table, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { OUTCOME_COLOR } from './scan-panel.tsx';
import { fmtTime } from './stocktake.page.tsx';

interface Row {
  key: string;
  seq: number | null;
  barcode: string;
  title: string;
  callNo: string;
  location: string;
  circState: string;
  outcome: string;
  reason: string;
  after: string;
  scannedAt: string | null;
  result: string;
}

/** /inventory-report (盘点报告): totals of a session and each list, exportable to Excel. */
export default function ReportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sessionId = Number(params.get('session')) || undefined;
  const [sessions, setSessions] = useState<StocktakeSession[]>([]);
  const [report, setReport] = useState<{ session: StocktakeSession; totals: ReportTotals } | null>(null);
  const [list, setList] = useState<ReportList>('missing');
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on open
  useEffect(() => {
    void api
      .post<{ List: StocktakeSession[] }>(`${P}/Stocktake/GetSessionList`, { Page: 1, Rows: 100 })
      .then((d) => {
        setSessions(d.List);
        if (!sessionId && d.List[0]) setParams({ session: String(d.List[0].id) }, { replace: true });
      })
      .catch(() => {});
  }, []);
  useEffect(() => {
    setReport(null);
    if (sessionId)
      void api
        .post<typeof report>(`${P}/Stocktake/GetReport`, { sessionId })
        .then(setReport)
        .catch(() => {});
  }, [sessionId]);

  return (
    <Card className="sy-inventory-report">
      <Space wrap style={{ marginBottom: 16, display: 'flex' }}>
        <span>{t('stocktake.report.session')}</span>
        <Select
          className="sy-report-session"
          style={{ width: 320 }}
          value={sessionId}
          placeholder={t('stocktake.report.choose')}
          onChange={(v: number) => setParams({ session: String(v) })}
          options={sessions.map((s) => ({
            value: s.id,
            label: `${s.name}（${t(`stocktake.state.${s.state}`)}）`,
          }))}
        />
      </Space>
      {!report ? (
        <Empty description={t('stocktake.report.none')} />
      ) : (
        <>
          <Space size="large" wrap className="sy-report-totals" style={{ marginBottom: 16, display: 'flex' }}>
            <Statistic title={t('stocktake.report.expected')} value={report.totals.expected} />
            {REPORT_LISTS.map((l) => (
              <Statistic
                key={l.key}
                className={`sy-total-${l.key}`}
                title={t(`stocktake.list.${l.key}`)}
                value={report.totals[l.total]}
              />
            ))}
            <Statistic title={t('stocktake.report.scans')} value={report.totals.scans} />
          </Space>
          <Tabs
            activeKey={list}
            onChange={(k) => setList(k as ReportList)}
            items={REPORT_LISTS.map((l) => ({
              key: l.key,
              label: `${t(`stocktake.list.${l.key}`)} (${report.totals[l.total]})`,
            }))}
          />
          <ListTable sessionId={report.session.id} list={list} />
        </>
      )}
    </Card>
  );
}

function ListTable({ sessionId, list }: { sessionId: number; list: ReportList }) {
  const { t } = useTranslation();
  const canExport = usePermission('inventory-report:export');
  const [q, setQ] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<{ List: Row[]; Total: number }>({ List: [], Total: 0 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts at page 1
  useEffect(() => setQ((old) => ({ ...old, Page: 1 })), [sessionId, list]);
  const load = useCallback(
    async () => setData(await api.post(`${P}/Stocktake/GetReportList`, { sessionId, list, ...q })),
    [sessionId, list, q],
  );
  useEffect(() => {
    void load().catch(() => {});
  }, [load]);
  const scans = !['missing', 'found', 'away'].includes(list);
  const exportList = async () => {
    const job = await api.post<ExportStarted>(`${P}/Stocktake/ExportReportList`, { sessionId, list });
    downloads.track({ id: job.DataID, fileName: job.FileName });
  };
  return (
    <>
      {canExport && (
        <Button
          icon={<ExportOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => void exportList().catch(() => {})}
        >
          {t('stocktake.report.export')}
        </Button>
      )}
      <Table<Row>
        className="sy-report-list"
        rowKey="key"
        size="small"
        dataSource={data.List}
        pagination={specPagination(t, q.Page, q.Rows, data.Total, (Page, Rows) => setQ({ Page, Rows }))}
        columns={[
          ...(scans ? [{ title: t('stocktake.col.seq'), dataIndex: 'seq', width: 70 }] : []),
          { title: t('stocktake.col.barcode'), dataIndex: 'barcode' },
          { title: t('stocktake.col.title'), dataIndex: 'title' },
          { title: t('stocktake.col.callNo'), dataIndex: 'callNo' },
          { title: t('stocktake.col.location'), dataIndex: 'location' },
          {
            title: t('stocktake.col.circState'),
            dataIndex: 'circState',
            render: (v: string) => (v ? t(`catalogue.state.${v}`) : ''),
          },
          ...(scans
            ? [
                {
                  title: t('stocktake.col.outcome'),
                  dataIndex: 'outcome',
                  render: (v: string) => <Tag color={OUTCOME_COLOR[v]}>{t(`stocktake.outcome.${v}`)}</Tag>,
                },
                {
                  title: t('stocktake.col.reason'),
                  key: 'reason',
                  render: (_: unknown, r: Row) =>
                    r.reason
                      ? t(`stocktake.reason.${r.reason}`)
                      : r.after
                        ? t('stocktake.scan.after', { callNo: r.after })
                        : '',
                },
              ]
            : [
                {
                  title: t('stocktake.col.result'),
                  dataIndex: 'result',
                  render: (v: string) => (v ? t(`stocktake.result.${v}`) : ''),
                },
              ]),
          { title: t('stocktake.col.scannedAt'), dataIndex: 'scannedAt', render: fmtTime },
        ]}
      />
    </>
  );
}
