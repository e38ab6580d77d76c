import { CircError } from '@shuyuan/contracts/circulation/loan';
import { Alert, Button, Card, Descriptions, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { formatMoney } from '../../kit/money.ts';
import { writeAfi } from './afi.ts';
import { deskApi, type LoanRow, type ReturnDone } from './desk-api.ts';
import { errorCodeOf } from './feedback.ts';
import { ReaderFines } from './reader-fines.tsx';
import { OverdueTag } from './reader-panel.tsx';
import { useScanQueue } from './scan-queue.ts';
import { ScanInput } from './scan-input.tsx';
import { ScanResults, useScanLines } from './scan-results.tsx';

/** "Put on the hold shelf for … until …" — the copy is not to be shelved. */
function HoldNotice({ r }: { r: ReturnDone }) {
  const { t } = useTranslation();
  if (!r.hold) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="hold-notice"
      message={t('circulation.return.hold', { name: r.hold.name, account: r.hold.account })}
      description={r.hold.until ? t('circulation.return.holdUntil', { date: r.hold.until }) : undefined}
    />
  );
}

/** "This return charged a fine of …" (the reader's unpaid fines are listed below it, to pay or waive). */
function FineNotice({ r }: { r: ReturnDone }) {
  const { t } = useTranslation();
  if (!r.fine) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="fine-notice"
      message={t('circulation.return.fine', { amount: formatMoney(r.fine.amountFen), days: r.fine.chargedDays })}
    />
  );
}

/**
 * A copy registered lost turned up at the return desk: it is not on loan, so it cannot be "returned"; the
 * desk offers the lost-and-found screen with the barcode filled in (found again, refund if chosen).
 */
function LostNotice({ barcode, onDismiss }: { barcode: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canFind = usePermission('loss-found:retrieve');
  return (
    <Alert
      type="warning"
      showIcon
      closable
      onClose={onDismiss}
      data-testid="lost-notice"
      message={t('circulation.return.lost', { barcode })}
      description={canFind ? t('circulation.return.lostHelp') : t('circulation.return.lostNoAccess')}
      action={
        canFind ? (
          <Button
            type="primary"
            data-testid="lost-open-found"
            onClick={() => {
              onDismiss();
              navigate(`/loss-found?barcode=${encodeURIComponent(barcode)}`);
            }}
          >
            {t('circulation.return.lostOpen')}
          </Button>
        ) : undefined
      }
    />
  );
}

/**
 * Screen /return — the return desk, scan only: each copy is queued and taken back in scan order; the last one
 * is shown large with its reader, due date and days overdue, a hold-shelf notice when a reservation is
 * waiting for it, and the reader's other open loans (overdue ones in red).
 */
export default function ReturnDeskPage() {
  const { t } = useTranslation();
  const canReturn = usePermission('return:return');
  const [last, setLast] = useState<ReturnDone | null>(null);
  const [lost, setLost] = useState<string | null>(null);
  /** The other open loans of the reader who just returned a copy (fetched after each return, in order). */
  const [others, setOthers] = useState<{ account: string; loans: LoanRow[] } | null>(null);
  const { lines, add, settle, clear } = useScanLines<ReturnDone>();
  const { push, pending } = useScanQueue<ReturnDone>((o) => {
    if (o.ok) setLast(o.value);
    setLost(!o.ok && errorCodeOf(o.error) === CircError.COPY_LOST ? o.code : null);
    settle(o, (v) => ({
      title: v.title,
      detail: (
        <Space wrap>
          <Typography.Text>
            {t('circulation.return.from', { name: v.reader.name, account: v.reader.account })}
          </Typography.Text>
          <Typography.Text type="secondary">{t('circulation.return.due', { date: v.dueDate })}</Typography.Text>
          <OverdueTag days={v.overdueDays} />
        </Space>
      ),
      notice: (
        <>
          {v.afiFailed && <Typography.Text type="warning">{t('circulation.return.afiFailed')}</Typography.Text>}
          <HoldNotice r={v} />
          <FineNotice r={v} />
        </>
      ),
    }));
  });

  // Each return answers its reader and what that reader still has (the copy just returned is gone): one request.
  const onScan = (code: string) =>
    add(
      push(code, async () => {
        const { panel, ...back } = await deskApi.return(code);
        setOthers({ account: back.reader.account, loans: panel.loans });
        return { ...back, afiFailed: !(await writeAfi(back.afiWrite)) };
      }),
      code,
    );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <ScanInput
          testId="return-scan"
          disabled={!canReturn}
          placeholder={t('circulation.return.scan')}
          onScan={onScan}
        />
        <Space style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">{t('circulation.return.help')}</Typography.Text>
          {pending.length > 0 && (
            <Typography.Text type="warning">
              {t('circulation.results.queued', { count: pending.length })}
            </Typography.Text>
          )}
        </Space>
        {!canReturn && <Alert type="warning" showIcon message={t('circulation.common.noPermission')} />}
      </Card>
      {lost && <LostNotice barcode={lost} onDismiss={() => setLost(null)} />}
      {last && (
        <Card size="small" title={t('circulation.return.last')} data-testid="last-return">
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('circulation.col.title')}>{last.title}</Descriptions.Item>
            <Descriptions.Item label={t('circulation.col.barcode')}>{last.barcode}</Descriptions.Item>
            <Descriptions.Item label={t('circulation.col.reader')}>
              {last.reader.name} ({last.reader.account})
            </Descriptions.Item>
            <Descriptions.Item label={t('circulation.col.dueDate')}>{last.dueDate}</Descriptions.Item>
            <Descriptions.Item label={t('circulation.col.overdue')}>
              <span data-testid="last-overdue">
                <OverdueTag days={last.overdueDays} />
              </span>
            </Descriptions.Item>
          </Descriptions>
          <HoldNotice r={last} />
          <FineNotice r={last} />
          <ReaderFines readerBarcode={last.reader.account} version={last.loanId} />
          {others?.account === last.reader.account && (
            <Table<LoanRow>
              style={{ marginTop: 12 }}
              size="small"
              rowKey="loanId"
              pagination={false}
              data-testid="reader-other-loans"
              title={() => t('circulation.return.others', { name: last.reader.name, count: others.loans.length })}
              dataSource={others.loans}
              locale={{ emptyText: t('circulation.return.noOthers') }}
              onRow={(row) => ({ style: row.overdueDays > 0 ? { background: '#fff1f0' } : undefined })}
              columns={[
                { title: t('circulation.col.barcode'), dataIndex: 'barcode', width: 140 },
                { title: t('circulation.col.title'), dataIndex: 'title', ellipsis: true },
                { title: t('circulation.col.dueDate'), dataIndex: 'dueDate', width: 110 },
                {
                  title: t('circulation.col.overdue'),
                  dataIndex: 'overdueDays',
                  width: 110,
                  render: (v: number) => <OverdueTag days={v} />,
                },
              ]}
            />
          )}
        </Card>
      )}
      <ScanResults title={t('circulation.return.results')} lines={lines} onClear={clear} />
    </Space>
  );
}
