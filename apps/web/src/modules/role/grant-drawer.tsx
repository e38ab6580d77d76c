import { P } from '@shuyuan/contracts/common/paths';
import type { MenuRow } from '@shuyuan/contracts/menu/menu-types';
import type { Role } from '@shuyuan/contracts/role/role';
import { Alert, Button, Drawer, Space, Spin, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { allKeys, checkedKeys, type GrantNode, grantTree, permissionsOf } from './menu-tree.ts';

/** Grants menus and operations to a role with a checkbox tree built from P/Menu/GetMenuTree. */
export function GrantDrawer({
  role,
  onClose,
  onSaved,
}: {
  role: Role | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [menus, setMenus] = useState<MenuRow[] | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const tree: GrantNode[] = useMemo(
    () => (menus ? grantTree(menus, i18n.language === 'en', t('role.grant.view')) : []),
    [menus, i18n.language, t],
  );
  const locked = !!role?.isSystem;

  useEffect(() => {
    if (!role) return;
    setMenus(null);
    api
      .post<MenuRow[]>(`${P}/Menu/GetMenuTree`, {})
      .then(setMenus)
      .catch(() => setMenus([]));
  }, [role]);

  useEffect(() => {
    if (!role || !menus) return;
    setChecked(role.permissions.includes('*') ? allKeys(tree) : checkedKeys(tree, role.permissions));
    setExpanded(tree.map((n) => n.key));
  }, [role, menus, tree]);

  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      await api.post(`${P}/Role/SetRolePermissions`, { id: role.id, permissions: permissionsOf(tree, checked) });
      notify.success(t('role.grant.saved'));
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={!!role}
      onClose={onClose}
      size={520}
      title={t('role.grant.title', { name: role?.name ?? '' })}
      extra={
        !locked && (
          <Button type="primary" loading={saving} onClick={save} disabled={!menus}>
            {t('kit.form.save')}
          </Button>
        )
      }
    >
      {locked && <Alert type="info" showIcon title={t('role.grant.all')} style={{ marginBottom: 12 }} />}
      <Space style={{ marginBottom: 8 }} wrap>
        <Button size="small" onClick={() => setExpanded(allKeys(tree))}>
          {t('role.grant.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('role.grant.collapseAll')}
        </Button>
        {!locked && (
          <>
            <Button size="small" onClick={() => setChecked(allKeys(tree))}>
              {t('role.grant.checkAll')}
            </Button>
            <Button size="small" onClick={() => setChecked([])}>
              {t('role.grant.clear')}
            </Button>
          </>
        )}
      </Space>
      {menus ? (
        <Tree
          checkable
          disabled={locked}
          treeData={tree}
          checkedKeys={checked}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys as string[])}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked) as string[])}
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
