import { DownloadOutlined } from '@ant-design/icons';
import type { ListData } from '@shuyuan/contracts/common/envelope';
import type { DrillLoanDto } from '@shuyuan/contracts/statistics/filters';
import type { DrillCopyDto } from '@shuyuan/contracts/statistics/reports';
import { Button, Drawer, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { STAT } from './api.ts';

export interface DrillTarget {
  /** What was clicked, for the drawer's title. */
  label: string;
  /** The report's filters with the clicked value folded in: for its loans (P/Statistics/<action>Loans)… */
  query?: Record<string, unknown>;
  /** …and for its held copies (P/Statistics/<action>Copies). */
  copies?: Record<string, unknown>;
}

type What = 'Loans' | 'Copies';
const day = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '');

function loanColumns(t: (k: string) => string): ColumnsType<DrillLoanDto> {
  return [
    { title: t('statistics.col.barcode'), dataIndex: 'barcode', width: 120 },
    { title: t('statistics.col.title'), dataIndex: 'title', width: 200, ellipsis: true },
    {
      title: t('statistics.col.reader'),
      key: 'reader',
      width: 150,
      render: (_, r) => `${r.readerName} (${r.account})`,
    },
    {
      title: t('statistics.col.class'),
      key: 'class',
      width: 120,
      render: (_, r) => [r.gradeName, r.className].filter(Boolean).join(' '),
    },
    { title: t('statistics.col.borrowedAt'), dataIndex: 'borrowedAt', width: 105, render: day },
    { title: t('statistics.col.dueDate'), dataIndex: 'dueDate', width: 105 },
    {
      title: t('statistics.col.returnedAt'),
      dataIndex: 'returnedAt',
      width: 105,
      render: (v: string | null, r) => (
        <Space size={4}>
          {day(v)}
          {r.overdue && <Tag color="volcano">{t('statistics.drill.overdue')}</Tag>}
        </Space>
      ),
    },
  ];
}

function copyColumns(t: (k: string) => string): ColumnsType<DrillCopyDto> {
  return [
    { title: t('statistics.col.barcode'), dataIndex: 'barcode', width: 120 },
    { title: t('statistics.col.title'), dataIndex: 'title', width: 220, ellipsis: true },
    { title: t('statistics.col.callNo'), dataIndex: 'callNo', width: 120 },
    { title: t('statistics.col.classNo'), dataIndex: 'classNo', width: 100 },
    { title: t('statistics.col.location'), dataIndex: 'locationName', width: 120 },
    { title: t('statistics.col.acquiredAt'), dataIndex: 'acquiredAt', width: 105, render: day },
    {
      title: t('statistics.col.price'),
      dataIndex: 'valueFen',
      width: 90,
      render: (v: number | null) => (v == null ? '' : (v / 100).toFixed(2)),
    },
  ];
}

/** One list behind a figure, page by page, with its export; reports its total for the drawer's title. */
function DrillList<T extends { id: number }>({
  action,
  code,
  what,
  query,
  columns,
  onTotal,
}: {
  action: string;
  code: string;
  what: What;
  query: Record<string, unknown>;
  columns: ColumnsType<T>;
  onTotal: (n: number) => void;
}) {
  const { t } = useTranslation();
  const canExport = usePermission(`${code}:export`);
  const [page, setPage] = useState({ Page: 1, Rows: 20 });
  const [data, setData] = useState<ListData<T>>({ List: [], Total: 0 });
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target starts at page 1
  useEffect(() => setPage((p) => ({ ...p, Page: 1 })), [key]);
  useEffect(() => {
    setLoading(true);
    api
      .post<ListData<T>>(`${STAT}/${action}${what}`, { ...JSON.parse(key), ...page })
      .then((d) => {
        setData(d);
        onTotal(d.Total);
      })
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [action, what, key, page, onTotal]);
  const exportNow = async () => {
    const job = await api.post<{ DataID: number; FileName: string }>(`${STAT}/Export${action}${what}`, JSON.parse(key));
    downloads.track({ id: job.DataID, fileName: job.FileName });
  };
  return (
    <>
      {canExport && (
        <Button
          icon={<DownloadOutlined />}
          onClick={() => exportNow().catch(() => {})}
          data-testid={`drill-export${what === 'Copies' ? '-copies' : ''}`}
          style={{ marginBottom: 8 }}
        >
          {t('statistics.toolbar.export')}
        </Button>
      )}
      <Table<T>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data.List}
        scroll={{ x: 'max-content' }}
        pagination={specPagination(t, page.Page, page.Rows, data.Total, (Page, Rows) => setPage({ Page, Rows }))}
      />
    </>
  );
}

/**
 * What is behind a clicked figure: its loans (P/Statistics/<action>Loans) and, on the collection reports, its held
 * copies (P/Statistics/<action>Copies) — a tab each when the figure has both — each with its export.
 */
export function DrillDrawer({
  action,
  code,
  target,
  onClose,
}: {
  action: string;
  code: string;
  target: DrillTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<What>('Copies');
  const [totals, setTotals] = useState<Record<What, number>>({ Loans: 0, Copies: 0 });
  const onLoans = useCallback((n: number) => setTotals((s) => ({ ...s, Loans: n })), []);
  const onCopies = useCallback((n: number) => setTotals((s) => ({ ...s, Copies: n })), []);
  const shown: What = target?.copies && (tab === 'Copies' || !target.query) ? 'Copies' : 'Loans';
  const loans = target?.query && (
    <DrillList<DrillLoanDto>
      action={action}
      code={code}
      what="Loans"
      query={target.query}
      columns={loanColumns(t)}
      onTotal={onLoans}
    />
  );
  const copies = target?.copies && (
    <DrillList<DrillCopyDto>
      action={action}
      code={code}
      what="Copies"
      query={target.copies}
      columns={copyColumns(t)}
      onTotal={onCopies}
    />
  );
  const name = target?.label ?? '';
  return (
    <Drawer
      open={!!target}
      onClose={onClose}
      size="large"
      destroyOnHidden
      title={t(shown === 'Copies' ? 'statistics.drill.copiesOf' : 'statistics.drill.titleOf', {
        name,
        count: totals[shown],
      })}
    >
      {loans && copies ? (
        <Tabs
          activeKey={shown}
          onChange={(k) => setTab(k as What)}
          items={[
            { key: 'Copies', label: t('statistics.drill.copiesTab'), children: copies },
            { key: 'Loans', label: t('statistics.drill.loansTab'), children: loans },
          ]}
        />
      ) : (
        (copies ?? loans)
      )}
    </Drawer>
  );
}
