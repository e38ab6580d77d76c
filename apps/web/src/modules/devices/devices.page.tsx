import { Alert, App, Form, Input, Modal, Select, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@shuyuan/contracts/common/paths';
import {
  DeviceClientCreate,
  type DeviceSecret,
  DeviceClientUpdate,
  SipAccountForm,
  SipAccountUpdate,
} from '@shuyuan/contracts/devices/devices';
import { api, fieldErrors } from '../../app/http.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { RemoteOptions, ResourcePageDef } from '../../kit/types.ts';

const DEVICES = 'sys.devices';
const STATE = [
  { value: 1, label: 'kit.state.on' },
  { value: 0, label: 'kit.state.off' },
];
const ACTING: RemoteOptions = { url: `${P}/Device/GetActingUsers`, list: true, value: 'id', label: 'name' };

interface SipRow {
  id: number;
  login: string;
  locationCode: string;
  charset: string;
  lang: string;
  enabled: boolean;
}
interface ClientRow {
  id: number;
  clientId: string;
  name: string;
  userId: number | null;
  userName: string;
  state: number;
  createdAt: string;
}

const sipDef: ResourcePageDef<SipRow> = {
  area: 'Device',
  entity: 'SipAccount',
  permission: DEVICES,
  title: 'devices.sip.entity',
  contracts: { create: SipAccountForm, update: SipAccountUpdate },
  fields: [
    { name: 'login', label: 'devices.sip.login' },
    { name: 'password', label: 'devices.sip.password', type: 'password', inTable: false, inSearch: false },
    { name: 'locationCode', label: 'devices.sip.locationCode' },
    {
      name: 'charset',
      label: 'devices.sip.charset',
      type: 'select',
      default: 'utf-8',
      options: [
        { value: 'utf-8', label: 'UTF-8', literal: true },
        { value: 'gbk', label: 'GBK', literal: true },
      ],
    },
    {
      name: 'lang',
      label: 'devices.sip.lang',
      type: 'select',
      default: 'zh',
      options: [
        { value: 'zh', label: '中文', literal: true },
        { value: 'en', label: 'English', literal: true },
      ],
    },
    { name: 'enabled', label: 'devices.sip.enabled', type: 'switch', default: true, inSearch: true },
  ],
  toForm: (row) => ({ ...row, password: '' }),
};

/** The secret of a client, shown once with what to do with it. */
function SecretModal({ secret, onClose }: { secret: DeviceSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!secret}
      title={t('devices.client.secretTitle')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Alert type="warning" showIcon message={t('devices.client.secretOnce')} style={{ marginBottom: 12 }} />
      <p>
        client_id:{' '}
        <Typography.Text copyable code>
          {secret?.clientId}
        </Typography.Text>
      </p>
      <p>
        client_secret:{' '}
        <Typography.Text copyable code>
          {secret?.clientSecret}
        </Typography.Text>
      </p>
      <Typography.Paragraph type="secondary">{t('devices.client.howTo')}</Typography.Paragraph>
    </Modal>
  );
}

function AddClientModal({ open, onDone }: { open: boolean; onDone: (s: DeviceSecret | null) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [users, setUsers] = useState<{ value: number; label: string }[]>([]);
  const load = async () => {
    const r = await api.post<{ List: { id: number; name: string; account: string }[] }>(
      `${P}/Device/GetActingUsers`,
      {},
    );
    setUsers(r.List.map((u) => ({ value: u.id, label: `${u.name} (${u.account})` })));
  };
  const submit = async () => {
    const values = await form.validateFields();
    const parsed = DeviceClientCreate.safeParse(values);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as string[], errors: [t(i.message)] })));
      return;
    }
    setBusy(true);
    try {
      const s = await api.post<DeviceSecret>(`${P}/Device/AddClient`, parsed.data);
      form.resetFields();
      onDone(s);
    } catch (e) {
      fieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('devices.client.add')}
      onOk={submit}
      confirmLoading={busy}
      onCancel={() => onDone(null)}
      afterOpenChange={(o) => o && load()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="name" label={t('devices.client.name')} required>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="userId" label={t('devices.client.user')} extra={t('devices.client.userHelp')}>
          <Select allowClear showSearch optionFilterProp="label" options={users} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ClientsTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<DeviceSecret | null>(null);
  const [reload, setReload] = useState<(() => void) | null>(null);
  const def = useMemo<ResourcePageDef<ClientRow>>(
    () => ({
      area: 'Device',
      entity: 'Client',
      permission: DEVICES,
      title: 'devices.client.entity',
      contracts: { create: DeviceClientCreate, update: DeviceClientUpdate },
      can: { add: false },
      fields: [
        { name: 'name', label: 'devices.client.name' },
        { name: 'clientId', label: 'devices.client.clientId', inForm: false },
        { name: 'userId', label: 'devices.client.user', type: 'select', options: ACTING, dataIndex: 'userName' },
        {
          name: 'state',
          label: 'devices.client.state',
          type: 'select',
          options: STATE,
          default: 1,
          inSearch: true,
          inForm: 'edit',
        },
        { name: 'createdAt', label: 'devices.client.createdAt', type: 'date', inForm: false },
      ],
      toolbar: [
        {
          key: 'add',
          label: 'devices.client.add',
          permission: `${DEVICES}:add`,
          onClick: (_row, h) => {
            setReload(() => h.reload);
            setAdding(true);
          },
        },
      ],
      rowActions: [
        {
          key: 'reset',
          label: 'devices.client.reset',
          permission: `${DEVICES}:edit`,
          onClick: (row) =>
            row &&
            modal.confirm({
              title: t('devices.client.resetConfirm', { name: row.name }),
              onOk: async () =>
                setSecret(await api.post<DeviceSecret>(`${P}/Device/ResetClientSecret`, { id: row.id })),
            }),
        },
      ],
    }),
    [modal, t],
  );
  return (
    <>
      <ResourcePage def={def} />
      <AddClientModal
        open={adding}
        onDone={(s) => {
          setAdding(false);
          if (s) {
            setSecret(s);
            reload?.();
          }
        }}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}

/** Screen /sys/devices: SIP2 accounts of self-check machines and API clients of the school. */
export default function DevicesPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        {
          key: 'sip',
          label: t('devices.tabs.sip'),
          children: (
            <>
              <Alert type="info" showIcon message={t('devices.sip.help')} style={{ marginBottom: 12 }} />
              <ResourcePage def={sipDef} />
            </>
          ),
        },
        { key: 'clients', label: t('devices.tabs.clients'), children: <ClientsTab /> },
      ]}
    />
  );
}
