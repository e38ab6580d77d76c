import { P } from '@shuyuan/contracts/common/paths';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { HoldingsCode } from '@shuyuan/contracts/holdings/bulk';
import { Button, Card, DatePicker, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';
import { useBatches } from './shared.tsx';

interface Row {
  id: number;
  isbn: string;
  title: string;
  author: string;
  publisher: string;
  pubYear: number | null;
  priceFen: number | null;
  copies: number;
  createdAt: string;
  reportedAt: string | null;
}

/** /isbn-reporting: ISBNs catalogued in a period or received in a batch; mark them reported; export. */
export default function IsbnReportingPage() {
  const { t } = useTranslation();
  const canAdd = usePermission(`${HoldingsCode.isbn}:add`);
  const canExport = usePermission(`${HoldingsCode.isbn}:export`);
  const batches = useBatches();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [batchId, setBatchId] = useState<number>();
  const [reported, setReported] = useState<'all' | 'yes' | 'no'>('no');
  const [page, setPage] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<{ List: Row[]; Total: number }>({ List: [], Total: 0 });
  const [selected, setSelected] = useState<number[]>([]);
  const [stamp, setStamp] = useState(0);
  const query = {
    dateFrom: range?.[0].format('YYYY-MM-DD'),
    dateTo: range?.[1].format('YYYY-MM-DD'),
    batchId,
    reported,
  };
  const qs = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: qs is the query; stamp reloads
  useEffect(() => {
    api
      .post<{ List: Row[]; Total: number }>(`${P}/Holdings/IsbnList`, { ...query, ...page })
      .then(setData)
      .catch(() => {});
  }, [qs, page, stamp]);
  const mark = async (body: Record<string, unknown>) => {
    const r = await api.post<{ count: number }>(`${P}/Holdings/IsbnMark`, body);
    notify.success(t('holdings.isbn.marked', { count: r.count }));
    setSelected([]);
    setStamp((s) => s + 1);
  };
  return (
    <Card className="sy-isbn">
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker value={range} onChange={(v) => setRange(v as [Dayjs, Dayjs] | null)} />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 180 }}
          placeholder={t('holdings.filter.batchId')}
          options={batches}
          value={batchId}
          onChange={setBatchId}
        />
        <Select
          style={{ width: 140 }}
          value={reported}
          onChange={setReported}
          options={(['all', 'no', 'yes'] as const).map((v) => ({ value: v, label: t(`holdings.isbn.reported.${v}`) }))}
        />
        {canAdd && (
          <>
            <Button type="primary" disabled={!selected.length} onClick={() => void mark({ ids: selected })}>
              {t('holdings.isbn.markSelected', { count: selected.length })}
            </Button>
            <Button disabled={!data.Total} onClick={() => void mark({ query })}>
              {t('holdings.isbn.markAll')}
            </Button>
          </>
        )}
        {canExport && (
          <Button onClick={() => void api.download(`${P}/Holdings/ExportIsbn`, query)}>
            {t('holdings.common.export')}
          </Button>
        )}
      </Space>
      <Table<Row>
        size="small"
        rowKey="id"
        dataSource={data.List}
        rowSelection={canAdd ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined}
        pagination={specPagination(t, page.Page, page.Rows, data.Total, (Page, Rows) => setPage({ Page, Rows }))}
        columns={[
          { title: 'ISBN', dataIndex: 'isbn', width: 150 },
          { title: t('holdings.isbn.col.title'), dataIndex: 'title', ellipsis: true },
          { title: t('holdings.isbn.col.author'), dataIndex: 'author', width: 140, ellipsis: true },
          { title: t('holdings.isbn.col.publisher'), dataIndex: 'publisher', width: 160, ellipsis: true },
          { title: t('holdings.isbn.col.pubYear'), dataIndex: 'pubYear', width: 80 },
          {
            title: t('holdings.isbn.col.price'),
            width: 80,
            render: (_, r) => (r.priceFen == null ? '' : (r.priceFen / 100).toFixed(2)),
          },
          { title: t('holdings.isbn.col.copies'), dataIndex: 'copies', width: 70 },
          {
            title: t('holdings.isbn.col.reported'),
            width: 120,
            render: (_, r) =>
              r.reportedAt ? (
                <Tag color="green">{String(r.reportedAt).slice(0, 10)}</Tag>
              ) : (
                <Tag>{t('holdings.isbn.notReported')}</Tag>
              ),
          },
        ]}
      />
    </Card>
  );
}
