import { P } from '@shuyuan/contracts/common/paths';
import {
  SIGNIN_CODE,
  SIGNRECORD_CODE,
  SignRecordUpdate,
  type SignRecordDto,
  VOLUNTEER_CODE,
} from '@shuyuan/contracts/volunteers/volunteer';
import { DatePicker, Form, Modal, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import { fmtMinute } from '../../kit/time.ts';
import type { ResourcePageDef } from '../../kit/types.ts';
import { HoursTable } from './hours-table.tsx';
import { KIND_OPTIONS, SIGN_STATE_OPTIONS } from './labels.ts';

/** Staff correct a record's times (a forgotten sign-out gets its real time; its minutes count then). */
function Correct({ row, onDone }: { row: SignRecordDto; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ signInAt: Dayjs; signOutAt: Dayjs }>();
  const save = async () => {
    const v = await form.validateFields();
    const body = { id: row.id, signInAt: v.signInAt.toISOString(), signOutAt: v.signOutAt.toISOString(), note: '' };
    const parsed = SignRecordUpdate.safeParse(body);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as any, errors: [t(i.message)] })));
      return;
    }
    await api.post(`${P}/Volunteer/UpdateSignRecord`, parsed.data);
    onDone(true);
  };
  return (
    <Modal
      open
      title={t('volunteers.records.correctTitle', { name: row.name })}
      onOk={() => void save().catch(() => {})}
      onCancel={() => onDone(false)}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          signInAt: dayjs(row.signInAt),
          signOutAt: row.signOutAt ? dayjs(row.signOutAt) : dayjs(row.signInAt),
        }}
      >
        <Form.Item name="signInAt" label={t('volunteers.col.signIn')} rules={[{ required: true }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="signOutAt" label={t('volunteers.col.signOut')} rules={[{ required: true }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /signrecord — sign-in records (filters, export, corrections) and the hours of each volunteer per term. */
export default function SignRecordPage() {
  const { t } = useTranslation();
  const [correcting, setCorrecting] = useState<{ row: SignRecordDto; reload: () => void } | null>(null);
  const def = useMemo<ResourcePageDef<SignRecordDto>>(
    () => ({
      area: 'Volunteer',
      entity: 'SignRecord',
      permission: SIGNRECORD_CODE,
      title: 'volunteers.records.entity',
      contracts: { create: SignRecordUpdate, update: SignRecordUpdate },
      can: { add: false, edit: false, delete: false },
      exportable: true,
      fields: [
        { name: 'day', label: 'volunteers.col.day', inForm: false },
        { name: 'account', label: 'volunteers.col.account', inForm: false, priority: 2 },
        { name: 'name', label: 'volunteers.col.name', inForm: false },
        {
          name: 'kind',
          label: 'volunteers.col.kind',
          type: 'select',
          options: KIND_OPTIONS,
          inForm: false,
          priority: 2,
        },
        {
          name: 'serviceTypeId',
          label: 'volunteers.col.type',
          type: 'select',
          inSearch: true,
          inForm: false,
          dataIndex: 'serviceTypeName',
          options: {
            url: `${P}/Volunteer/GetServiceTypeList`,
            body: { Rows: 500 },
            list: true,
            value: 'id',
            label: 'name',
          },
        },
        { name: 'signInAt', label: 'volunteers.col.signIn', inForm: false, render: fmtMinute },
        { name: 'signOutAt', label: 'volunteers.col.signOut', inForm: false, render: fmtMinute },
        { name: 'minutes', label: 'volunteers.col.minutes', inForm: false },
        {
          name: 'state',
          label: 'volunteers.col.state',
          type: 'select',
          options: SIGN_STATE_OPTIONS,
          inSearch: true,
          inForm: false,
        },
        { name: 'from', label: 'volunteers.records.from', type: 'date', inSearch: true, inTable: false, inForm: false },
        { name: 'to', label: 'volunteers.records.to', type: 'date', inSearch: true, inTable: false, inForm: false },
      ],
      rowActions: [
        {
          key: 'correct',
          label: 'volunteers.records.correct',
          permission: `${SIGNIN_CODE}:edit`,
          onClick: (r, h) => r && setCorrecting({ row: r, reload: h.reload }),
        },
        {
          key: 'delete',
          label: 'kit.action.delete',
          permission: `${SIGNIN_CODE}:delete`,
          danger: true,
          onClick: (r, h) =>
            r &&
            Modal.confirm({
              title: t('volunteers.records.deleteConfirm', { name: r.name, day: r.day }),
              onOk: () => api.post(`${P}/Volunteer/DeleteSignRecord`, { ids: [r.id] }).then(h.reload),
            }),
        },
      ],
    }),
    [t],
  );
  return (
    <>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'records', label: t('volunteers.records.tab'), children: <ResourcePage def={def} /> },
          {
            key: 'hours',
            label: t('volunteers.hours.tab'),
            children: <HoursTable certificate={`${VOLUNTEER_CODE}:export`} />,
          },
        ]}
      />
      {correcting && (
        <Correct
          row={correcting.row}
          onDone={(saved) => {
            if (saved) correcting.reload();
            setCorrecting(null);
          }}
        />
      )}
    </>
  );
}
