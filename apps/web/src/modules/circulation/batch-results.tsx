import { DownloadOutlined } from '@ant-design/icons';
import type { BatchAnswer, BatchItemResult } from '@shuyuan/contracts/circulation/desk';
import { Button, Card, Checkbox, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OverdueTag } from './reader-panel.tsx';
import { saveCsv } from './feedback.ts';

/** The answer of a batch: counts, every line (or only the refused ones) and an export of all lines. */
export function BatchResults({ answer, kind }: { answer: BatchAnswer; kind: 'borrow' | 'return' }) {
  const { t } = useTranslation();
  const [onlyFailed, setOnlyFailed] = useState(answer.failed > 0);
  const rows = onlyFailed ? answer.results.filter((r) => !r.ok) : answer.results;
  const status = (r: BatchItemResult) => (r.ok ? t('circulation.batch.ok') : t('circulation.batch.refused'));
  const exportCsv = () =>
    saveCsv(
      `${t(`circulation.batch.file.${kind}`)}-${new Date().toISOString().slice(0, 10)}.csv`,
      [
        t('circulation.col.line'),
        t('circulation.col.readerBarcode'),
        t('circulation.col.barcode'),
        t('circulation.col.status'),
        t('circulation.col.title'),
        t('circulation.col.reader'),
        t('circulation.col.dueDate'),
        t('circulation.col.overdue'),
        t('circulation.col.reason'),
      ],
      answer.results.map((r) => [
        r.line,
        r.readerBarcode,
        r.barcode,
        status(r),
        r.title,
        r.readerName,
        r.dueDate,
        r.overdueDays,
        r.message ?? (r.holdFor ? t('circulation.batch.holdFor', { name: r.holdFor }) : ''),
      ]),
    );
  return (
    <Card
      size="small"
      title={t('circulation.batch.results')}
      extra={
        <Space>
          <Checkbox checked={onlyFailed} onChange={(e) => setOnlyFailed(e.target.checked)}>
            {t('circulation.batch.onlyFailed')}
          </Checkbox>
          <Button icon={<DownloadOutlined />} onClick={exportCsv}>
            {t('circulation.batch.export')}
          </Button>
        </Space>
      }
    >
      <Space size="large" style={{ marginBottom: 12 }} data-testid="batch-summary">
        <Statistic title={t('circulation.batch.total')} value={answer.total} />
        <Statistic
          title={t('circulation.batch.succeeded')}
          value={answer.succeeded}
          valueStyle={{ color: '#3f8600' }}
        />
        <Statistic title={t('circulation.batch.failed')} value={answer.failed} valueStyle={{ color: '#cf1322' }} />
      </Space>
      <Table<BatchItemResult>
        size="small"
        rowKey="line"
        dataSource={rows}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        onRow={(r) => ({ style: r.ok ? undefined : { background: '#fff1f0' } })}
        columns={[
          { title: t('circulation.col.line'), dataIndex: 'line', width: 70 },
          ...(kind === 'borrow'
            ? [{ title: t('circulation.col.readerBarcode'), dataIndex: 'readerBarcode', width: 130 }]
            : []),
          { title: t('circulation.col.barcode'), dataIndex: 'barcode', width: 140 },
          {
            title: t('circulation.col.status'),
            key: 'ok',
            width: 90,
            render: (_, r) => <Tag color={r.ok ? 'green' : 'red'}>{status(r)}</Tag>,
          },
          { title: t('circulation.col.title'), dataIndex: 'title', ellipsis: true },
          { title: t('circulation.col.reader'), dataIndex: 'readerName', width: 120 },
          { title: t('circulation.col.dueDate'), dataIndex: 'dueDate', width: 110 },
          ...(kind === 'return'
            ? [
                {
                  title: t('circulation.col.overdue'),
                  dataIndex: 'overdueDays',
                  width: 100,
                  render: (v: number) => <OverdueTag days={v} />,
                },
              ]
            : []),
          {
            title: t('circulation.col.reason'),
            key: 'reason',
            render: (_, r) =>
              r.message ? (
                <Typography.Text type="danger">{r.message}</Typography.Text>
              ) : r.holdFor ? (
                <Tag color="orange">{t('circulation.batch.holdFor', { name: r.holdFor })}</Tag>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
