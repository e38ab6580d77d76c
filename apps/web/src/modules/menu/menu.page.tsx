import { Button, Card, Input, Popconfirm, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuRow } from '@shuyuan/contracts/menu/menu-types';
import { Can } from '../../app/auth/permission.tsx';
import { notify } from '../../app/notify.ts';
import { type Editing, MenuForm } from './menu-form.tsx';
import { menuApi, menuLabel } from './menu-api.ts';
import { SchoolAuth } from './school-auth.tsx';

/** Keeps the nodes matching `key` (name, English name, code or url) with their ancestors. */
function filterTree(list: MenuRow[], key: string): MenuRow[] {
  if (!key) return list;
  const k = key.toLowerCase();
  const out: MenuRow[] = [];
  for (const n of list) {
    const children = filterTree(n.children, key);
    const hit = [n.MenuName, n.MenuEnName, n.code, n.url].some((v) => v?.toLowerCase().includes(k));
    if (hit || children.length) out.push({ ...n, children: hit ? n.children : children });
  }
  return out;
}

/** antd shows an expander for any `children` array; leaves must not have one. */
function forTable(list: MenuRow[]): MenuRow[] {
  return list.map((n) => ({ ...n, children: n.children.length ? forTable(n.children) : (undefined as never) }));
}

/** /sys/menu: the install-wide menu tree with its operations; built-in menus can be edited or hidden. */
export default function MenuPage() {
  const { t, i18n } = useTranslation();
  const [tree, setTree] = useState<MenuRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [authOpen, setAuthOpen] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    menuApi
      .list()
      .then(setTree)
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);

  const data = useMemo(() => forTable(filterTree(tree, search.trim())), [tree, search]);

  const remove = async (row: MenuRow) => {
    await menuApi.remove(row.id);
    notify.success(t('common.success'));
    load();
  };

  const columns: TableColumnsType<MenuRow> = [
    { title: t('menu.field.name'), key: 'name', width: 260, render: (_, r) => menuLabel(r, i18n.language) },
    {
      title: t(i18n.language.startsWith('en') ? 'menu.field.zhName' : 'menu.field.enName'),
      key: 'other',
      width: 220,
      render: (_, r) => (i18n.language.startsWith('en') ? r.MenuName : r.MenuEnName),
    },
    { title: t('menu.field.code'), dataIndex: 'code', width: 240 },
    { title: t('menu.field.url'), dataIndex: 'url', width: 240 },
    { title: t('menu.field.icon'), dataIndex: 'icon', width: 170 },
    { title: t('menu.field.sort'), dataIndex: 'sort', width: 70 },
    {
      title: t('menu.field.functions'),
      key: 'functions',
      width: 90,
      render: (_, r) =>
        r.functions.length ? (
          <Tooltip title={r.functions.map((f) => (i18n.language.startsWith('en') ? f.enName : f.name)).join(', ')}>
            <Tag>{r.functions.length}</Tag>
          </Tooltip>
        ) : null,
    },
    {
      title: t('menu.field.kind'),
      key: 'kind',
      width: 170,
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={r.builtIn ? 'blue' : 'green'}>{t(r.builtIn ? 'menu.kind.builtIn' : 'menu.kind.custom')}</Tag>
          {r.hidden && <Tag>{t('menu.kind.hidden')}</Tag>}
          {r.state !== 1 && <Tag color="red">{t('menu.kind.retired')}</Tag>}
          {r.edited.length > 0 && (
            <Tooltip title={r.edited.join(', ')}>
              <Tag color="orange">{t('menu.kind.edited')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('common.operation'),
      key: 'op',
      fixed: 'right',
      width: 200,
      render: (_, r) => (
        <Space size={0}>
          <Can code="sys.menu:edit">
            <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', row: r })}>
              {t('common.edit')}
            </Button>
          </Can>
          <Can code="sys.menu:add">
            <Button type="link" size="small" onClick={() => setEditing({ mode: 'add', parentId: r.id })}>
              {t('menu.addChild')}
            </Button>
          </Can>
          {!r.builtIn && (
            <Can code="sys.menu:delete">
              <Popconfirm title={t('common.confirmDelete')} onConfirm={() => remove(r)}>
                <Button type="link" size="small" danger>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            </Can>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('menu.searchPlaceholder')}
          onSearch={setSearch}
          style={{ width: 300 }}
        />
        <Can code="sys.menu:add">
          <Button type="primary" onClick={() => setEditing({ mode: 'add', parentId: null })}>
            {t('common.add')}
          </Button>
        </Can>
        <Can code="sys.menu:authorize">
          <Button onClick={() => setAuthOpen(true)}>{t('menu.auth.button')}</Button>
        </Can>
      </Space>
      <Table<MenuRow>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data}
        pagination={false}
        scroll={{ x: 1500, y: 'calc(100vh - 300px)' }}
        expandable={search ? { expandedRowKeys: undefined, defaultExpandAllRows: true } : undefined}
        key={search ? `s:${search}` : 'all'}
      />
      <MenuForm
        editing={editing}
        tree={tree}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          load();
        }}
      />
      <SchoolAuth open={authOpen} tree={tree} onClose={() => setAuthOpen(false)} />
    </Card>
  );
}
