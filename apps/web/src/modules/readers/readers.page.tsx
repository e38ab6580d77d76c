import { Tag } from 'antd';
import dayjs from 'dayjs';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@shuyuan/contracts/common/paths';
import { maskPhone } from '@shuyuan/contracts/common/validators';
import { READER_IDENTITIES, ReaderCreate, type ReaderDto, ReaderUpdate } from '@shuyuan/contracts/readers/reader';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { RemoteOptions, ResourcePageDef } from '../../kit/types.ts';
import { ImportModal } from './import-modal.tsx';

const READERS = 'department.user-transfer';
const CARDS = 'resource-mana.resource.user-transfer';

const orgList = (entity: string): RemoteOptions => ({
  url: `${P}/Org/Get${entity}List`,
  body: { Page: 1, Rows: 500 },
  list: true,
  value: 'id',
  label: 'name',
});
const IDENTITY = READER_IDENTITIES.map((v) => ({ value: v, label: `readers.identity.${v}` }));
const SEX = [0, 1, 2].map((v) => ({ value: v, label: `readers.sex.${v}` }));
const STATE = [
  { value: 1, label: 'kit.state.on' },
  { value: 0, label: 'kit.state.off' },
];

/** Screen /department/user-transfer: readers with filters, form, card loss / re-issue, import and export. */
export default function ReadersPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [importing, setImporting] = useState(false);

  const def = useMemo<ResourcePageDef<ReaderDto>>(() => {
    const cardCall = (url: string, key: string) => (row: ReaderDto | undefined, h: { reload: () => void }) => {
      if (!row) return;
      // Reporting a card that is already lost again would only move nothing: say so instead.
      if (key === 'reportLost' && row.cardLost) return notify.info(t('readers.card.alreadyLost', { name: row.name }));
      modal.confirm({
        title: t(`readers.card.${key}Confirm`, { name: row.name }),
        onOk: async () => {
          await api.post(`${P}/Readers/${url}`, { id: row.id });
          notify.success(t(`readers.card.${key}Done`));
          h.reload();
        },
      });
    };
    return {
      area: 'Readers',
      entity: 'Reader',
      permission: READERS,
      title: 'readers.reader.entity',
      contracts: { create: ReaderCreate, update: ReaderUpdate },
      exportable: true,
      modalWidth: 760,
      fields: [
        { name: 'account', label: 'readers.reader.account', span: 12, readOnlyOnEdit: true },
        { name: 'name', label: 'readers.reader.name', span: 12 },
        { name: 'enName', label: 'readers.reader.enName', span: 12, inTable: false },
        {
          name: 'identity',
          label: 'readers.reader.identity',
          type: 'select',
          options: IDENTITY,
          inSearch: true,
          span: 12,
          default: 'student',
        },
        { name: 'sex', label: 'readers.reader.sex', type: 'select', options: SEX, span: 12, default: 0, width: 70 },
        {
          name: 'gradeId',
          label: 'readers.reader.grade',
          type: 'select',
          options: orgList('Grade'),
          dataIndex: 'gradeName',
          inSearch: true,
          inForm: false,
        },
        {
          name: 'classId',
          label: 'readers.reader.class',
          type: 'select',
          options: orgList('Class'),
          dataIndex: 'className',
          inSearch: true,
          span: 12,
        },
        {
          name: 'departmentId',
          label: 'readers.reader.department',
          type: 'select',
          options: orgList('Department'),
          dataIndex: 'departmentName',
          inSearch: true,
          span: 12,
        },
        {
          name: 'permissionGroupId',
          label: 'readers.reader.group',
          type: 'select',
          options: orgList('PermissionGroup'),
          dataIndex: 'permissionGroupName',
          span: 12,
          inTable: false,
        },
        // Spec §9: the table shows the phone masked; the edit form gets the full number.
        { name: 'phone', label: 'readers.reader.phone', span: 12, render: (v: string | null) => maskPhone(v) },
        { name: 'email', label: 'readers.reader.email', span: 12, inTable: false },
        { name: 'birthday', label: 'readers.reader.birthday', type: 'date', span: 12, inTable: false },
        { name: 'password', label: 'readers.reader.password', type: 'password', span: 12, inTable: false },
        { name: 'cardRfid', label: 'readers.reader.cardRfid', span: 12, inTable: false },
        // Shown only: the deposit moves through the card desk (collect / refund), each movement in the ledger.
        {
          name: 'deposit',
          label: 'readers.reader.deposit',
          type: 'number',
          span: 12,
          inTable: false,
          inForm: 'edit',
          readOnlyOnEdit: true,
        },
        { name: 'validUntil', label: 'readers.reader.validUntil', type: 'date', span: 12 },
        {
          name: 'state',
          label: 'readers.reader.state',
          type: 'select',
          options: STATE,
          inSearch: true,
          span: 12,
          default: 1,
          // An enabled reader whose card is past its valid-until cannot borrow: say "expired", not "enabled".
          render: (v: number, r: ReaderDto) =>
            v !== 1 ? (
              <Tag>{t('kit.state.off')}</Tag>
            ) : r.validUntil && r.validUntil < dayjs().format('YYYY-MM-DD') ? (
              <Tag color="orange" data-testid="reader-expired">
                {t('readers.reader.expired')}
              </Tag>
            ) : (
              <Tag color="green">{t('kit.state.on')}</Tag>
            ),
        },
        {
          name: 'cardLost',
          label: 'readers.reader.card',
          inForm: false,
          render: (v: boolean) =>
            v ? <Tag color="red">{t('readers.card.lost')}</Tag> : <Tag>{t('readers.card.ok')}</Tag>,
        },
        { name: 'photoUrl', label: 'readers.reader.photo', type: 'image', inTable: false },
        { name: 'remark', label: 'readers.reader.remark', type: 'textarea', inTable: false },
      ],
      toForm: (r) => ({ ...r, password: undefined }),
      rowActions: [
        {
          key: 'lost',
          label: 'readers.card.reportLost',
          permission: `${CARDS}:edit`,
          onClick: cardCall('ReportCardLost', 'reportLost'),
          danger: true,
        },
        {
          key: 'reissue',
          label: 'readers.card.reissue',
          permission: `${CARDS}:issue`,
          onClick: cardCall('ReissueCard', 'reissue'),
        },
      ],
      toolbar: [
        {
          key: 'import',
          label: 'readers.import.button',
          permission: `${READERS}:import`,
          onClick: () => setImporting(true),
        },
      ],
    };
  }, [t, modal]);

  return (
    <>
      <ResourcePage def={def} />
      <ImportModal open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
