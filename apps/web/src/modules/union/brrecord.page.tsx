import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { UNION_BRRECORD, UNION_LOAN_STATES, type UnionLoanDto } from '@shuyuan/contracts/union/lending';
import { Button, Card, Checkbox, DatePicker, Input, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { fmtMinute } from '../../kit/time.ts';
import { StateTag, whereOf } from './lending-shared.tsx';
import { useMyUnions } from './union-search.tsx';

interface Filters {
  unionId?: number;
  direction?: 'lent' | 'borrowed';
  state?: string;
  SearchKey?: string;
  overdueOnly?: boolean;
  range?: [Dayjs, Dayjs] | null;
}

/** /union/brrecord: every union loan of the school, lent and borrowed, with filters; export as xlsx. */
export default function UnionRecordsPage() {
  const { t } = useTranslation();
  const unions = useMyUnions();
  const canExport = usePermission(`${UNION_BRRECORD}:export`);
  const [f, setF] = useState<Filters>({});
  const [page, setPage] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<{ List: UnionLoanDto[]; Total: number }>({ List: [], Total: 0 });
  const query = {
    unionId: f.unionId,
    direction: f.direction,
    state: f.state,
    SearchKey: f.SearchKey,
    overdueOnly: f.overdueOnly || undefined,
    from: f.range?.[0].format('YYYY-MM-DD'),
    to: f.range?.[1].format('YYYY-MM-DD'),
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: query is derived from f
  useEffect(() => {
    api
      .post<typeof data>(`${P}/Union/GetLoanRecords`, { ...query, ...page })
      .then(setData)
      .catch(() => {});
  }, [f, page]);
  const set = (patch: Partial<Filters>) => {
    setF((o) => ({ ...o, ...patch }));
    setPage((p) => ({ ...p, Page: 1 }));
  };
  return (
    <Card className="sy-union-records">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('union.lend.allUnions')}
          options={(unions ?? []).map((u) => ({ value: u.id, label: u.name }))}
          onChange={(v) => set({ unionId: v })}
        />
        <Select
          style={{ width: 180 }}
          value={f.direction ?? 'all'}
          options={(['all', 'lent', 'borrowed'] as const).map((d) => ({
            value: d,
            label: t(`union.lend.direction.${d}`),
          }))}
          onChange={(v: 'all' | 'lent' | 'borrowed') => set({ direction: v === 'all' ? undefined : v })}
        />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('union.lend.anyState')}
          options={UNION_LOAN_STATES.map((s) => ({ value: s, label: t(`union.lend.state.${s}`) }))}
          onChange={(v) => set({ state: v })}
        />
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('union.lend.searchHint')}
          onSearch={(v) => set({ SearchKey: v.trim() || undefined })}
        />
        <DatePicker.RangePicker onChange={(v) => set({ range: v as [Dayjs, Dayjs] | null })} />
        <Checkbox onChange={(e) => set({ overdueOnly: e.target.checked })}>{t('union.lend.overdueOnly')}</Checkbox>
        {canExport && (
          <Button onClick={() => void api.download(`${P}/Union/ExportLoanRecords`, query)}>
            {t('union.lend.export')}
          </Button>
        )}
      </Space>
      <Table<UnionLoanDto>
        size="small"
        rowKey="id"
        scroll={{ x: 1400 }}
        dataSource={data.List}
        pagination={specPagination(t, page.Page, page.Rows, data.Total, (Page, Rows) => setPage({ Page, Rows }))}
        columns={[
          { title: t('union.lend.col.title'), dataIndex: 'title', ellipsis: true, width: 200 },
          { title: t('union.lend.col.barcode'), dataIndex: 'barcode', width: 120 },
          { title: t('union.lend.col.owner'), dataIndex: 'ownerSchoolName', width: 140 },
          { title: t('union.lend.col.borrower'), dataIndex: 'borrowerSchoolName', width: 140 },
          { title: t('union.lend.col.reader'), width: 160, render: (_, l) => `${l.readerName} ${l.readerCard}` },
          { title: t('union.lend.col.via'), width: 100, render: (_, l) => t(`union.lend.via.${l.via}`) },
          {
            title: t('union.lend.col.state'),
            width: 220,
            render: (_, l) => (
              <span>
                <StateTag state={l.state} />
                {l.side === 'owner' ? whereOf(t, l) : ''}
              </span>
            ),
          },
          { title: t('union.lend.col.requestedAt'), width: 140, render: (_, l) => fmtMinute(l.requestedAt) },
          { title: t('union.lend.col.lentAt'), width: 140, render: (_, l) => fmtMinute(l.lentAt) },
          { title: t('union.lend.col.dueDate'), dataIndex: 'dueDate', width: 110 },
          {
            title: t('union.lend.col.overdueDays'),
            width: 90,
            render: (_, l) => (l.overdueDays > 0 ? l.overdueDays : ''),
          },
          {
            title: t('union.lend.col.returnedAt'),
            width: 180,
            render: (_, l) => [fmtMinute(l.returnedAt), l.returnedAtSchoolName].filter(Boolean).join(' · '),
          },
          { title: t('union.lend.col.backAt'), width: 140, render: (_, l) => fmtMinute(l.backAt) },
          { title: t('union.lend.col.reason'), dataIndex: 'reason', width: 140, ellipsis: true },
        ]}
      />
    </Card>
  );
}
