import { P } from '@shuyuan/contracts/common/paths';
import {
  SIGNIN_CODE,
  ServiceTypeCreate,
  type ServiceTypeDto,
  ServiceTypeUpdate,
  type SignRecordDto,
  type SignScanResult,
} from '@shuyuan/contracts/volunteers/volunteer';
import { Alert, Card, Input, Select, Space, Table, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { fmtMinute as timeOf } from '../../kit/time.ts';

const typesDef: ResourcePageDef<ServiceTypeDto> = {
  area: 'Volunteer',
  entity: 'ServiceType',
  permission: SIGNIN_CODE,
  title: 'volunteers.type.entity',
  contracts: { create: ServiceTypeCreate, update: ServiceTypeUpdate },
  fields: [
    { name: 'name', label: 'volunteers.type.name', span: 12 },
    { name: 'sort', label: 'volunteers.type.sort', type: 'number', default: 0, span: 12 },
    { name: 'intervalMinutes', label: 'volunteers.type.interval', type: 'number', default: 0, span: 12 },
    { name: 'dailyLimit', label: 'volunteers.type.dailyLimit', type: 'number', default: 0, span: 12 },
    { name: 'description', label: 'volunteers.type.description', type: 'textarea' },
    {
      name: 'state',
      label: 'volunteers.type.state',
      type: 'select',
      default: 1,
      inSearch: true,
      options: [
        { value: 1, label: 'kit.state.on' },
        { value: 0, label: 'kit.state.off' },
      ],
    },
  ],
};

/** The desk: choose the service (or leave it to the duty schedule), scan a card → signed in; scan again → signed out. */
function Desk() {
  const { t } = useTranslation();
  const canScan = usePermission(`${SIGNIN_CODE}:add`);
  const [types, setTypes] = useState<ServiceTypeDto[]>([]);
  const [typeId, setTypeId] = useState<number | undefined>();
  const [card, setCard] = useState('');
  const [last, setLast] = useState<SignScanResult | null>(null);
  const [today, setToday] = useState<SignRecordDto[]>([]);
  const input = useRef<any>(null);
  const loadToday = useCallback(
    () =>
      api
        .post<SignRecordDto[]>(`${P}/Volunteer/TodaySigns`, {})
        .then(setToday)
        .catch(() => {}),
    [],
  );
  useEffect(() => {
    api
      .post<{ List: ServiceTypeDto[] }>(`${P}/Volunteer/GetServiceTypeList`, { Rows: 500, state: 1 })
      .then((d) => setTypes(d.List))
      .catch(() => {});
    void loadToday();
  }, [loadToday]);
  const scan = async () => {
    const cardNo = card.trim();
    if (!cardNo) return;
    setCard('');
    try {
      setLast(await api.post<SignScanResult>(`${P}/Volunteer/ScanSign`, { cardNo, serviceTypeId: typeId }));
      void loadToday();
    } catch {
      setLast(null);
    }
    input.current?.focus();
  };
  const r = last?.record;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Select
          allowClear
          style={{ width: 240 }}
          value={typeId}
          onChange={setTypeId}
          placeholder={t('volunteers.desk.byDuty')}
          options={types.map((x) => ({ value: x.id, label: x.name }))}
          aria-label={t('volunteers.col.type')}
        />
        <Input.Search
          ref={input}
          autoFocus
          disabled={!canScan}
          style={{ width: 320 }}
          value={card}
          onChange={(e) => setCard(e.target.value)}
          onSearch={() => void scan()}
          enterButton={t('volunteers.desk.scan')}
          placeholder={t('volunteers.desk.cardPlaceholder')}
          aria-label={t('volunteers.desk.cardPlaceholder')}
        />
      </Space>
      {r && (
        <Alert
          type={last.action === 'in' ? 'success' : 'info'}
          showIcon
          data-testid="sign-result"
          message={
            last.action === 'in'
              ? t('volunteers.desk.signedIn', { name: r.name, type: r.serviceTypeName, time: timeOf(r.signInAt) })
              : t('volunteers.desk.signedOut', { name: r.name, minutes: r.minutes, points: last.points })
          }
          description={last.forgotten ? t('volunteers.desk.forgotten', { n: last.forgotten }) : undefined}
        />
      )}
      <Card size="small" title={t('volunteers.desk.today')}>
        <Table<SignRecordDto>
          rowKey="id"
          size="small"
          dataSource={today}
          pagination={false}
          columns={[
            { title: t('volunteers.col.name'), dataIndex: 'name' },
            { title: t('volunteers.col.type'), dataIndex: 'serviceTypeName' },
            { title: t('volunteers.col.signIn'), dataIndex: 'signInAt', render: timeOf },
            { title: t('volunteers.col.signOut'), dataIndex: 'signOutAt', render: timeOf },
            { title: t('volunteers.col.minutes'), dataIndex: 'minutes' },
            {
              title: t('volunteers.col.state'),
              dataIndex: 'state',
              render: (s: string) => <Tag color={s === 'open' ? 'green' : undefined}>{t(`volunteers.sign.${s}`)}</Tag>,
            },
          ]}
        />
      </Card>
    </Space>
  );
}

/** /service-signin — the desk's sign-in by card scan, and the service types with their sign-in rules. */
export default function ServiceSigninPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'desk', label: t('volunteers.desk.tab'), children: <Desk /> },
        { key: 'types', label: t('volunteers.type.tab'), children: <ResourcePage def={typesDef} /> },
      ]}
    />
  );
}
