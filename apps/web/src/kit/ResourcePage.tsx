import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { type ExportStarted, opCode, resourcePaths } from '@shuyuan/contracts/kit/resource';
import { App, Button, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, usePermission } from '../app/auth/permission.tsx';
import { useSession } from '../app/auth/session.ts';
import { downloads } from '../app/downloads/downloads.ts';
import { api } from '../app/http.ts';
import { notify } from '../app/notify.ts';
import { renderCell } from './cells.tsx';
import { useColumnChoice } from './columns.tsx';
import { specPagination } from './pagination.ts';
import { type FormState, ResourceForm } from './ResourceForm.tsx';
import { SearchBar } from './SearchBar.tsx';
import type { ExtraAction, ResourcePageDef } from './types.ts';
import { useResourceList } from './useResourceList.ts';

/** A whole simple screen from one definition (see README.md). */
export function ResourcePage<R extends { id: number }>({ def }: { def: ResourcePageDef<R> }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { operations } = useSession();
  const urls = useMemo(() => ({ ...resourcePaths(def.area, def.entity), ...def.paths }), [def]);
  const canAdd = usePermission(opCode(def.permission, 'add')) && def.can?.add !== false;
  const canEdit = usePermission(opCode(def.permission, 'edit')) && def.can?.edit !== false;
  const canDelete = usePermission(opCode(def.permission, 'delete')) && def.can?.delete !== false;
  const canExport = usePermission(opCode(def.permission, 'export')) && !!def.exportable;
  const allowed = (a: ExtraAction<R>) => !a.permission || hasPermission(a.permission, operations);

  const [page, setPage] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [selected, setSelected] = useState<R[]>([]);
  const [formState, setFormState] = useState<FormState | null>(null);
  const body = def.tree
    ? { ...def.listBody, ...filters, Tree: true, Page: 1, Rows: 500 }
    : { ...def.listBody, ...filters, ...page };
  const { data, loading, reload } = useResourceList<R>(urls.list, body);

  const helpers = {
    reload,
    selected,
    openAdd: (initial?: Record<string, unknown>) => setFormState({ mode: 'add', initial }),
  };

  const remove = (rows: R[]) =>
    modal.confirm({
      title: t('kit.delete.title'),
      content: t('kit.delete.confirm', { count: rows.length }),
      okButtonProps: { danger: true },
      okText: t('kit.delete.ok'),
      cancelText: t('kit.form.cancel'),
      onOk: async () => {
        await api.post(urls.delete, { ids: rows.map((r) => r.id) });
        notify.success(t('kit.delete.done'));
        setSelected([]);
        def.onChange?.();
        // Deleting the last rows of the last page: step back so the user does not see an empty page.
        const left = data.Total - rows.length;
        if (!def.tree && page.Page > 1 && left <= (page.Page - 1) * page.Rows)
          setPage({ ...page, Page: page.Page - 1 });
        else void reload();
      },
    });

  const exportList = async () => {
    const r = await api.post<ExportStarted>(urls.export, { ...def.listBody, ...filters });
    downloads.track({ id: r.DataID, fileName: r.FileName });
    notify.success(t('kit.export.started'));
  };

  const rowActions = (def.rowActions ?? []).filter(allowed);
  const allColumns: TableColumnsType<R> = def.fields
    .filter((f) => f.inTable !== false)
    .map((f) => ({
      key: f.name,
      title: t(f.label),
      width: f.width,
      render: (_: unknown, row: R) => renderCell(f, row),
    }));
  if (canEdit || canDelete || rowActions.length)
    allColumns.push({
      key: '_ops',
      title: t('kit.table.operation'),
      fixed: 'right',
      width: 80 + 60 * rowActions.length,
      render: (_: unknown, row: R) => (
        <Space size={0} wrap>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setFormState({ mode: 'edit', row })}>
              {t('kit.action.edit')}
            </Button>
          )}
          {rowActions.map((a) => (
            <Button key={a.key} type="link" size="small" danger={a.danger} onClick={() => a.onClick(row, helpers)}>
              {t(a.label)}
            </Button>
          ))}
          {canDelete && (def.deletable?.(row) ?? true) && (
            <Button type="link" size="small" danger onClick={() => remove([row])}>
              {t('kit.action.delete')}
            </Button>
          )}
        </Space>
      ),
    });

  const { columns, chooser } = useColumnChoice(
    `${def.area}.${def.entity}`,
    allColumns,
    Object.fromEntries(def.fields.map((f) => [f.name, f.priority])),
  );

  return (
    <div className="kit-resource-page">
      <SearchBar
        fields={def.fields.filter((f) => f.inSearch)}
        listUrl={urls.list}
        onSearch={(v) => {
          // Unchanged conditions on page 1 change no state, yet a librarian expects fresh rows: load now.
          if (page.Page === 1 && JSON.stringify(v) === JSON.stringify(filters)) void reload();
          setFilters(v);
          setPage((p) => ({ ...p, Page: 1 }));
        }}
      />
      <Space style={{ marginBottom: 12 }} wrap>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormState({ mode: 'add' })}>
            {t('kit.action.add')}
          </Button>
        )}
        {canDelete && (
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(selected)}>
            {t('kit.action.deleteSelected', { count: selected.length })}
          </Button>
        )}
        {canExport && (
          <Button icon={<DownloadOutlined />} onClick={exportList}>
            {t('kit.action.export')}
          </Button>
        )}
        {(def.toolbar ?? []).filter(allowed).map((a) => (
          <Button key={a.key} danger={a.danger} onClick={() => a.onClick(undefined, helpers)}>
            {t(a.label)}
          </Button>
        ))}
        {chooser}
      </Space>
      <Table<R>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.List}
        scroll={{ x: 'max-content' }}
        rowSelection={
          canDelete || def.selectable
            ? {
                selectedRowKeys: selected.map((r) => r.id),
                onChange: (_k, rows) => setSelected(rows),
                getCheckboxProps: (row) => ({ disabled: !(def.deletable?.(row) ?? true) }),
              }
            : undefined
        }
        pagination={
          def.tree
            ? false
            : specPagination(t, page.Page, page.Rows, data.Total, (Page, Rows) =>
                setPage({ Page: Rows === page.Rows ? Page : 1, Rows }),
              )
        }
      />
      <ResourceForm
        def={def}
        urls={urls}
        state={formState}
        onClose={() => setFormState(null)}
        onSaved={() => {
          setFormState(null);
          void reload();
          def.onChange?.();
        }}
      />
    </div>
  );
}
