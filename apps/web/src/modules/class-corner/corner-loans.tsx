import type { ClassCornerDto } from '@shuyuan/contracts/class-corner/corner';
import type { LoanRecordDto } from '@shuyuan/contracts/circ-records/records';
import type { ListData } from '@shuyuan/contracts/common/envelope';
import { Segmented, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { CORNER_URLS } from './corner-api.ts';

/** Loans of the corner's books: out now, overdue, or the returned ones. */
export function CornerLoans({ corner, version = 0 }: { corner: ClassCornerDto; version?: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'open' | 'overdue' | 'returned'>('open');
  const [page, setPage] = useState({ Page: 1, Rows: 20 });
  const [data, setData] = useState<ListData<LoanRecordDto>>({ List: [], Total: 0 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the parent's reload signal
  useEffect(() => {
    api
      .post<ListData<LoanRecordDto>>(CORNER_URLS.loans, { cornerId: corner.id, state, ...page })
      .then(setData, () => {});
  }, [corner.id, state, page, version]);
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={state}
        onChange={(v) => {
          setState(v as typeof state);
          setPage((p) => ({ ...p, Page: 1 }));
        }}
        options={(['open', 'overdue', 'returned'] as const).map((s) => ({
          value: s,
          label: t(`classCorner.state.${s}`),
        }))}
      />
      <Table<LoanRecordDto>
        rowKey="id"
        size="small"
        dataSource={data.List}
        pagination={specPagination(t, page.Page, page.Rows, data.Total, (Page, Rows) => setPage({ Page, Rows }))}
        columns={[
          { title: t('classCorner.col.barcode'), dataIndex: 'barcode', width: 130 },
          { title: t('classCorner.col.title'), dataIndex: 'title' },
          { title: t('classCorner.col.student'), key: 'r', render: (_, r) => `${r.readerName} (${r.account})` },
          {
            title: t('classCorner.col.borrowedAt'),
            dataIndex: 'borrowedAt',
            width: 110,
            render: (v) => dayjs(v).format('YYYY-MM-DD'),
          },
          { title: t('classCorner.col.dueDate'), dataIndex: 'dueDate', width: 110 },
          {
            title: t('classCorner.col.state'),
            key: 's',
            width: 140,
            render: (_, r) =>
              r.overdueDays > 0 && r.state !== 'returned' ? (
                <Tag color="red">{t('classCorner.results.overdue', { count: r.overdueDays })}</Tag>
              ) : (
                <Tag>{t(`classCorner.state.${r.state}`)}</Tag>
              ),
          },
        ]}
      />
    </>
  );
}
