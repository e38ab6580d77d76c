import {
  CustomClassCreate,
  type CustomClassNode,
  CustomClassUpdate,
} from '@shuyuan/contracts/classification/classification';
import { P } from '@shuyuan/contracts/common/paths';
import { Button, Empty, Form, Input, Modal, Popconfirm, Space, Tree } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { clearOnChange, submitChecked } from './submit.ts';

type Editing = { mode: 'add'; parent: CustomClassNode | null } | { mode: 'edit'; node: CustomClassNode };

const toTree = (nodes: CustomClassNode[]): any[] =>
  nodes.map((n) => ({ key: n.id, title: `${n.code}  ${n.name}`, node: n, children: toTree(n.children ?? []) }));

/**
 * The school's own classification (P/Config/GetCustomClassify): a tree of codes and names the class picker
 * offers beside CLC and Dewey — for school-made collections (校本课程, class corners…).
 */
export function CustomClasses() {
  const { t } = useTranslation();
  const canEdit = usePermission('book-editing-rule:edit');
  const [tree, setTree] = useState<CustomClassNode[]>([]);
  const [picked, setPicked] = useState<CustomClassNode | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm();

  const load = useCallback(async () => setTree(await api.post(`${P}/Config/GetCustomClassify`, {})), []);
  useEffect(() => {
    void load().catch(() => {});
  }, [load]);

  const open = (e: Editing) => {
    form.resetFields();
    if (e.mode === 'edit') form.setFieldsValue({ code: e.node.code, name: e.node.name });
    setEditing(e);
  };
  const save = async () => {
    if (!editing) return;
    const v = form.getFieldsValue(true);
    const ok =
      editing.mode === 'add'
        ? await submitChecked(form, CustomClassCreate, `${P}/Classification/AddCustomClass`, {
            ...v,
            parentCode: editing.parent?.code ?? null,
          })
        : await submitChecked(form, CustomClassUpdate, `${P}/Classification/UpdateCustomClass`, {
            ...v,
            id: editing.node.id,
          });
    if (!ok) return;
    setEditing(null);
    setPicked(null);
    await load();
  };
  const remove = async (n: CustomClassNode) => {
    await api.post(`${P}/Classification/DeleteCustomClass`, { id: n.id });
    notify.success(t('catalogue.saved'));
    setPicked(null);
    await load();
  };

  return (
    <div className="sy-custom-classes">
      {canEdit && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => open({ mode: 'add', parent: null })}>
            {t('catalogue.custom.addTop')}
          </Button>
          <Button disabled={!picked} onClick={() => picked && open({ mode: 'add', parent: picked })}>
            {t('catalogue.custom.addChild')}
          </Button>
          <Button disabled={!picked} onClick={() => picked && open({ mode: 'edit', node: picked })}>
            {t('catalogue.record.edit')}
          </Button>
          <Popconfirm
            title={t('catalogue.custom.deleteConfirm')}
            disabled={!picked}
            onConfirm={() => picked && remove(picked).catch(() => {})}
          >
            <Button danger disabled={!picked}>
              {t('catalogue.collection.delete')}
            </Button>
          </Popconfirm>
        </Space>
      )}
      {tree.length ? (
        <Tree
          defaultExpandAll
          treeData={toTree(tree)}
          onSelect={(_, info) => setPicked(info.selected ? (info.node as any).node : null)}
        />
      ) : (
        <Empty description={t('catalogue.custom.empty')} />
      )}
      <Modal
        open={!!editing}
        title={
          editing?.mode === 'edit'
            ? t('catalogue.custom.editTitle')
            : t('catalogue.custom.addTitle', { parent: editing?.parent?.code ?? '—' })
        }
        okText={t('catalogue.save')}
        cancelText={t('catalogue.cancel')}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onValuesChange={clearOnChange(form)}>
          <Form.Item name="code" label={t('catalogue.custom.code')} required>
            <Input />
          </Form.Item>
          <Form.Item name="name" label={t('catalogue.custom.name')} required>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
