import { type EditingConfig, formatCallNo } from '@shuyuan/contracts/catalogue/editing-config';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditingOpts } from './use-options.ts';

/** Barcodes typed or scanned one per line. */
export const lines = (s: string | undefined) =>
  (s ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** Initial values of the copy fields from the school's editing settings. */
export function copyDefaults(config: EditingConfig) {
  return {
    count: 1,
    mode: config.barcodeMode,
    branchId: config.defaultBranchId ?? undefined,
    locationId: config.defaultLocationId ?? undefined,
    storeType: config.defaultStoreType,
    additionalNo: '',
  };
}

/** Copy field values → the CopyAdd body for `recordId` (generated barcodes: none sent, the server's rule). */
export function copyBody(v: Record<string, any>, recordId: number) {
  const scanned = v.mode === 'scan' ? lines(v.barcodes) : undefined;
  return {
    recordId,
    count: scanned ? scanned.length : v.count,
    barcodes: scanned,
    branchId: v.branchId || undefined,
    locationId: v.locationId || undefined,
    storeType: v.storeType || undefined,
    additionalNo: v.additionalNo ?? '',
    unitPrice: v.unitPrice ?? undefined,
    discountPrice: v.discountPrice ?? undefined,
    batchId: v.batchId || undefined,
  };
}

interface Props {
  config: EditingConfig;
  opts: EditingOpts;
  /** Class and book number of the record, for the call number preview. */
  classNo?: string;
  bookNo?: string;
}

const STORES = [1, 2, 5, 8];

/**
 * How many copies, their barcodes (generated from the school's rule, or scanned from pre-printed labels),
 * where they go, their prices and batch; the call number they will get is shown as it is typed.
 */
export function CopyFields({ config, opts, classNo, bookNo }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const mode = Form.useWatch('mode', form) ?? config.barcodeMode;
  const branchId = Form.useWatch('branchId', form);
  const extra = Form.useWatch('additionalNo', form);
  const callNo = classNo ? formatCallNo(classNo, bookNo || '…', extra ?? '', config) : '';

  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="mode" label={t('catalogue.copies.mode')}>
          <Radio.Group
            className="sy-copy-mode"
            options={[
              { value: 'generate', label: t('catalogue.copies.generated') },
              { value: 'scan', label: t('catalogue.copies.typed') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        {mode === 'scan' ? (
          <Form.Item name="barcodes" label={t('catalogue.copies.barcodes')} extra={t('catalogue.copies.barcodesHelp')}>
            <Input.TextArea rows={3} />
          </Form.Item>
        ) : (
          <Form.Item name="count" label={t('catalogue.copies.count')} extra={t('catalogue.copies.countHelp')}>
            <InputNumber className="sy-copy-count" min={1} max={500} style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Col>
      <Col span={12}>
        <Form.Item name="branchId" label={t('catalogue.copies.branch')}>
          <Select allowClear options={opts.branches} onChange={() => form.setFieldValue('locationId', undefined)} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="locationId" label={t('catalogue.copies.location')}>
          <Select allowClear options={opts.locationsOf(branchId)} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="storeType" label={t('catalogue.copies.storeType')}>
          <Select options={STORES.map((s) => ({ value: s, label: t(`catalogue.store.${s}`) }))} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="batchId" label={t('catalogue.copies.batch')}>
          <Select allowClear showSearch optionFilterProp="label" options={opts.batches} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="unitPrice" label={t('catalogue.copies.price')}>
          <InputNumber min={0} precision={2} style={{ width: '100%' }} addonAfter={t('catalogue.yuan')} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="discountPrice" label={t('catalogue.copies.discountPrice')}>
          <InputNumber min={0} precision={2} style={{ width: '100%' }} addonAfter={t('catalogue.yuan')} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="additionalNo"
          label={t('catalogue.copies.additionalNo')}
          extra={t('catalogue.copies.additionalHelp')}
        >
          <Input allowClear />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label={t('catalogue.copies.callNo')}>
          <Typography.Text strong className="sy-callno-preview">
            {callNo || t('catalogue.copies.callNoNone')}
          </Typography.Text>
        </Form.Item>
      </Col>
    </Row>
  );
}
