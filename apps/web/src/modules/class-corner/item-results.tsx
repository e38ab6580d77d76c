import type { CornerItemResult } from '@shuyuan/contracts/class-corner/corner';
import { Card, Statistic, Space, Table, Tag } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/** Per-item answer of a lend or return batch: counts and every line with its reason. */
export function ItemResults({ results }: { results: CornerItemResult[] }) {
  const { t } = useTranslation();
  const ok = results.filter((r) => r.ok).length;
  return (
    <Card size="small" title={t('classCorner.results.title')} style={{ marginTop: 12 }} data-testid="corner-results">
      <Space size={32} style={{ marginBottom: 8 }}>
        <Statistic title={t('classCorner.results.ok')} value={ok} valueStyle={{ color: '#3f8600' }} />
        <Statistic
          title={t('classCorner.results.failed')}
          value={results.length - ok}
          valueStyle={{ color: results.length - ok ? '#cf1322' : undefined }}
        />
      </Space>
      <Table<CornerItemResult>
        rowKey={(r, i) => `${r.barcode}-${i}`}
        onRow={(r) =>
          ({ 'data-testid': 'corner-result', 'data-state': r.ok ? 'ok' : 'refused' }) as HTMLAttributes<HTMLElement>
        }
        size="small"
        pagination={false}
        dataSource={results}
        columns={[
          { title: t('classCorner.col.barcode'), dataIndex: 'barcode', width: 140 },
          { title: t('classCorner.col.title'), dataIndex: 'title' },
          { title: t('classCorner.col.reader'), dataIndex: 'readerName', width: 140 },
          {
            title: t('classCorner.col.result'),
            key: 'r',
            render: (_, r) =>
              r.ok ? (
                <Tag color="green">
                  {r.dueDate ? t('classCorner.results.lent', { due: r.dueDate }) : t('classCorner.results.returned')}
                  {r.overdueDays ? ` · ${t('classCorner.results.overdue', { count: r.overdueDays })}` : ''}
                </Tag>
              ) : (
                <Tag color="red">{r.msg}</Tag>
              ),
          },
        ]}
      />
    </Card>
  );
}
