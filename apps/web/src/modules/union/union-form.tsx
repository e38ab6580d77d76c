import { P } from '@shuyuan/contracts/common/paths';
import { UnionCreate, type UnionDto, UnionUpdate } from '@shuyuan/contracts/union/union';
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearOnChange, postChecked } from '../catalogue/submit.ts';

/** Create a union, or rename one (`union` given). */
export function UnionForm({
  open,
  union,
  onClose,
  onSaved,
}: {
  open: boolean;
  union?: UnionDto;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue({ name: union?.name ?? '', remark: union?.remark ?? '' });
  }, [open, union, form]);
  const save = async () => {
    const v = form.getFieldsValue();
    setSaving(true);
    const done = union
      ? await postChecked(form, UnionUpdate, `${P}/Union/UpdateUnion`, { ...v, id: union.id })
      : await postChecked(form, UnionCreate, `${P}/Union/AddUnion`, v);
    setSaving(false);
    if (done !== undefined) onSaved();
  };
  return (
    <Modal
      open={open}
      title={union ? t('union.mana.edit') : t('union.mana.create')}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" className="sy-union-form" onValuesChange={clearOnChange(form)}>
        <Form.Item name="name" label={t('union.mana.name')} required>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="remark" label={t('union.mana.remark')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
