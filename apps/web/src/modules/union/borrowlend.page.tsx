import { P } from '@shuyuan/contracts/common/paths';
import { UNION_BORROWLEND, type UnionBalance } from '@shuyuan/contracts/union/lending';
import { Button, Card, Col, DatePicker, Row, Select, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { useMyUnions } from './union-search.tsx';

/**
 * /union/borrowlend: the lending balance between schools — loans a reader got in the period by lending × borrowing
 * school (with those out now and overdue), and per school what it lent, borrowed and the difference.
 */
export default function UnionBalancePage() {
  const { t } = useTranslation();
  const unions = useMyUnions();
  const canExport = usePermission(`${UNION_BORROWLEND}:export`);
  const [unionId, setUnionId] = useState<number>();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [data, setData] = useState<UnionBalance | null>(null);
  const query = { unionId, from: range?.[0].format('YYYY-MM-DD'), to: range?.[1].format('YYYY-MM-DD') };
  // biome-ignore lint/correctness/useExhaustiveDependencies: query is derived from unionId and range
  useEffect(() => {
    api
      .post<UnionBalance>(`${P}/Union/GetLendingBalance`, query)
      .then(setData)
      .catch(() => {});
  }, [unionId, range]);
  return (
    <Card className="sy-union-balance">
      <Typography.Paragraph type="secondary">{t('union.lend.balanceHelp')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('union.lend.allUnions')}
          options={(unions ?? []).map((u) => ({ value: u.id, label: u.name }))}
          onChange={setUnionId}
        />
        <DatePicker.RangePicker onChange={(v) => setRange(v as [Dayjs, Dayjs] | null)} />
        {canExport && (
          <Button onClick={() => void api.download(`${P}/Union/ExportLendingBalance`, query)}>
            {t('union.lend.export')}
          </Button>
        )}
      </Space>
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Typography.Title level={5}>{t('union.lend.pairs')}</Typography.Title>
          <Table
            size="small"
            className="sy-union-balance-pairs"
            rowKey={(r) => `${r.ownerSchoolId}-${r.borrowerSchoolId}`}
            dataSource={data?.rows ?? []}
            pagination={false}
            columns={[
              { title: t('union.lend.col.owner'), dataIndex: 'ownerSchoolName' },
              { title: t('union.lend.col.borrower'), dataIndex: 'borrowerSchoolName' },
              { title: t('union.lend.col.loans'), dataIndex: 'loans', width: 90 },
              { title: t('union.lend.col.open'), dataIndex: 'open', width: 90 },
              { title: t('union.lend.col.overdue'), dataIndex: 'overdue', width: 90 },
            ]}
          />
        </Col>
        <Col xs={24} xl={10}>
          <Typography.Title level={5}>{t('union.lend.perSchool')}</Typography.Title>
          <Table
            size="small"
            className="sy-union-balance-schools"
            rowKey="schoolId"
            dataSource={data?.schools ?? []}
            pagination={false}
            columns={[
              { title: t('union.lend.col.school'), dataIndex: 'schoolName' },
              { title: t('union.lend.col.lentCount'), dataIndex: 'lent', width: 100 },
              { title: t('union.lend.col.borrowedCount'), dataIndex: 'borrowed', width: 100 },
              { title: t('union.lend.col.balance'), dataIndex: 'balance', width: 90 },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
