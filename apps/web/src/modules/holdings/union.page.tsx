import { P } from '@shuyuan/contracts/common/paths';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { Alert, Card, Input, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';

interface Row {
  id: number;
  title: string;
  author: string;
  publisher: string;
  pubYear: number | null;
  isbn: string;
  classNo: string;
  bookNo: string;
  copies: number;
}
const FIELDS = ['all', 'title', 'author', 'isbn', 'publisher'] as const;

/**
 * /union-catalog: search for a record to reuse. Today the school's own catalogue; sharing records with a union
 * and external (SRU) sources come with the union and capture modules — the screen says so.
 */
export default function UnionCatalogPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState<{ SearchKey: string; field?: string; Page: number; Rows: number }>({
    SearchKey: '',
    Page: 1,
    Rows: PAGE_SIZE_DEFAULT,
  });
  const [field, setField] = useState<(typeof FIELDS)[number]>('all');
  const [data, setData] = useState<{ List: Row[]; Total: number } | null>(null);
  useEffect(() => {
    if (!q.SearchKey) return;
    api
      .post<{ List: Row[]; Total: number }>(`${P}/Holdings/UnionSearch`, q)
      .then(setData)
      .catch(() => {});
  }, [q]);
  return (
    <Card className="sy-union">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('holdings.union.notice')} />
      <Space style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 120 }}
          value={field}
          onChange={setField}
          options={FIELDS.map((f) => ({ value: f, label: t(`holdings.union.field.${f}`) }))}
        />
        <Input.Search
          allowClear
          style={{ width: 360 }}
          enterButton={t('holdings.common.search')}
          onSearch={(v) =>
            setQ((o) => ({ ...o, SearchKey: v.trim(), field: field === 'all' ? undefined : field, Page: 1 }))
          }
        />
      </Space>
      {data && (
        <Table<Row>
          size="small"
          rowKey="id"
          dataSource={data.List}
          pagination={specPagination(t, q.Page, q.Rows, data.Total, (Page, Rows) =>
            setQ((o) => ({ ...o, Page, Rows })),
          )}
          columns={[
            { title: t('holdings.isbn.col.title'), dataIndex: 'title' },
            { title: t('holdings.isbn.col.author'), dataIndex: 'author', width: 160 },
            { title: t('holdings.isbn.col.publisher'), dataIndex: 'publisher', width: 180 },
            { title: t('holdings.isbn.col.pubYear'), dataIndex: 'pubYear', width: 80 },
            { title: 'ISBN', dataIndex: 'isbn', width: 150 },
            {
              title: t('holdings.field.callNo'),
              width: 140,
              render: (_, r) => (r.classNo ? `${r.classNo}${r.bookNo ? `/${r.bookNo}` : ''}` : ''),
            },
            { title: t('holdings.union.source'), width: 110, render: () => t('holdings.union.local') },
            { title: t('holdings.isbn.col.copies'), dataIndex: 'copies', width: 70 },
          ]}
        />
      )}
    </Card>
  );
}
