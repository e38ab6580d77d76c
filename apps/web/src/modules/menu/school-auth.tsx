import { Alert, Modal, Select, Space, Spin, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuRow } from '@shuyuan/contracts/menu/menu-types';
import { notify } from '../../app/notify.ts';
import { menuApi, menuLabel } from './menu-api.ts';

type TreeItem = { key: number; title: string; children: TreeItem[] };

function toTree(list: MenuRow[], lang: string): TreeItem[] {
  return list.map((n) => ({ key: n.id, title: menuLabel(n, lang), children: toTree(n.children, lang) }));
}

function allIds(list: MenuRow[]): number[] {
  return list.flatMap((n) => [n.id, ...allIds(n.children)]);
}

/**
 * Menu authorisation per school (spec §6): checked menus are authorised; an unchecked menu (and what lies
 * under it) is hidden from everybody in that school whatever their role.
 */
export function SchoolAuth({ open, tree, onClose }: { open: boolean; tree: MenuRow[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [schools, setSchools] = useState<{ id: number; name: string }[]>([]);
  const [schoolId, setSchoolId] = useState<number>();
  const [checked, setChecked] = useState<number[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const data = useMemo(() => toTree(tree, i18n.language), [tree, i18n.language]);
  const ids = useMemo(() => allIds(tree), [tree]);

  useEffect(() => {
    if (open) void menuApi.schools().then((r) => setSchools(r.List));
  }, [open]);

  useEffect(() => {
    if (!schoolId) return;
    setLoading(true);
    menuApi
      .schoolOff(schoolId)
      .then((r) => {
        const off = new Set(r.disabledIds);
        setChecked(ids.filter((id) => !off.has(id)));
      })
      .finally(() => setLoading(false));
  }, [schoolId, ids]);

  const save = async () => {
    if (!schoolId) return;
    const on = new Set(checked);
    setSaving(true);
    try {
      await menuApi.setSchoolOff(
        schoolId,
        ids.filter((id) => !on.has(id)),
      );
      notify.success(t('common.success'));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('menu.auth.title')}
      onCancel={onClose}
      onOk={save}
      okButtonProps={{ disabled: !schoolId }}
      confirmLoading={saving}
      width={560}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('menu.auth.help')} />
        <Select
          style={{ width: '100%' }}
          placeholder={t('menu.auth.school')}
          value={schoolId}
          onChange={setSchoolId}
          showSearch
          optionFilterProp="label"
          options={schools.map((s) => ({ value: s.id, label: s.name }))}
        />
        {schoolId && (
          <Spin spinning={loading}>
            <Tree
              checkable
              checkStrictly
              height={420}
              treeData={data}
              checkedKeys={checked}
              onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked) as number[])}
            />
          </Spin>
        )}
      </Space>
    </Modal>
  );
}
