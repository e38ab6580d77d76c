import { MailOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { LoanActions } from './convert-actions.tsx';
import { LoanList } from './loan-list.tsx';
import { URLS } from './shared.ts';

interface SendResult {
  sent: number;
  failed: number;
  noAddress: number;
  loans: number;
}

/** /no-return: items still on loan, overdue filter with days overdue; reminders by e-mail (reminders module). */
export default function NoReturnPage() {
  const { t } = useTranslation();
  const canRemind = usePermission('no-return:remind');
  const [version, setVersion] = useState(0);
  const { modal } = App.useApp();
  const send = (loanIds: number[] | undefined) =>
    modal.confirm({
      title: loanIds
        ? t('circRecords.remind.confirmSelected', { count: loanIds.length })
        : t('circRecords.remind.confirmAll'),
      onOk: async () => {
        const r = await api.post<SendResult>(URLS.sendReminders, { kind: 'overdue', loanIds });
        notify.success(t('circRecords.remind.done', { ...r }));
      },
    });
  return (
    <LoanList
      url={URLS.noReturn}
      filters={['reader', 'grade', 'class', 'barcode', 'title', 'dates', 'state', 'overdue']}
      states={['open', 'overdue']}
      hide={['returned']}
      exportUrl={URLS.exportNoReturn}
      exportPermission="no-return:export"
      selectable={canRemind}
      version={version}
      toolbar={({ selected }) =>
        canRemind && (
          <Button icon={<MailOutlined />} onClick={() => send(selected.length ? selected.map((r) => r.id) : undefined)}>
            {selected.length
              ? t('circRecords.remind.sendSelected', { count: selected.length })
              : t('circRecords.remind.sendAll')}
          </Button>
        )
      }
      extraColumns={[
        {
          title: t('circRecords.col.actions'),
          key: 'actions',
          width: 150,
          fixed: 'right',
          render: (_, r) => <LoanActions row={r} onDone={() => setVersion((v) => v + 1)} />,
        },
      ]}
    />
  );
}
