import type { ClassCornerDto, CornerBookDto } from '@shuyuan/contracts/class-corner/corner';
import type { ListData } from '@shuyuan/contracts/common/envelope';
import { Input, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { CORNER_URLS } from './corner-api.ts';
import { CornerScope } from './corner-picker.tsx';

function Books({ corner }: { corner: ClassCornerDto }) {
  const { t } = useTranslation();
  const [q, setQ] = useState<{ SearchKey: string; circState?: string }>({ SearchKey: '' });
  const [page, setPage] = useState({ Page: 1, Rows: 20 });
  const [data, setData] = useState<ListData<CornerBookDto>>({ List: [], Total: 0 });
  useEffect(() => {
    api
      .post<ListData<CornerBookDto>>(CORNER_URLS.books, { cornerId: corner.id, ...q, ...page })
      .then(setData, () => {});
  }, [corner.id, q, page]);
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('classCorner.search.hint')}
          onSearch={(SearchKey) => {
            setQ((x) => ({ ...x, SearchKey }));
            setPage((p) => ({ ...p, Page: 1 }));
          }}
          style={{ width: 300 }}
        />
        <Select
          allowClear
          placeholder={t('classCorner.col.state')}
          style={{ width: 140 }}
          onChange={(circState) => setQ((x) => ({ ...x, circState }))}
          options={['available', 'borrowed'].map((s) => ({ value: s, label: t(`classCorner.copyState.${s}`) }))}
        />
      </Space>
      <Table<CornerBookDto>
        rowKey="copyId"
        size="small"
        dataSource={data.List}
        pagination={specPagination(t, page.Page, page.Rows, data.Total, (Page, Rows) => setPage({ Page, Rows }))}
        columns={[
          { title: t('classCorner.col.barcode'), dataIndex: 'barcode', width: 140 },
          { title: t('classCorner.col.title'), dataIndex: 'title' },
          { title: t('classCorner.col.author'), dataIndex: 'author', width: 160 },
          { title: t('classCorner.col.callNo'), dataIndex: 'callNo', width: 120 },
          {
            title: t('classCorner.col.state'),
            key: 'state',
            width: 260,
            render: (_, b) =>
              b.borrower ? (
                <Tag color="blue">
                  {t('classCorner.search.withReader', { name: b.borrower.name, due: b.borrower.dueDate })}
                </Tag>
              ) : (
                <Tag color={b.circState === 'available' ? 'green' : 'default'}>
                  {t(`classCorner.copyState.${b.circState}`, { defaultValue: b.circState })}
                </Tag>
              ),
          },
        ]}
      />
    </>
  );
}

/** /class-booksearch: what the corner holds and who has each book. */
export default function ClassBookSearchPage() {
  return <CornerScope>{(corner) => <Books corner={corner} />}</CornerScope>;
}
