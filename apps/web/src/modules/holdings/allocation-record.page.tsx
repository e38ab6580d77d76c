import { P } from '@shuyuan/contracts/common/paths';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { HoldingsCode } from '@shuyuan/contracts/holdings/bulk';
import { Button, Card, DatePicker, Input, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { useBranches } from './shared.tsx';

interface Row {
  id: number;
  batchNo: string;
  barcode: string;
  title: string;
  fromBranch: string;
  fromLocation: string;
  toBranch: string;
  toLocation: string;
  operatorName: string;
  createdAt: string;
  remark: string;
  via: string;
}
const place = (b: string, l: string) => [b, l].filter(Boolean).join(' / ');

/** /allocation-record: every transfer of a copy, newest first; by transfer number, branch, date; export. */
export default function AllocationRecordPage() {
  const { t } = useTranslation();
  const canExport = usePermission(`${HoldingsCode.allocationRecord}:export`);
  const branches = useBranches();
  const [key, setKey] = useState('');
  const [f, setF] = useState<{
    SearchKey?: string;
    batchNo?: string;
    branchId?: number;
    range?: [Dayjs, Dayjs] | null;
  }>({});
  const [page, setPage] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<{ List: Row[]; Total: number }>({ List: [], Total: 0 });
  const query = {
    SearchKey: f.SearchKey,
    batchNo: f.batchNo || undefined,
    branchId: f.branchId,
    dateFrom: f.range?.[0].format('YYYY-MM-DD'),
    dateTo: f.range?.[1].format('YYYY-MM-DD'),
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: query is derived from f
  useEffect(() => {
    api
      .post<{ List: Row[]; Total: number }>(`${P}/Literature/GetAllocationRecords`, { ...query, ...page })
      .then(setData)
      .catch(() => {});
  }, [f, page]);
  const set = (patch: Partial<typeof f>) => {
    setF((o) => ({ ...o, ...patch }));
    setPage((p) => ({ ...p, Page: 1 }));
  };
  return (
    <Card className="sy-allocation-record">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('holdings.allocation.searchHint')}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          onSearch={(v) => set({ SearchKey: v.trim() || undefined })}
        />
        <Input
          allowClear
          style={{ width: 200 }}
          placeholder={t('holdings.allocation.col.batchNo')}
          onPressEnter={(e) => set({ batchNo: (e.target as HTMLInputElement).value.trim() })}
          onChange={(e) => !e.target.value && set({ batchNo: undefined })}
        />
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('holdings.field.branchId')}
          options={branches}
          onChange={(v) => set({ branchId: v })}
        />
        <DatePicker.RangePicker onChange={(v) => set({ range: v as [Dayjs, Dayjs] | null })} />
        {canExport && (
          <Button onClick={() => void api.download(`${P}/Holdings/ExportAllocationRecords`, query)}>
            {t('holdings.common.export')}
          </Button>
        )}
      </Space>
      <Table<Row>
        size="small"
        rowKey="id"
        dataSource={data.List}
        pagination={specPagination(t, page.Page, page.Rows, data.Total, (Page, Rows) => setPage({ Page, Rows }))}
        columns={[
          { title: t('holdings.allocation.col.batchNo'), dataIndex: 'batchNo', width: 190 },
          { title: t('holdings.allocation.col.barcode'), dataIndex: 'barcode', width: 130 },
          { title: t('holdings.allocation.col.title'), dataIndex: 'title', ellipsis: true },
          { title: t('holdings.allocation.col.from'), render: (_, r) => place(r.fromBranch, r.fromLocation) },
          { title: t('holdings.allocation.col.to'), render: (_, r) => place(r.toBranch, r.toLocation) },
          { title: t('holdings.allocation.col.operator'), dataIndex: 'operatorName', width: 110 },
          {
            title: t('holdings.allocation.col.time'),
            width: 160,
            render: (_, r) => new Date(r.createdAt).toLocaleString(),
          },
          { title: t('holdings.allocation.col.remark'), dataIndex: 'remark', ellipsis: true },
        ]}
      />
    </Card>
  );
}
