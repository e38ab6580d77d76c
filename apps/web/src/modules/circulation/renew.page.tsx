import type { OpenLoanRow } from '@shuyuan/contracts/circulation/desk';
import { Alert, Button, Card, Segmented, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { deskApi, type RenewDone } from './desk-api.ts';
import { beep, errorCodeOf, errorText } from './feedback.ts';
import { OverdueTag } from './reader-panel.tsx';
import { useScanQueue } from './scan-queue.ts';
import { ScanInput } from './scan-input.tsx';
import { ScanResults, useScanLines } from './scan-results.tsx';

type Outcome = { ok: true; dueDate: string } | { ok: false; message: string };

/**
 * Screen /renew — by copy: scan copies, each renewed in scan order with its new due date or the reason it
 * cannot be; by reader: scan the card, see their loans and renew the chosen ones (or all).
 */
export default function RenewPage() {
  const { t } = useTranslation();
  const canRenew = usePermission('renew:renew');
  const [mode, setMode] = useState<'copy' | 'reader'>('copy');
  const { lines, add, settle, clear } = useScanLines<RenewDone>();
  const { push, pending } = useScanQueue<RenewDone>((o) =>
    settle(o, (v) => ({
      title: v.title,
      detail: t('circulation.renew.done', { due: v.dueDate, count: v.renewals, name: v.reader.name }),
    })),
  );
  const [readerLoans, setReaderLoans] = useState<OpenLoanRow[] | null>(null);
  const [readerError, setReaderError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});
  const [busy, setBusy] = useState(false);

  const loadReader = async (readerBarcode: string) => {
    setReaderError(null);
    setOutcomes({});
    setSelected([]);
    try {
      setReaderLoans(await deskApi.renewItems({ readerBarcode }));
    } catch (e) {
      beep(false);
      setReaderLoans(null);
      setReaderError(`${readerBarcode}: ${errorText(e)}`);
    }
  };

  /**
   * By copy, a reader card scanned by mistake would answer "no such copy": when the code is a reader's, the
   * screen switches to renewing by reader and lists their loans instead.
   */
  const renewCopy = async (code: string) => {
    try {
      return await deskApi.renew(code);
    } catch (e) {
      if (errorCodeOf(e) !== 'COPY_NOT_FOUND') throw e;
      const loans = await deskApi.renewItems({ readerBarcode: code }).catch(() => null);
      if (!loans) throw e;
      setMode('reader');
      setReaderError(null);
      setOutcomes({});
      setSelected([]);
      setReaderLoans(loans);
      throw new Error(t('circulation.renew.switchedToReader', { code }));
    }
  };

  const renewRows = async (rows: OpenLoanRow[]) => {
    setBusy(true);
    const next: Record<number, Outcome> = {};
    /** The reader's loans as the last renewal left them (a refusal changes nothing). */
    let after: OpenLoanRow[] | null = null;
    for (const r of rows) {
      try {
        const done = await deskApi.renew(r.barcode);
        next[r.loanId] = { ok: true, dueDate: done.dueDate };
        after = done.panel.loans;
      } catch (e) {
        next[r.loanId] = { ok: false, message: errorText(e) };
      }
    }
    beep(Object.values(next).every((o) => o.ok));
    setOutcomes((o) => ({ ...o, ...next }));
    // The list shows the new due dates and renewal counts; each row keeps its outcome.
    if (after) setReaderLoans(after);
    setBusy(false);
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Segmented
            value={mode}
            onChange={(v) => setMode(v as 'copy' | 'reader')}
            options={[
              { value: 'copy', label: t('circulation.renew.byCopy') },
              { value: 'reader', label: t('circulation.renew.byReader') },
            ]}
          />
          <ScanInput
            key={mode}
            testId="renew-scan"
            disabled={!canRenew}
            placeholder={mode === 'copy' ? t('circulation.renew.scanCopy') : t('circulation.renew.scanReader')}
            onScan={(code) =>
              mode === 'copy'
                ? add(
                    push(code, () => renewCopy(code)),
                    code,
                  )
                : loadReader(code)
            }
          />
          {pending.length > 0 && (
            <Typography.Text type="warning">
              {t('circulation.results.queued', { count: pending.length })}
            </Typography.Text>
          )}
          {!canRenew && <Alert type="warning" showIcon message={t('circulation.common.noPermission')} />}
          {readerError && mode === 'reader' && <Alert type="error" showIcon message={readerError} />}
        </Space>
      </Card>
      {mode === 'copy' && <ScanResults title={t('circulation.renew.results')} lines={lines} onClear={clear} />}
      {mode === 'reader' && readerLoans && (
        <Card
          size="small"
          title={readerLoans[0] ? `${readerLoans[0].readerName} (${readerLoans[0].readerAccount})` : undefined}
          extra={
            <Space>
              <Button
                disabled={!selected.length || !canRenew}
                loading={busy}
                onClick={() => renewRows(readerLoans.filter((r) => selected.includes(r.loanId)))}
              >
                {t('circulation.renew.selected')}
              </Button>
              <Button
                type="primary"
                disabled={!readerLoans.length || !canRenew}
                loading={busy}
                onClick={() => renewRows(readerLoans)}
              >
                {t('circulation.renew.all')}
              </Button>
            </Space>
          }
        >
          <Table<OpenLoanRow>
            size="small"
            rowKey="loanId"
            pagination={false}
            dataSource={readerLoans}
            locale={{ emptyText: t('circulation.reader.noLoans') }}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
            columns={[
              { title: t('circulation.col.barcode'), dataIndex: 'barcode', width: 140 },
              { title: t('circulation.col.title'), dataIndex: 'title', ellipsis: true },
              {
                title: t('circulation.col.borrowedAt'),
                dataIndex: 'borrowedAt',
                width: 110,
                render: (v: string) => dayjs(v).format('YYYY-MM-DD'),
              },
              { title: t('circulation.col.dueDate'), dataIndex: 'dueDate', width: 110 },
              {
                title: t('circulation.col.overdue'),
                dataIndex: 'overdueDays',
                width: 100,
                render: (v) => <OverdueTag days={v} />,
              },
              { title: t('circulation.col.renewals'), dataIndex: 'renewals', width: 100 },
              {
                title: t('circulation.col.result'),
                key: 'result',
                render: (_, r) => {
                  const o = outcomes[r.loanId];
                  if (!o) return null;
                  return o.ok ? (
                    <Typography.Text type="success">
                      {t('circulation.renew.newDue', { date: o.dueDate })}
                    </Typography.Text>
                  ) : (
                    <Typography.Text type="danger">{o.message}</Typography.Text>
                  );
                },
              },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
