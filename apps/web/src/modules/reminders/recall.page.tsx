import { REMINDER_KINDS, type ReminderLogDto, ReminderLogQuery } from '@shuyuan/contracts/reminders/reminder';
import { Alert, Tabs, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { shortTime } from '../reservations/ui.tsx';
import { DueList } from './due-list.tsx';

/**
 * Screen /recall (催还通知): overdue and due-soon loans with "send reminders now" (e-mail through the school's
 * SMTP settings, in each reader's language), and the log of every message sent — also the daily run's.
 */
export default function RecallPage() {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const log = useMemo<ResourcePageDef<ReminderLogDto>>(
    () => ({
      area: 'Reminder',
      entity: 'ReminderLog',
      permission: 'recall',
      title: 'reminders.log.entity',
      contracts: { create: ReminderLogQuery, update: ReminderLogQuery },
      can: { add: false, edit: false, delete: false },
      exportable: true,
      listBody: { _v: version },
      fields: [
        { name: 'createdAt', label: 'reminders.log.time', render: (v: string) => shortTime(v) },
        {
          name: 'kind',
          label: 'reminders.log.kind',
          type: 'select',
          inSearch: true,
          options: REMINDER_KINDS.map((k) => ({ value: k, label: `reminders.kind.${k}` })),
        },
        {
          name: 'readerName',
          label: 'reminders.log.reader',
          render: (_v, r) => `${r.readerName} (${r.readerAccount})`,
        },
        { name: 'toAddress', label: 'reminders.log.to' },
        { name: 'subject', label: 'reminders.log.subject' },
        { name: 'loanCount', label: 'reminders.log.loans' },
        {
          name: 'result',
          label: 'reminders.log.result',
          type: 'select',
          inSearch: true,
          options: [
            { value: 'ok', label: 'reminders.log.ok' },
            { value: 'failed', label: 'reminders.log.failed' },
          ],
          render: (_v: unknown, r) =>
            r.ok ? <Tag color="green">{t('reminders.log.ok')}</Tag> : <Tag color="red">{r.error}</Tag>,
        },
        { name: 'operatorName', label: 'reminders.log.operator' },
        { name: 'from', label: 'reminders.log.from', type: 'date', inTable: false, inSearch: true },
        { name: 'to', label: 'reminders.log.toDate', type: 'date', inTable: false, inSearch: true },
      ],
    }),
    [t, version],
  );
  const sent = () => setVersion((v) => v + 1);
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('reminders.hint')} />
      <Tabs
        items={[
          { key: 'overdue', label: t('reminders.tab.overdue'), children: <DueList kind="overdue" onSent={sent} /> },
          { key: 'soon', label: t('reminders.tab.dueSoon'), children: <DueList kind="due_soon" onSent={sent} /> },
          { key: 'log', label: t('reminders.tab.log'), children: <ResourcePage def={log} /> },
        ]}
      />
    </>
  );
}
