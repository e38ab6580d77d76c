import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Modal, Row, Space, Switch, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuCreate, type MenuRow, MenuUpdate } from '@shuyuan/contracts/menu/menu-types';
import { fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { menuApi, menuLabel } from './menu-api.ts';

export type Editing = { mode: 'add'; parentId: number | null } | { mode: 'edit'; row: MenuRow };

interface Props {
  editing: Editing | null;
  tree: MenuRow[];
  onClose: () => void;
  onSaved: () => void;
}

type TreeOpt = { value: number; title: string; children: TreeOpt[]; disabled?: boolean };

function toOptions(list: MenuRow[], lang: string, exclude?: number): TreeOpt[] {
  return list.map((n) => ({
    value: n.id,
    title: menuLabel(n, lang),
    disabled: n.id === exclude,
    children: n.id === exclude ? [] : toOptions(n.children, lang, exclude),
  }));
}

/** Add / edit one menu: names, url, icon, sort, hidden, parent and its operations (functions). */
export function MenuForm({ editing, tree, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const isEdit = editing?.mode === 'edit';
  const options = useMemo(
    () => toOptions(tree, i18n.language, isEdit ? editing.row.id : undefined),
    [tree, i18n.language, editing, isEdit],
  );

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === 'edit') form.setFieldsValue({ ...editing.row, parentId: editing.row.parentId ?? undefined });
    else form.setFieldsValue({ parentId: editing.parentId ?? undefined, sort: 0, hidden: false, functions: [] });
  }, [editing, form]);

  const save = async () => {
    const values = await form.validateFields();
    const body = { ...values, parentId: values.parentId ?? null, functions: values.functions ?? [] };
    const schema = isEdit ? MenuUpdate : MenuCreate;
    const parsed = schema.safeParse(isEdit ? { ...body, id: editing.row.id } : body);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((i) => ({
          name: i.path as (string | number)[],
          errors: [i18n.exists(i.message) ? t(i.message) : i.message],
        })),
      );
      return;
    }
    setSaving(true);
    try {
      if (isEdit) await menuApi.update(parsed.data as MenuUpdate);
      else await menuApi.add(parsed.data as MenuCreate);
      notify.success(t('common.success'));
      onSaved();
    } catch (err) {
      fieldErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={t(isEdit ? 'menu.form.editTitle' : 'menu.form.addTitle')}
      width={760}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="parentId" label={t('menu.field.parent')}>
              <TreeSelect treeData={options} allowClear showSearch treeNodeFilterProp="title" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="code" label={t('menu.field.code')} required={!isEdit} extra={t('menu.form.codeHelp')}>
              <Input disabled={isEdit} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="MenuName" label={t('menu.field.name')} required>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="MenuEnName" label={t('menu.field.enName')}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="url" label={t('menu.field.url')}>
              <Input placeholder="/sys/menu" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="icon" label={t('menu.field.icon')} extra={t('menu.form.iconHelp')}>
              <Input placeholder="SettingOutlined" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sort" label={t('menu.field.sort')}>
              <InputNumber min={0} max={100000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="hidden" label={t('menu.field.hidden')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <FunctionsList />
      </Form>
    </Modal>
  );
}

/** The menu's operations: code (`<menu code>:<verb>`), Chinese and English name. */
function FunctionsList() {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('menu.field.functions')}>
      <Form.List name="functions">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item name={[f.name, 'code']} rules={[{ required: true, message: t('menu.form.required') }]}>
                  <Input placeholder={t('menu.fn.code')} style={{ width: 220 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'name']} rules={[{ required: true, message: t('menu.form.required') }]}>
                  <Input placeholder={t('menu.fn.name')} style={{ width: 160 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'enName']}>
                  <Input placeholder={t('menu.fn.enName')} style={{ width: 180 }} />
                </Form.Item>
                <MinusCircleOutlined aria-label={t('common.delete')} onClick={() => remove(f.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ code: '', name: '', enName: '' })}>
              {t('menu.fn.add')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
