import { CopyUpdate, STORE_TRANSITIONS } from '@shuyuan/contracts/catalogue/collection';
import { P } from '@shuyuan/contracts/common/paths';
import { Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { clearOnChange, submitChecked } from './submit.ts';
import type { EditingOpts } from './use-options.ts';

interface Props {
  copyId: number | null;
  opts: EditingOpts;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Edit one copy (updatecollectioninfo): barcode (checked against the rule and the school's other copies),
 * call number parts, places, prices, batch and the store types it may move to from where it is.
 */
export function CopyEditor({ copyId, opts, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [store, setStore] = useState<number>(1);
  const [saving, setSaving] = useState(false);
  const branchId = Form.useWatch('branchId', form);

  useEffect(() => {
    if (!copyId) return;
    form.resetFields();
    api
      .post<Record<string, any>>(`${P}/Literature/getcollectioninfo`, { id: copyId })
      .then((c) => {
        setStore(c.storeType);
        form.setFieldsValue({
          ...c,
          unitPrice: c.unitPriceFen == null ? null : c.unitPriceFen / 100,
          discountPrice: c.discountPriceFen == null ? null : c.discountPriceFen / 100,
        });
      })
      .catch(onClose);
  }, [copyId, form, onClose]);

  const save = async () => {
    const v = form.getFieldsValue(true);
    const body = {
      id: copyId,
      version: v.version,
      barcode: v.barcode,
      callNo: v.callNo ?? '',
      classNo: v.classNo ?? '',
      bookNo: v.bookNo ?? '',
      additionalNo: v.additionalNo ?? '',
      shelfMark: v.shelfMark ?? '',
      branchId: v.branchId ?? null,
      locationId: v.locationId ?? null,
      storeType: v.storeType,
      unitPrice: v.unitPrice ?? null,
      discountPrice: v.discountPrice ?? null,
      batchId: v.batchId ?? null,
    };
    setSaving(true);
    const ok = await submitChecked(form, CopyUpdate, `${P}/Literature/updatecollectioninfo`, body);
    setSaving(false);
    if (ok) onSaved();
  };

  const stores = [store, ...(STORE_TRANSITIONS[store] ?? [])];
  const text = (name: string) => (
    <Col span={12} key={name}>
      <Form.Item name={name} label={t(`catalogue.copy.${name}`)} required={name === 'barcode'}>
        <Input allowClear={name !== 'barcode'} />
      </Form.Item>
    </Col>
  );
  const yuan = (name: string) => (
    <Col span={12} key={name}>
      <Form.Item name={name} label={t(`catalogue.copy.${name}`)}>
        <InputNumber min={0} precision={2} style={{ width: '100%' }} addonAfter={t('catalogue.yuan')} />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open={!!copyId}
      width={720}
      title={t('catalogue.copy.editTitle')}
      okText={t('catalogue.save')}
      cancelText={t('catalogue.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" className="sy-copy-form" onValuesChange={clearOnChange(form)}>
        <Row gutter={16}>
          {['barcode', 'callNo', 'classNo', 'bookNo', 'additionalNo', 'shelfMark'].map(text)}
          <Col span={12}>
            <Form.Item name="branchId" label={t('catalogue.copy.branchId')}>
              <Select allowClear options={opts.branches} onChange={() => form.setFieldValue('locationId', null)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="locationId" label={t('catalogue.copy.locationId')}>
              <Select allowClear options={opts.locationsOf(branchId)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="storeType" label={t('catalogue.copy.storeType')}>
              <Select options={stores.map((s) => ({ value: s, label: t(`catalogue.store.${s}`) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="batchId" label={t('catalogue.copy.batchId')}>
              <Select allowClear showSearch optionFilterProp="label" options={opts.batches} />
            </Form.Item>
          </Col>
          {yuan('unitPrice')}
          {yuan('discountPrice')}
        </Row>
      </Form>
    </Modal>
  );
}
