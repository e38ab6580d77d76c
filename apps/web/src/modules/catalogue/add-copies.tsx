import { CopyAdd } from '@shuyuan/contracts/catalogue/record';
import { P } from '@shuyuan/contracts/common/paths';
import { Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearOnChange, submitChecked } from './submit.ts';
import type { RecordRow } from './types.ts';

interface Props {
  record: Pick<RecordRow, 'id' | 'title' | 'classNo' | 'bookNo'> | null;
  locations: { value: number; label: string }[];
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Add copies of a record: barcodes typed or scanned one per line (the count follows the lines), or generated
 * by the school's barcode rule after the highest in use (the same generator as the cataloguing form). The server's duplicate-barcode message shows under the field.
 */
export function AddCopies({ record, locations, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const mode = Form.useWatch('mode', form) ?? 'typed';

  useEffect(() => {
    if (!record) return;
    form.resetFields();
    form.setFieldsValue({ mode: 'typed', count: 1, callNo: [record.classNo, record.bookNo].filter(Boolean).join('/') });
  }, [record, form]);

  const lines = (s: string | undefined) =>
    (s ?? '')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);

  const save = async () => {
    if (!record) return;
    const v = form.getFieldsValue(true);
    const typed = v.mode === 'typed';
    const barcodes = typed ? lines(v.barcodes) : undefined;
    if (typed && !barcodes?.length) {
      form.setFields([{ name: 'barcodes', errors: [t('catalogue.copies.barcodesRequired')] }]);
      return;
    }
    const body = {
      recordId: record.id,
      count: typed ? barcodes?.length || v.count : v.count,
      barcodes,
      locationId: v.locationId || undefined,
      callNo: v.callNo ?? '',
    };
    setSaving(true);
    const ok = await submitChecked(form, CopyAdd, `${P}/Literature/AddItemsCollectionInfo`, body);
    setSaving(false);
    if (ok) onSaved();
  };

  return (
    <Modal
      open={!!record}
      title={t('catalogue.copies.addTitle', { title: record?.title ?? '' })}
      okText={t('catalogue.save')}
      cancelText={t('catalogue.cancel')}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" className="sy-copies-form" onValuesChange={clearOnChange(form)}>
        <Form.Item name="mode" label={t('catalogue.copies.mode')}>
          <Radio.Group
            options={[
              { value: 'typed', label: t('catalogue.copies.typed') },
              { value: 'generated', label: t('catalogue.copies.generated') },
            ]}
          />
        </Form.Item>
        {mode === 'typed' ? (
          <Form.Item name="barcodes" label={t('catalogue.copies.barcodes')} extra={t('catalogue.copies.barcodesHelp')}>
            <Input.TextArea rows={5} />
          </Form.Item>
        ) : (
          <Form.Item name="count" label={t('catalogue.copies.count')} extra={t('catalogue.copies.countHelp')}>
            <InputNumber className="sy-copies-count" min={1} max={500} />
          </Form.Item>
        )}
        <Form.Item name="locationId" label={t('catalogue.copies.location')}>
          <Select allowClear options={locations} />
        </Form.Item>
        <Form.Item name="callNo" label={t('catalogue.copies.callNo')}>
          <Input allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
