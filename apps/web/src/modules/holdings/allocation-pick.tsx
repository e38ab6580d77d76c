import { P } from '@shuyuan/contracts/common/paths';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import type { BulkAnswer } from '@shuyuan/contracts/holdings/bulk';
import { Button, Form, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldErrors } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { FilterFields, filterOf } from './forms.tsx';
import { ResultTable, useLocations } from './shared.tsx';

interface CopyLine {
  id: number;
  barcode: string;
  title: string;
  callNo: string;
  circState: string;
  branch: string;
  location: string;
}

/** Transfer by picking: find copies by conditions, tick some (or a whole page), move them to a location. */
export function AllocationPick({ canAllocate }: { canAllocate: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const locations = useLocations();
  const [page, setPage] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<{ List: CopyLine[]; Total: number } | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [toLocationId, setTo] = useState<number>();
  const [remark, setRemark] = useState('');
  const [result, setResult] = useState<BulkAnswer | null>(null);

  const find = async (p = page) => {
    try {
      setData(await api.post(`${P}/Holdings/FindCopies`, { filter: filterOf(form.getFieldValue('filter')), ...p }));
      setPage(p);
    } catch (e) {
      fieldErrors(form, e);
    }
  };
  const move = async () => {
    setResult(await api.post(`${P}/Literature/UpdateCollectionLocation`, { ids: selected, toLocationId, remark }));
    setSelected([]);
    await find();
  };
  return (
    <>
      <Form form={form} layout="vertical">
        <FilterFields />
        <Button onClick={() => void find({ ...page, Page: 1 })} style={{ marginBottom: 16 }}>
          {t('holdings.common.search')}
        </Button>
      </Form>
      {data && (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <Select
              showSearch
              optionFilterProp="label"
              style={{ width: 220 }}
              placeholder={t('holdings.allocation.toLocation')}
              options={locations}
              value={toLocationId}
              onChange={setTo}
            />
            <Input
              style={{ width: 260 }}
              placeholder={t('holdings.allocation.remark')}
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
            {canAllocate && (
              <Button type="primary" disabled={!selected.length || !toLocationId} onClick={() => void move()}>
                {t('holdings.allocation.moveSelected', { count: selected.length })}
              </Button>
            )}
          </Space>
          <Table<CopyLine>
            size="small"
            rowKey="id"
            dataSource={data.List}
            rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) }}
            pagination={specPagination(t, page.Page, page.Rows, data.Total, (Page, Rows) => void find({ Page, Rows }))}
            columns={[
              { title: t('holdings.field.barcode'), dataIndex: 'barcode', width: 130 },
              { title: t('holdings.common.title'), dataIndex: 'title', ellipsis: true },
              { title: t('holdings.field.callNo'), dataIndex: 'callNo', width: 130 },
              { title: t('holdings.field.branchId'), dataIndex: 'branch', width: 120 },
              { title: t('holdings.field.locationId'), dataIndex: 'location', width: 140 },
              { title: t('holdings.field.circState'), width: 90, render: (_, r) => t(`holdings.state.${r.circState}`) },
            ]}
          />
        </>
      )}
      <ResultTable data={result} applied />
    </>
  );
}
