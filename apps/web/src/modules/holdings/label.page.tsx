import { P } from '@shuyuan/contracts/common/paths';
import { HoldingsCode } from '@shuyuan/contracts/holdings/bulk';
import { Alert, Button, Card, Form, Input, type InputRef, Radio, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { ResultTable } from './shared.tsx';
import { useBulk } from './use-bulk.ts';

/** "old new" per line (space, tab or comma between) → pairs. */
function pairsOf(text: string | undefined) {
  return (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [from = '', to = ''] = l.split(/[\s,，]+/);
      return { from, to };
    });
}

/** Scanning pairs: the old label, then the new one; Enter moves on, a complete pair joins the list. */
function ScanPairs({ onPair }: { onPair: (from: string, to: string) => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const oldRef = useRef<InputRef>(null);
  const newRef = useRef<InputRef>(null);
  return (
    <Form.Item label={t('holdings.label.scanHint')}>
      <Space>
        <Input
          ref={oldRef}
          className="sy-scan-old"
          style={{ width: 220 }}
          placeholder={t('holdings.label.scanOld')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          onPressEnter={() => from.trim() && newRef.current?.focus()}
        />
        <Input
          ref={newRef}
          className="sy-scan-new"
          style={{ width: 220 }}
          placeholder={t('holdings.label.scanNew')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          onPressEnter={() => {
            if (!from.trim() || !to.trim()) return;
            onPair(from.trim(), to.trim());
            setFrom('');
            setTo('');
            oldRef.current?.focus();
          }}
        />
      </Space>
    </Form.Item>
  );
}

/** /label-transfer: replace copies' barcodes (or RFID tags) with new labels, checked before anything is written. */
export default function LabelTransferPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const canConvert = usePermission(`${HoldingsCode.label}:convert`);
  const bulk = useBulk(form);
  const values = Form.useWatch([], form);
  const body = (apply: boolean) => ({ kind: values?.kind ?? 'barcode', pairs: pairsOf(values?.pairs), apply });
  return (
    <Card className="sy-label">
      <Form form={form} layout="vertical" initialValues={{ kind: 'barcode' }}>
        <Form.Item name="kind" label={t('holdings.label.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'barcode', label: t('holdings.label.barcode') },
              { value: 'rfid', label: t('holdings.label.rfid') },
            ]}
          />
        </Form.Item>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('holdings.label.hint')} />
        <ScanPairs
          onPair={(from, to) =>
            form.setFieldValue('pairs', `${(form.getFieldValue('pairs') ?? '').trimEnd()}\n${from} ${to}`.trimStart())
          }
        />
        <Form.Item name="pairs" label={t('holdings.label.pairs')}>
          <Input.TextArea rows={10} placeholder={'T0001 A0000001\nT0002 A0000002'} />
        </Form.Item>
        <Space style={{ marginBottom: 16 }}>
          <Button loading={bulk.busy} onClick={() => bulk.preview(`${P}/Holdings/LabelConvert`, body(false))}>
            {t('holdings.label.check')}
          </Button>
          {canConvert && (
            <Button
              type="primary"
              disabled={!bulk.canApply(body(false))}
              loading={bulk.busy}
              onClick={() => bulk.apply(`${P}/Holdings/LabelConvert`, body(true))}
            >
              {t('holdings.label.convert')}
            </Button>
          )}
        </Space>
      </Form>
      <ResultTable data={bulk.data} applied={bulk.applied} />
    </Card>
  );
}
