import { P } from '@shuyuan/contracts/common/paths';
import type { LossDto, LossOption } from '@shuyuan/contracts/losses/loss';
import { Alert, Button, Card, Descriptions, Form, Input, Radio, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { ScanInput, type ScanInputHandle } from '../circulation/scan-input.tsx';
import { fmtMinute } from '../../kit/time.ts';
import { StateTag } from '../reservations/ui.tsx';
import { yuan } from './loss-fields.tsx';

interface Retrieved {
  barcode: string;
  title: string;
  refundFen: number;
  hold: { name: string; until?: string } | null;
}

/**
 * Screen /loss-found (遗失找回): scan a lost copy that turned up; its loss record is shown and, one at a time,
 * it goes back to the shelf (or straight to the hold shelf when a reader waits), refunding the compensation
 * when "retrieve and refund" is chosen.
 */
export default function LossFoundPage() {
  const { t } = useTranslation();
  const can = usePermission('loss-found:retrieve');
  const [loss, setLoss] = useState<LossDto | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [last, setLast] = useState<Retrieved | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ option: LossOption; note?: string }>();
  const scan = useRef<ScanInputHandle>(null);

  const lookup = async (barcode: string) => {
    setLoss(null);
    setMissing(null);
    const l = await api.post<LossDto | null>(`${P}/Loss/GetLossByBarcode`, { barcode });
    if (!l) return setMissing(barcode);
    setLoss(l);
    form.setFieldsValue({ option: 'retrieve_after_logout', note: '' });
  };

  // Opened from the return desk (a lost copy scanned there): /loss-found?barcode=… looks it up at once.
  const [params] = useSearchParams();
  const fromLink = params.get('barcode');
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new link starts a lookup
  useEffect(() => {
    if (fromLink) void lookup(fromLink).catch(() => undefined);
  }, [fromLink]);

  const submit = async () => {
    if (!loss) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await api.post<Retrieved>(`${P}/Loss/FoundLoss`, {
        barcode: loss.barcode,
        option: v.option,
        note: v.note ?? '',
      });
      notify.success(t('losses.found.done', { barcode: r.barcode }));
      setLast(r);
      setLoss(null);
      scan.current?.focus();
    } catch {
      // The HTTP client showed the message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card>
        <ScanInput
          ref={scan}
          placeholder={t('losses.found.scan')}
          onScan={(b) => void lookup(b).catch(() => undefined)}
        />
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('losses.found.help')}
        </Typography.Text>
      </Card>
      {missing && <Alert type="info" showIcon message={t('losses.found.none', { barcode: missing })} />}
      {last && (
        <Alert
          type={last.hold ? 'warning' : 'success'}
          showIcon
          message={
            last.hold
              ? t('losses.found.toHold', { barcode: last.barcode, name: last.hold.name, until: last.hold.until ?? '' })
              : t('losses.found.toShelf', { barcode: last.barcode, title: last.title })
          }
          description={last.refundFen ? t('losses.found.refund', { amount: yuan(last.refundFen) }) : undefined}
        />
      )}
      {loss && (
        <Card title={loss.title}>
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('losses.col.orderNo')}>{loss.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('losses.col.barcode')}>{loss.barcode}</Descriptions.Item>
            <Descriptions.Item label={t('losses.col.reader')}>
              {loss.readerId ? `${loss.readerName} (${loss.readerAccount})` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('losses.col.compensation')}>{yuan(loss.compensationFen)}</Descriptions.Item>
            <Descriptions.Item label={t('losses.col.state')}>
              <StateTag value={loss.state} prefix="losses.state" />
            </Descriptions.Item>
            <Descriptions.Item label={t('losses.col.registeredAt')}>{fmtMinute(loss.registeredAt)}</Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={submit}>
            <Form.Item name="option" label={t('losses.col.option')} extra={t('losses.handling.optionHint')}>
              <Radio.Group>
                <Radio value="retrieve_after_logout">{t('losses.option.retrieve_after_logout')}</Radio>
                <Radio value="retrieve_and_refund" disabled={loss.state !== 'compensated'}>
                  {t('losses.option.retrieve_and_refund')}
                </Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item name="note" label={t('losses.col.note')}>
              <Input maxLength={200} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} disabled={!can}>
              {t('losses.found.submit')}
            </Button>
          </Form>
        </Card>
      )}
    </Space>
  );
}
