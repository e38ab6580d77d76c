import type { OpenLoanRow } from '@shuyuan/contracts/circulation/desk';
import { type DeferBody, DEFER_MAX_DAYS, DEFER_MAX_TIMES } from '@shuyuan/contracts/circulation/desk';
import type { ListData } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { Button, Card, Form, Input, InputNumber, Modal, Segmented, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';
import { deskApi } from './desk-api.ts';
import { errorText } from './feedback.ts';
import { OverdueTag } from './reader-panel.tsx';
import { ScanInput } from './scan-input.tsx';

interface DeferralRow {
  id: number;
  barcode: string;
  title: string;
  readerAccount: string;
  readerName: string;
  days: number;
  oldDueDate: string;
  newDueDate: string;
  reason: string;
  operatorName: string | null;
  createdAt: string;
}

/**
 * Screen /deferred-return — push a loan's due date back with a reason (illness, school trip): find the loans by
 * reader or copy, defer one by 1–30 days (at most twice per loan; a waiting reservation refuses it). Below, the
 * log of every deferral: who granted how many days, when and why.
 */
export default function DeferredReturnPage() {
  const { t } = useTranslation();
  const canHandle = usePermission('deferred-return:handle');
  const [by, setBy] = useState<'reader' | 'copy'>('reader');
  const [query, setQuery] = useState<{ readerBarcode?: string; barcode?: string } | null>(null);
  const [items, setItems] = useState<OpenLoanRow[]>([]);
  const [deferring, setDeferring] = useState<OpenLoanRow | null>(null);
  const [log, setLog] = useState<ListData<DeferralRow>>({ List: [], Total: 0 });
  const [page, setPage] = useState({ Page: 1, Rows: 20, SearchKey: '' });
  const [form] = Form.useForm();

  const loadItems = useCallback(async (q: { readerBarcode?: string; barcode?: string }) => {
    setQuery(q);
    setItems(await deskApi.deferredItems(q).catch(() => []));
  }, []);
  const loadLog = useCallback(async () => {
    setLog(await api.post<ListData<DeferralRow>>(`${P}/Circulation/GetDeferralRecords`, page));
  }, [page]);
  useEffect(() => {
    void loadLog().catch(() => undefined);
  }, [loadLog]);

  const submit = async () => {
    if (!deferring) return;
    const body: DeferBody = { loanId: deferring.loanId, ...form.getFieldsValue() };
    try {
      // The server checks days and reason; its messages land under the fields.
      const r = await api.post<{ newDueDate: string }>(`${P}/Circulation/DeferredReturn`, body, { showError: false });
      notify.success(t('circulation.defer.done', { date: r.newDueDate }));
      setDeferring(null);
      if (query) await loadItems(query);
      await loadLog();
    } catch (e) {
      if (!fieldErrors(form, e)) notify.error(errorText(e));
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Segmented
            value={by}
            onChange={(v) => setBy(v as 'reader' | 'copy')}
            options={[
              { value: 'reader', label: t('circulation.defer.byReader') },
              { value: 'copy', label: t('circulation.defer.byCopy') },
            ]}
          />
          <ScanInput
            key={by}
            size="middle"
            placeholder={by === 'reader' ? t('circulation.borrow.scanReader') : t('circulation.renew.scanCopy')}
            onScan={(code) => loadItems(by === 'reader' ? { readerBarcode: code } : { barcode: code })}
          />
          <Typography.Text type="secondary">
            {t('circulation.defer.rule', { days: DEFER_MAX_DAYS, times: DEFER_MAX_TIMES })}
          </Typography.Text>
        </Space>
        {query && (
          <Table<OpenLoanRow>
            style={{ marginTop: 12 }}
            size="small"
            rowKey="loanId"
            pagination={false}
            dataSource={items}
            locale={{ emptyText: t('circulation.reader.noLoans') }}
            columns={[
              {
                title: t('circulation.col.reader'),
                key: 'reader',
                render: (_, r) => `${r.readerName} (${r.readerAccount})`,
              },
              { title: t('circulation.col.barcode'), dataIndex: 'barcode', width: 130 },
              { title: t('circulation.col.title'), dataIndex: 'title', ellipsis: true },
              { title: t('circulation.col.dueDate'), dataIndex: 'dueDate', width: 110 },
              {
                title: t('circulation.col.overdue'),
                dataIndex: 'overdueDays',
                width: 100,
                render: (v) => <OverdueTag days={v} />,
              },
              { title: t('circulation.col.deferrals'), dataIndex: 'deferrals', width: 90 },
              {
                title: t('circulation.col.actions'),
                key: 'a',
                width: 100,
                render: (_, r) => (
                  <Button
                    size="small"
                    disabled={!canHandle || (r.deferrals ?? 0) >= DEFER_MAX_TIMES}
                    onClick={() => {
                      form.setFieldsValue({ days: 7, reason: '' });
                      setDeferring(r);
                    }}
                  >
                    {t('circulation.defer.action')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Card>
      <Card
        size="small"
        title={t('circulation.defer.log')}
        extra={
          <Input.Search
            allowClear
            placeholder={t('circulation.defer.search')}
            onSearch={(v) => setPage((p) => ({ ...p, Page: 1, SearchKey: v }))}
            style={{ width: 260 }}
          />
        }
      >
        <Table<DeferralRow>
          size="small"
          rowKey="id"
          dataSource={log.List}
          pagination={specPagination(t, page.Page, page.Rows, log.Total, (Page, Rows) =>
            setPage((p) => ({ ...p, Page, Rows })),
          )}
          columns={[
            {
              title: t('circulation.col.time'),
              dataIndex: 'createdAt',
              width: 150,
              render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
            },
            { title: t('circulation.col.reader'), key: 'r', render: (_, r) => `${r.readerName} (${r.readerAccount})` },
            { title: t('circulation.col.barcode'), dataIndex: 'barcode', width: 130 },
            { title: t('circulation.col.title'), dataIndex: 'title', ellipsis: true },
            { title: t('circulation.defer.days'), dataIndex: 'days', width: 70 },
            {
              title: t('circulation.defer.dueChange'),
              key: 'due',
              width: 200,
              render: (_, r) => `${r.oldDueDate} → ${r.newDueDate}`,
            },
            { title: t('circulation.defer.reason'), dataIndex: 'reason', ellipsis: true },
            { title: t('circulation.col.operator'), dataIndex: 'operatorName', width: 100 },
          ]}
        />
      </Card>
      <Modal
        open={Boolean(deferring)}
        title={deferring ? t('circulation.defer.title', { title: deferring.title, due: deferring.dueDate }) : ''}
        onOk={submit}
        onCancel={() => setDeferring(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="days" label={t('circulation.defer.days')} required>
            <InputNumber min={1} max={DEFER_MAX_DAYS} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="reason" label={t('circulation.defer.reason')} required>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
