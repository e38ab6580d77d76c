import { DownloadOutlined } from '@ant-design/icons';
import type { ListData } from '@shuyuan/contracts/common/envelope';
import type { DrillLoanDto } from '@shuyuan/contracts/statistics/filters';
import { Button, Drawer, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { STAT } from './api.ts';

export interface DrillTarget {
  /** What was clicked, for the drawer's title. */
  label: string;
  /** The report's filters with the clicked value folded in. */
  query: Record<string, unknown>;
}

/** The loans behind a clicked figure (P/Statistics/<action>Loans), with their export. */
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
  const canExport = usePermission(`${code}:export`);
  const [page, setPage] = useState({ Page: 1, Rows: 20 });
  const [data, setData] = useState<ListData<DrillLoanDto>>({ List: [], Total: 0 });
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(target?.query ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target starts at page 1
  useEffect(() => setPage((p) => ({ ...p, Page: 1 })), [key]);
  useEffect(() => {
    if (!target) return;
    setLoading(true);
    api
      .post<ListData<DrillLoanDto>>(`${STAT}/${action}Loans`, { ...JSON.parse(key), ...page })
      .then(setData)
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [action, key, page, target]);
  const exportNow = async () => {
    const job = await api.post<{ DataID: number; FileName: string }>(`${STAT}/Export${action}Loans`, JSON.parse(key));
    downloads.track({ id: job.DataID, fileName: job.FileName });
  };
  const columns: ColumnsType<DrillLoanDto> = [
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
    {
      title: t('statistics.col.borrowedAt'),
      dataIndex: 'borrowedAt',
      width: 105,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD'),
    },
    { title: t('statistics.col.dueDate'), dataIndex: 'dueDate', width: 105 },
    {
      title: t('statistics.col.returnedAt'),
      dataIndex: 'returnedAt',
      width: 105,
      render: (v: string | null, r) => (
        <Space size={4}>
          {v ? dayjs(v).format('YYYY-MM-DD') : ''}
          {r.overdue && <Tag color="volcano">{t('statistics.drill.overdue')}</Tag>}
        </Space>
      ),
    },
  ];
  return (
    <Drawer
      open={!!target}
      onClose={onClose}
      size="large"
      title={t('statistics.drill.titleOf', { name: target?.label ?? '', count: data.Total })}
      extra={
        canExport && (
          <Button icon={<DownloadOutlined />} onClick={() => exportNow().catch(() => {})} data-testid="drill-export">
            {t('statistics.toolbar.export')}
          </Button>
        )
      }
    >
      <Table<DrillLoanDto>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data.List}
        scroll={{ x: 'max-content' }}
        pagination={specPagination(t, page.Page, page.Rows, data.Total, (Page, Rows) => setPage({ Page, Rows }))}
      />
    </Drawer>
  );
}
