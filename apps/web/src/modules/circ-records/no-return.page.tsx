import { AuditOutlined, MailOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { LoanActions } from './convert-actions.tsx';
import { LoanList, type LoanRow } from './loan-list.tsx';
import { OverdueReviewModal } from './overdue-review.tsx';
import { URLS } from './shared.ts';

interface SendResult {
  sent: number;
  failed: number;
  noAddress: number;
  loans: number;
}

/**
 * /no-return: items still on loan, overdue filter with days overdue; reminders by e-mail (reminders module);
 * the overdue review of "single processing" (processed / abandoned / pending, with a reason).
 */
export default function NoReturnPage() {
  const { t } = useTranslation();
  const canRemind = usePermission('no-return:remind');
  const canReview = usePermission('no-return:handle');
  const [version, setVersion] = useState(0);
  const [reviewing, setReviewing] = useState<LoanRow[]>([]);
  const { modal } = App.useApp();
  // "Send all" honours the screen's class / grade filters (the chosen loans are sent as they are).
  const send = (loanIds: number[] | undefined, filters: Record<string, unknown> = {}) =>
    modal.confirm({
      title: loanIds
        ? t('circRecords.remind.confirmSelected', { count: loanIds.length })
        : t('circRecords.remind.confirmAll'),
      onOk: async () => {
        const { classId, gradeId } = filters;
        const r = await api.post<SendResult>(URLS.sendReminders, {
          kind: 'overdue',
          loanIds,
          ...(loanIds ? {} : { classId: classId || undefined, gradeId: gradeId || undefined }),
        });
        notify.success(t('circRecords.remind.done', { ...r }));
      },
    });
  return (
    <>
      <LoanList
        url={URLS.noReturn}
        filters={['reader', 'grade', 'class', 'barcode', 'title', 'dates', 'state', 'overdue', 'review']}
        states={['open', 'overdue']}
        hide={['returned']}
        exportUrl={URLS.exportNoReturn}
        exportPermission="no-return:export"
        selectable={canRemind || canReview}
        version={version}
        toolbar={({ selected, filters }) => {
          const overdue = selected.filter((r) => r.state === 'overdue');
          return (
            <>
              {canRemind && (
                <Button
                  icon={<MailOutlined />}
                  onClick={() => send(selected.length ? selected.map((r) => r.id) : undefined, filters)}
                >
                  {selected.length
                    ? t('circRecords.remind.sendSelected', { count: selected.length })
                    : t('circRecords.remind.sendAll')}
                </Button>
              )}
              {canReview && (
                <Button
                  icon={<AuditOutlined />}
                  disabled={!overdue.length}
                  data-testid="review-selected"
                  onClick={() => setReviewing(overdue)}
                >
                  {t('circRecords.review.selected', { count: overdue.length })}
                </Button>
              )}
            </>
          );
        }}
        extraColumns={[
          {
            title: t('circRecords.col.actions'),
            key: 'actions',
            width: 220,
            fixed: 'right',
            render: (_, r) => <LoanActions row={r} onDone={() => setVersion((v) => v + 1)} />,
          },
        ]}
      />
      <OverdueReviewModal
        rows={reviewing}
        onClose={() => setReviewing([])}
        onDone={() => {
          setReviewing([]);
          setVersion((v) => v + 1);
        }}
      />
    </>
  );
}
