import { P } from '@shuyuan/contracts/common/paths';
import type { HoursAnswer, HoursRow } from '@shuyuan/contracts/volunteers/volunteer';
import { Button, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';

interface TermOption {
  id: number;
  name: string;
}

/** Hours served per volunteer in a term (default: the current term), most first, with each one's certificate. */
export function HoursTable({ certificate }: { certificate: string }) {
  const { t } = useTranslation();
  const canPrint = usePermission(certificate);
  const [terms, setTerms] = useState<TermOption[]>([]);
  const [termId, setTermId] = useState<number | undefined>();
  const [page, setPage] = useState({ Page: 1, Rows: 20 });
  const [data, setData] = useState<HoursAnswer | null>(null);
  useEffect(() => {
    api
      .post<{ List: TermOption[] }>(`${P}/Org/GetTermList`, { Rows: 100 })
      .then((d) => setTerms(d.List))
      .catch(() => {});
  }, []);
  useEffect(() => {
    api
      .post<HoursAnswer>(`${P}/Volunteer/GetHours`, { ...page, termId })
      .then(setData)
      .catch(() => setData(null));
  }, [page, termId]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <span>{t('volunteers.hours.term')}</span>
        <Select
          style={{ width: 260 }}
          value={termId ?? data?.term?.id}
          onChange={(v) => {
            setTermId(v);
            setPage((p) => ({ ...p, Page: 1 }));
          }}
          options={terms.map((x) => ({ value: x.id, label: x.name }))}
          placeholder={t('volunteers.hours.allTime')}
        />
        {data?.term && (
          <span>
            {data.term.startDate} ~ {data.term.endDate}
          </span>
        )}
      </Space>
      <Table<HoursRow>
        rowKey="volunteerId"
        size="small"
        dataSource={data?.List ?? []}
        pagination={specPagination(t, page.Page, page.Rows, data?.Total ?? 0, (p, r) => setPage({ Page: p, Rows: r }))}
        columns={[
          { title: t('volunteers.col.account'), dataIndex: 'account' },
          { title: t('volunteers.col.name'), dataIndex: 'name' },
          { title: t('volunteers.col.className'), dataIndex: 'className' },
          { title: t('volunteers.col.kind'), dataIndex: 'kind', render: (k: string) => t(`volunteers.kind.${k}`) },
          { title: t('volunteers.hours.signs'), dataIndex: 'signs' },
          { title: t('volunteers.hours.hours'), dataIndex: 'hours' },
          {
            title: t('kit.table.operation'),
            key: 'op',
            render: (_v, r) =>
              canPrint && (
                <Button
                  size="small"
                  type="link"
                  onClick={() =>
                    void api
                      .download(`${P}/Volunteer/Certificate`, {
                        volunteerId: r.volunteerId,
                        termId: termId ?? data?.term?.id,
                      })
                      .catch(() => {})
                  }
                >
                  {t('volunteers.certificate')}
                </Button>
              ),
          },
        ]}
      />
    </Space>
  );
}
