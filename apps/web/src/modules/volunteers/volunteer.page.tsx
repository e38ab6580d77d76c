import { P } from '@shuyuan/contracts/common/paths';
import {
  DutyCreate,
  type DutyDto,
  DutyUpdate,
  VOLUNTEER_CODE,
  VolunteerCreate,
  type VolunteerDto,
  VolunteerUpdate,
} from '@shuyuan/contracts/volunteers/volunteer';
import { Input, Modal } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { KIND_OPTIONS, STATE_OPTIONS, WEEKDAY_OPTIONS } from './labels.ts';

const TYPES = {
  url: `${P}/Volunteer/GetServiceTypeList`,
  body: { Rows: 500, state: 1 },
  list: true,
  value: 'id',
  label: 'name',
};

/** The weekly duty slots of one volunteer. */
function Duties({ v, onClose }: { v: VolunteerDto; onClose: () => void }) {
  const { t } = useTranslation();
  const def: ResourcePageDef<DutyDto> = {
    area: 'Volunteer',
    entity: 'Duty',
    permission: VOLUNTEER_CODE,
    title: 'volunteers.duty.entity',
    contracts: { create: DutyCreate, update: DutyUpdate },
    listBody: { volunteerId: v.id },
    fields: [
      { name: 'weekday', label: 'volunteers.duty.weekday', type: 'select', options: WEEKDAY_OPTIONS, span: 8 },
      { name: 'startTime', label: 'volunteers.duty.start', span: 8, default: '08:00', props: { placeholder: '08:00' } },
      { name: 'endTime', label: 'volunteers.duty.end', span: 8, default: '09:00', props: { placeholder: '09:00' } },
      { name: 'serviceTypeId', label: 'volunteers.col.type', type: 'select', options: TYPES, inTable: false },
      { name: 'serviceTypeName', label: 'volunteers.col.type', inForm: false },
    ],
    fromForm: (f) => ({ ...f, volunteerId: v.id }),
  };
  return (
    <Modal open width={860} footer={null} title={t('volunteers.duty.title', { name: v.name })} onCancel={onClose}>
      <ResourcePage def={def} />
    </Modal>
  );
}

/** /volunteer — the roster: add people directly, pass or reject applications, duties, certificates of service. */
export default function VolunteerPage() {
  const { t } = useTranslation();
  const [duties, setDuties] = useState<VolunteerDto | null>(null);
  const [rejecting, setRejecting] = useState<{ ids: number[]; reload: () => void } | null>(null);
  const [reason, setReason] = useState('');
  const audit = useCallback(
    async (ids: number[], pass: boolean, reload: () => void, why = '') => {
      await api.post(`${P}/Volunteer/AuditVolunteer`, { ids, pass, reason: why });
      notify.success(t('volunteers.audit.done'));
      reload();
    },
    [t],
  );
  const def = useMemo<ResourcePageDef<VolunteerDto>>(
    () => ({
      area: 'Volunteer',
      entity: 'Volunteer',
      permission: VOLUNTEER_CODE,
      title: 'volunteers.entity',
      contracts: { create: VolunteerCreate, update: VolunteerUpdate },
      exportable: true,
      fields: [
        { name: 'account', label: 'volunteers.col.account', readOnlyOnEdit: true, inForm: 'add' },
        { name: 'name', label: 'volunteers.col.name', inForm: false },
        { name: 'className', label: 'volunteers.col.className', inForm: false, priority: 2 },
        {
          name: 'kind',
          label: 'volunteers.col.kind',
          type: 'select',
          options: KIND_OPTIONS,
          inSearch: true,
          default: 'volunteer',
        },
        {
          name: 'state',
          label: 'volunteers.col.state',
          type: 'select',
          options: STATE_OPTIONS,
          inSearch: true,
          inForm: 'edit',
        },
        { name: 'reason', label: 'volunteers.col.reason', inForm: false, priority: 2 },
        { name: 'rejectReason', label: 'volunteers.col.rejectReason', inForm: false, priority: 3 },
        { name: 'note', label: 'volunteers.col.note', type: 'textarea', priority: 3 },
        { name: 'createdAt', label: 'volunteers.col.createdAt', inForm: false, render: (v) => String(v).slice(0, 10) },
      ],
      toForm: (r) => ({ ...r, state: r.state === 'approved' || r.state === 'inactive' ? r.state : undefined }),
      rowActions: [
        {
          key: 'pass',
          label: 'volunteers.audit.pass',
          permission: `${VOLUNTEER_CODE}:audit`,
          onClick: (r, h) => r && void audit([r.id], true, h.reload).catch(() => {}),
        },
        {
          key: 'reject',
          label: 'volunteers.audit.reject',
          permission: `${VOLUNTEER_CODE}:audit`,
          danger: true,
          onClick: (r, h) => r && setRejecting({ ids: [r.id], reload: h.reload }),
        },
        {
          key: 'duties',
          label: 'volunteers.duty.button',
          permission: VOLUNTEER_CODE,
          onClick: (r) => r && setDuties(r),
        },
        {
          key: 'certificate',
          label: 'volunteers.certificate',
          permission: `${VOLUNTEER_CODE}:export`,
          onClick: (r) => r && void api.download(`${P}/Volunteer/Certificate`, { volunteerId: r.id }).catch(() => {}),
        },
      ],
      toolbar: [
        {
          key: 'passAll',
          label: 'volunteers.audit.passSelected',
          permission: `${VOLUNTEER_CODE}:audit`,
          onClick: (_r, h) =>
            h.selected.length &&
            void audit(
              h.selected.map((s) => s.id),
              true,
              h.reload,
            ).catch(() => {}),
        },
      ],
    }),
    [audit],
  );
  return (
    <>
      <ResourcePage def={def} />
      {duties && <Duties v={duties} onClose={() => setDuties(null)} />}
      <Modal
        open={!!rejecting}
        title={t('volunteers.audit.rejectTitle')}
        onCancel={() => setRejecting(null)}
        okButtonProps={{ disabled: !reason.trim() }}
        onOk={() =>
          rejecting &&
          audit(rejecting.ids, false, rejecting.reload, reason.trim())
            .then(() => {
              setRejecting(null);
              setReason('');
            })
            .catch(() => {})
        }
        destroyOnHidden
      >
        <Input.TextArea
          value={reason}
          maxLength={200}
          placeholder={t('volunteers.audit.reasonPlaceholder')}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}
