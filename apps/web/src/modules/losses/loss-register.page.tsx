import { P } from '@shuyuan/contracts/common/paths';
import { PAY_METHODS } from '@shuyuan/contracts/losses/loss';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Space,
  Table,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { ApiError, api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { type ReceiptData, ReceiptModal } from '../../kit/Receipt.tsx';
import { ScanInput, type ScanInputHandle } from '../circulation/scan-input.tsx';
import { yuan } from './loss-fields.tsx';

interface CopyInfo {
  copyId: number;
  barcode: string;
  title: string;
  author: string;
  circState: string;
  callNo: string;
  suggestedFen: number | null;
  loan: { id: number; readerAccount: string; readerName: string; dueDate: string } | null;
}
interface Registered {
  orderNo: string;
  barcode: string;
  title: string;
  amountFen: number;
  state: string;
  reader: string;
}

/**
 * Screen /loss-register (遗失登记): scan a copy, see who has it on loan, enter the compensation (required;
 * suggested from the copy's price) and register it lost — the loan is closed as lost, an order is made.
 * `?barcode=` (the loan records' "convert to lost") opens with that copy.
 */
export default function LossRegisterPage() {
  const { t } = useTranslation();
  const canAdd = usePermission('loss-register:add');
  const [info, setInfo] = useState<CopyInfo | null>(null);
  const [done, setDone] = useState<Registered[]>([]);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const scan = useRef<ScanInputHandle>(null);
  const { modal } = App.useApp();
  /** The receipt of the last registration, shown (and printable) until closed. */
  const [receipt, setReceipt] = useState<ReceiptData | null>(null);

  const lookup = async (barcode: string) => {
    setInfo(null);
    const c = await api.post<CopyInfo>(`${P}/Loss/GetCopyForLoss`, { barcode });
    setInfo(c);
    form.setFieldsValue({
      amount: c.suggestedFen == null ? undefined : c.suggestedFen / 100,
      readerBarcode: '',
      paid: false,
      payMethod: 'cash',
      note: '',
    });
  };

  // Opened from a loan record ("convert to lost"): /loss-register?barcode=… looks the copy up at once.
  const [params] = useSearchParams();
  const fromLink = params.get('barcode');
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new link starts a lookup
  useEffect(() => {
    if (fromLink) void lookup(fromLink).catch(() => undefined);
  }, [fromLink]);

  /** Asks before registering: the copy, who owes, how much and whether it is paid now. */
  const confirm = async () => {
    if (!info) return;
    const v = await form.validateFields();
    const fen = Math.round(Number(v.amount) * 100);
    const reader = info.loan ? `${info.loan.readerName} (${info.loan.readerAccount})` : v.readerBarcode || '';
    modal.confirm({
      title: t('losses.register.confirmTitle', { barcode: info.barcode }),
      content: (
        <Space direction="vertical" size={0} data-testid="loss-confirm">
          <Typography.Text strong>{info.title}</Typography.Text>
          <Typography.Text>
            {reader ? t('losses.register.confirmReader', { reader }) : t('losses.register.confirmNobody')}
          </Typography.Text>
          <Typography.Text>
            {t('losses.register.confirmAmount', { amount: yuan(fen) })},{' '}
            {v.paid
              ? t('losses.register.confirmPaid', { method: t(`losses.pay.${v.payMethod}`) })
              : t('losses.register.confirmUnpaid')}
          </Typography.Text>
        </Space>
      ),
      okText: t('losses.register.submit'),
      okButtonProps: { danger: true },
      onOk: () => submit(v),
    });
  };

  const submit = async (v: Record<string, any>) => {
    if (!info) return;
    setBusy(true);
    try {
      const r = await api.post<{ orderNo: string; state: string }>(`${P}/Loss/RegisterLoss`, {
        barcode: info.barcode,
        compensationFen: Math.round(Number(v.amount) * 100),
        readerBarcode: info.loan ? undefined : v.readerBarcode || undefined,
        paid: !!v.paid,
        payMethod: v.payMethod,
        note: v.note ?? '',
      });
      notify.success(t('losses.register.done', { orderNo: r.orderNo }));
      const fen = Math.round(Number(v.amount) * 100);
      const reader = info.loan ? `${info.loan.readerName} (${info.loan.readerAccount})` : (v.readerBarcode ?? '');
      setReceipt({
        title: t('losses.register.receiptTitle'),
        lines: [
          [t('losses.col.orderNo'), r.orderNo],
          [t('losses.col.barcode'), info.barcode],
          [t('losses.col.title'), info.title],
          [t('losses.col.reader'), reader || '—'],
          [t('losses.col.compensation'), yuan(fen)],
          [t('losses.col.state'), t(`losses.state.${r.state}`)],
          ...(v.paid ? [[t('losses.col.payMethod'), t(`losses.pay.${v.payMethod}`)] as [string, string]] : []),
        ],
      });
      setDone((d) => [
        {
          orderNo: r.orderNo,
          barcode: info.barcode,
          title: info.title,
          amountFen: Math.round(Number(v.amount) * 100),
          state: r.state,
          reader: info.loan ? `${info.loan.readerName} (${info.loan.readerAccount})` : (v.readerBarcode ?? ''),
        },
        ...d,
      ]);
      setInfo(null);
      scan.current?.focus();
    } catch (e) {
      // The HTTP client showed the message; a field issue is also shown under the amount.
      const issue = e instanceof ApiError ? e.issues?.find((i) => i.path === 'compensationFen') : undefined;
      if (issue) form.setFields([{ name: 'amount', errors: [issue.message] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card>
        <ScanInput
          ref={scan}
          placeholder={t('losses.register.scan')}
          onScan={(b) => void lookup(b).catch(() => undefined)}
        />
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('losses.register.help')}
        </Typography.Text>
      </Card>
      {info && (
        <Card title={info.title}>
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('losses.col.barcode')}>{info.barcode}</Descriptions.Item>
            <Descriptions.Item label={t('losses.register.callNo')}>{info.callNo}</Descriptions.Item>
            <Descriptions.Item label={t('losses.register.circState')}>
              {t(`catalogue.state.${info.circState}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('losses.register.borrower')}>
              {info.loan
                ? t('losses.register.onLoan', {
                    name: info.loan.readerName,
                    account: info.loan.readerAccount,
                    due: info.loan.dueDate,
                  })
                : '—'}
            </Descriptions.Item>
          </Descriptions>
          {info.circState === 'lost' ? (
            <Alert type="warning" showIcon message={t('losses.register.alreadyLost')} />
          ) : (
            <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={confirm}>
              <Form.Item
                name="amount"
                label={t('losses.register.amount')}
                rules={[{ required: true, message: t('losses.compensationRequired') }]}
                extra={
                  info.suggestedFen != null
                    ? t('losses.register.suggested', { amount: yuan(info.suggestedFen) })
                    : undefined
                }
              >
                <InputNumber
                  min={0}
                  precision={2}
                  step={1}
                  style={{ width: 200 }}
                  addonAfter={t('losses.register.yuan')}
                />
              </Form.Item>
              {!info.loan && (
                <Form.Item
                  name="readerBarcode"
                  label={t('losses.register.reader')}
                  extra={t('losses.register.readerHint')}
                >
                  <Input />
                </Form.Item>
              )}
              <Form.Item name="paid" valuePropName="checked">
                <Checkbox>{t('losses.register.paidNow')}</Checkbox>
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {() =>
                  form.getFieldValue('paid') && (
                    <Form.Item name="payMethod" label={t('losses.col.payMethod')}>
                      <Radio.Group>
                        {PAY_METHODS.map((m) => (
                          <Radio key={m} value={m}>
                            {t(`losses.pay.${m}`)}
                          </Radio>
                        ))}
                      </Radio.Group>
                    </Form.Item>
                  )
                }
              </Form.Item>
              <Form.Item name="note" label={t('losses.col.note')}>
                <Input maxLength={200} />
              </Form.Item>
              <Button type="primary" danger htmlType="submit" loading={busy} disabled={!canAdd}>
                {t('losses.register.submit')}
              </Button>
            </Form>
          )}
        </Card>
      )}
      <ReceiptModal
        receipt={receipt}
        onClose={() => {
          setReceipt(null);
          scan.current?.focus();
        }}
      />
      {done.length > 0 && (
        <Card title={t('losses.register.session')}>
          <Table<Registered>
            rowKey="orderNo"
            size="small"
            pagination={false}
            dataSource={done}
            columns={[
              { title: t('losses.col.orderNo'), dataIndex: 'orderNo' },
              { title: t('losses.col.barcode'), dataIndex: 'barcode' },
              { title: t('losses.col.title'), dataIndex: 'title' },
              { title: t('losses.col.reader'), dataIndex: 'reader' },
              { title: t('losses.col.compensation'), dataIndex: 'amountFen', render: (v: number) => yuan(v) },
              { title: t('losses.col.state'), dataIndex: 'state', render: (v: string) => t(`losses.state.${v}`) },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
