import { P } from '@shuyuan/contracts/common/paths';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { Card, Checkbox, Descriptions, Input, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';

interface Row {
  classNo: string;
  bookNo: string;
  records: number;
  titles: string[];
  copies: number;
}
interface Answer {
  List: Row[];
  Total: number;
  classNo: string;
  className: string;
  usedCount: number;
  maxBookNo: number;
  nextFree: number;
}

/** /callnumber-search: the call numbers used under a class number, and the next free book number (种次号). */
export default function CallNumberSearchPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState({ classNo: '', exact: false, Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<Answer | null>(null);
  useEffect(() => {
    if (!q.classNo) return;
    api
      .post<Answer>(`${P}/Holdings/CallNumberSearch`, q)
      .then(setData)
      .catch(() => {});
  }, [q]);
  return (
    <Card className="sy-callnumber">
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          style={{ width: 320 }}
          placeholder={t('holdings.callNumber.placeholder')}
          enterButton={t('holdings.common.search')}
          onSearch={(v) => setQ((o) => ({ ...o, classNo: v.trim(), Page: 1 }))}
        />
        <Checkbox checked={q.exact} onChange={(e) => setQ((o) => ({ ...o, exact: e.target.checked, Page: 1 }))}>
          {t('holdings.callNumber.exact')}
        </Checkbox>
      </Space>
      {data && (
        <>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('holdings.callNumber.class')}>
              {data.classNo} {data.className}
            </Descriptions.Item>
            <Descriptions.Item label={t('holdings.callNumber.used')}>{data.usedCount}</Descriptions.Item>
            <Descriptions.Item label={t('holdings.callNumber.max')}>{data.maxBookNo || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('holdings.callNumber.next')}>
              <b className="sy-next-free">
                {data.classNo}/{data.nextFree}
              </b>
            </Descriptions.Item>
          </Descriptions>
          <Table<Row>
            size="small"
            rowKey={(r) => `${r.classNo}/${r.bookNo}`}
            dataSource={data.List}
            pagination={specPagination(t, q.Page, q.Rows, data.Total, (Page, Rows) =>
              setQ((o) => ({ ...o, Page, Rows })),
            )}
            columns={[
              {
                title: t('holdings.field.callNo'),
                render: (_, r) => (r.bookNo ? `${r.classNo}/${r.bookNo}` : r.classNo),
                width: 180,
              },
              { title: t('holdings.callNumber.titles'), render: (_, r) => r.titles.join('；') },
              { title: t('holdings.callNumber.records'), dataIndex: 'records', width: 90 },
              { title: t('holdings.callNumber.copies'), dataIndex: 'copies', width: 90 },
            ]}
          />
        </>
      )}
    </Card>
  );
}
