import { P } from '@shuyuan/contracts/common/paths';
import type { FineDto, FineSettlement } from '@shuyuan/contracts/fines/fine';
import type { PayMethod } from '@shuyuan/contracts/losses/loss';
import { Alert, Button, Form, Input, Modal, Radio, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { usePermission } from '../../app/auth/permission.tsx';
import { formatMoney } from '../../kit/money.ts';
import { type ReceiptData, ReceiptModal } from '../../kit/Receipt.tsx';
import type { FinesOwed } from './desk-api.ts';

interface ReaderFinesAnswer {
  reader: { id: number; account: string; name: string; depositFen: number };
  unpaidFen: number;
  fines: FineDto[];
}

/** The receipt of a payment or waiver, from what the server settled (never from the screen's own figures). */
function receiptOf(s: FineSettlement, t: TFunction): ReceiptData {
  const lines: ReceiptData['lines'] = [
    [t('circulation.fines.reader'), `${s.reader.name} (${s.reader.account})`],
    ...s.fines.map((f): [string, string] => [
      f.fineNo,
      `${f.barcode} ${f.title} · ${t('circulation.fines.daysCharged', { count: f.chargedDays })} · ${formatMoney(f.amountFen)}`,
    ]),
    [t('circulation.fines.total'), formatMoney(s.totalFen)],
  ];
  if (s.state === 'paid') {
    lines.push([t('circulation.fines.payMethod'), t(`losses.pay.${s.payMethod}`)]);
    if (s.payMethod === 'deposit') lines.push([t('circulation.fines.depositLeft'), formatMoney(s.depositFen)]);
  } else lines.push([t('circulation.fines.waiveReason'), s.reason]);
  return {
    title: t(s.state === 'paid' ? 'circulation.fines.receiptPaid' : 'circulation.fines.receiptWaived'),
    lines,
  };
}

/**
 * A reader's unpaid overdue fines at a desk (the lending desk's reader panel, the return desk after a late
 * return): what each came to and how it was counted; Pay (cash or deposit) and Waive (with a reason) for those
 * allowed, each confirmed in a dialog and ending with a printable receipt. Nothing shows when nothing is owed.
 * `version` changes reload it (e.g. after a return charged a new fine). `owed` (the lending desk's card scan
 * answers it): the list is asked for only when the reader owes something.
 */
export function ReaderFines({
  readerBarcode,
  version = 0,
  owed,
}: {
  readerBarcode: string;
  version?: number;
  owed?: FinesOwed;
}) {
  const { t } = useTranslation();
  const payAtLending = usePermission('surrency.borrow:fine');
  const payAtReturn = usePermission('return:fine');
  const waiveAtLending = usePermission('surrency.borrow:waive');
  const waiveAtReturn = usePermission('return:waive');
  const canPay = payAtLending || payAtReturn;
  const canWaive = waiveAtLending || waiveAtReturn;
  const [data, setData] = useState<ReaderFinesAnswer | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [mode, setMode] = useState<'pay' | 'waive' | null>(null);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<ReceiptData | null>(null);
  const [form] = Form.useForm();

  const nothingOwed = owed?.count === 0;
  const load = useCallback(async () => {
    if (nothingOwed) {
      setData(null);
      return;
    }
    const r = await api
      .post<ReaderFinesAnswer>(`${P}/Fine/GetReaderFines`, { readerBarcode, unpaidOnly: true }, { showError: false })
      .catch(() => null);
    setData(r);
    setSelected(r?.fines.map((f) => f.id) ?? []);
  }, [readerBarcode, nothingOwed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload signal
  useEffect(() => {
    void load();
  }, [load, version]);

  if (!data || data.fines.length === 0)
    return receipt ? <ReceiptModal receipt={receipt} onClose={() => setReceipt(null)} /> : null;
  const chosenFen = data.fines.filter((f) => selected.includes(f.id)).reduce((n, f) => n + f.amountFen, 0);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const s =
        mode === 'pay'
          ? await api.post<FineSettlement>(`${P}/Fine/PayFines`, {
              ids: selected,
              payMethod: v.payMethod as PayMethod,
              note: v.note ?? '',
            })
          : await api.post<FineSettlement>(`${P}/Fine/WaiveFines`, { ids: selected, reason: v.reason });
      setMode(null);
      form.resetFields();
      setReceipt(receiptOf(s, t));
      await load();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Alert
        style={{ marginTop: 12 }}
        type="error"
        showIcon
        data-testid="reader-fines"
        message={
          <Typography.Text strong data-testid="reader-fines-total">
            {t('circulation.fines.owed', { amount: formatMoney(data.unpaidFen) })}
          </Typography.Text>
        }
        description={
          <Space direction="vertical" style={{ width: '100%' }}>
            <Table<FineDto>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={data.fines}
              rowSelection={
                canPay || canWaive
                  ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
                  : undefined
              }
              scroll={{ x: 'max-content' }}
              columns={[
                { title: t('circulation.col.barcode'), dataIndex: 'barcode', width: 110 },
                { title: t('circulation.col.title'), dataIndex: 'title', width: 110, ellipsis: true },
                {
                  title: t('circulation.fines.dates'),
                  key: 'dates',
                  render: (_, f) => (
                    <span style={{ whiteSpace: 'nowrap' }}>
                      {f.dueDate} → {f.returnDay}
                    </span>
                  ),
                },
                {
                  title: t('circulation.fines.counted'),
                  key: 'counted',
                  render: (_, f) => (
                    <span style={{ whiteSpace: 'nowrap' }}>
                      {t('circulation.fines.countedText', {
                        overdue: f.overdueDays,
                        grace: f.graceDays,
                        charged: f.chargedDays,
                        perDay: formatMoney(f.dayFen),
                      })}
                    </span>
                  ),
                },
                {
                  title: t('circulation.fines.amount'),
                  dataIndex: 'amountFen',
                  width: 90,
                  align: 'right',
                  render: (v: number) => formatMoney(v),
                },
              ]}
            />
            <Space>
              {canPay && (
                <Button
                  type="primary"
                  disabled={!selected.length}
                  data-testid="fines-pay"
                  onClick={() => {
                    form.setFieldsValue({ payMethod: 'cash', note: '' });
                    setMode('pay');
                  }}
                >
                  {t('circulation.fines.pay')}
                </Button>
              )}
              {canWaive && (
                <Button disabled={!selected.length} data-testid="fines-waive" onClick={() => setMode('waive')}>
                  {t('circulation.fines.waive')}
                </Button>
              )}
            </Space>
          </Space>
        }
      />
      <Modal
        open={mode !== null}
        title={t(mode === 'waive' ? 'circulation.fines.waiveTitle' : 'circulation.fines.payTitle')}
        okText={t(mode === 'waive' ? 'circulation.fines.waiveOk' : 'circulation.fines.payOk')}
        okButtonProps={{ loading: busy, danger: mode === 'waive', ...({ 'data-testid': 'fines-confirm' } as object) }}
        onOk={submit}
        onCancel={() => setMode(null)}
        destroyOnHidden
      >
        <Typography.Paragraph data-testid="fines-confirm-text">
          {t('circulation.fines.confirm', {
            count: selected.length,
            amount: formatMoney(chosenFen),
            name: data.reader.name,
            account: data.reader.account,
          })}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          {mode === 'pay' ? (
            <>
              <Form.Item name="payMethod" label={t('circulation.fines.payMethod')} initialValue="cash">
                <Radio.Group
                  options={[
                    { value: 'cash', label: t('losses.pay.cash') },
                    {
                      value: 'deposit',
                      label: t('circulation.fines.fromDeposit', { deposit: formatMoney(data.reader.depositFen) }),
                      disabled: data.reader.depositFen < chosenFen,
                    },
                  ]}
                />
              </Form.Item>
              <Form.Item name="note" label={t('circulation.fines.note')}>
                <Input maxLength={200} />
              </Form.Item>
            </>
          ) : (
            <Form.Item
              name="reason"
              label={t('circulation.fines.waiveReason')}
              rules={[{ required: true, whitespace: true, message: t('circulation.fines.reasonRequired') }]}
            >
              <Input maxLength={200} data-testid="fines-reason" />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <ReceiptModal receipt={receipt} onClose={() => setReceipt(null)} />
    </>
  );
}
