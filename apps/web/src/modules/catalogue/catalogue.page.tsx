import { DownOutlined, ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { RECORD_SORTS, type RecordSort, SEARCH_FIELDS } from '@shuyuan/contracts/catalogue/record';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import type { ExportStarted } from '@shuyuan/contracts/kit/resource';
import { Button, Card, Dropdown, Input, Popconfirm, Select, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { useSession } from '../../app/auth/session.ts';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { findMenu } from '../../app/layout/menu.ts';
import { specPagination } from '../../kit/pagination.ts';
import { AddCopies } from './add-copies.tsx';
import { CopiesPanel } from './copies-panel.tsx';
import { CopyEditor } from './copy-editor.tsx';
import { FacetColumn } from './facet-column.tsx';
import { RecordEditor } from './record-editor.tsx';
import { CODE, type Facets, money, type RecordRow } from './types.ts';
import { useColumnChoice } from '../../kit/columns.tsx';
import { useLocations } from './use-locations.ts';
import { useEditingOptions } from './use-options.ts';

/** Where records are imported: MARC files and the Excel catalogue sheet. */
const IMPORT_SCREENS = [
  { path: '/marc-import', labelKey: 'catalogue.recordImport.marc' },
  { path: '/marc-catalog-import', labelKey: 'catalogue.recordImport.excel' },
];

interface Query {
  Page: number;
  Rows: number;
  SearchKey: string;
  field?: (typeof SEARCH_FIELDS)[number];
  sort: RecordSort;
  facets: Record<string, unknown>;
}

/**
 * /resource-mana/resource/catalog: find records (fields, facets, four orders), edit or delete them, add copies,
 * edit a copy and move it between the states a librarian may set by hand.
 */
export default function CataloguePage() {
  const { t } = useTranslation();
  const canAdd = usePermission(`${CODE}:add`);
  const canEdit = usePermission(`${CODE}:edit`);
  const canDelete = usePermission(`${CODE}:delete`);
  const canExport = usePermission(`${CODE}:export`);
  // Records come in through the two import screens; their own permissions decide who imports.
  const { menus } = useSession();
  const imports = IMPORT_SCREENS.filter((s) => findMenu(menus, s.path));
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const opts = useEditingOptions();
  const typeName = (id: number) => opts.types.find((o) => o.value === id)?.label ?? String(id);
  const [copyEditing, setCopyEditing] = useState<number | null>(null);
  // The copy editor reloads its copy when onClose changes: keep it stable.
  const closeCopyEditor = useCallback(() => setCopyEditing(null), []);
  const locations = useLocations();
  const locationName = (id: number) => locations.find((l) => l.value === id)?.label ?? String(id);
  const [q, setQ] = useState<Query>({ Page: 1, Rows: PAGE_SIZE_DEFAULT, SearchKey: '', sort: 'relevance', facets: {} });
  const [key, setKey] = useState('');
  const [data, setData] = useState<{ List: RecordRow[]; Total: number; Facets?: Facets }>({ List: [], Total: 0 });
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<RecordRow | 'new' | null>(null);
  // Result rows carry only the list columns: the editor saves every field, so it edits the whole record.
  const openEdit = async (r: RecordRow) =>
    setEditing({
      ...(await api.post<Omit<RecordRow, 'copies'>>(`${P}/Catalogue/GetRecord`, { id: r.id })),
      copies: r.copies,
    });
  const [adding, setAdding] = useState<RecordRow | null>(null);
  const [stamp, setStamp] = useState(0);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await api.post(`${P}/Catalogue/SearchRecords`, q));
    } finally {
      setLoading(false);
    }
  }, [q]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: stamp is the reload signal
  useEffect(() => {
    void load().catch(() => {});
  }, [load, stamp]);
  const reload = () => setStamp((s) => s + 1);
  // The export has every record this search finds (same text, field, facets and order), written by a task.
  const exportAll = async () => {
    setExporting(true);
    try {
      const { Page: _p, Rows: _r, ...search } = q;
      const job = await api.post<ExportStarted>(`${P}/Catalogue/ExportRecords`, search);
      downloads.track({ id: job.DataID, fileName: job.FileName });
    } finally {
      setExporting(false);
    }
  };
  const set = (patch: Partial<Query>) => setQ((old) => ({ ...old, Page: 1, ...patch }));
  // DeleteBookAllRecords: the record and its copies, all or none; refused (with the barcodes) while one is on loan.
  const remove = async (r: RecordRow) => {
    await api.post(`${P}/Literature/DeleteBookAllRecords`, { ids: [r.id] });
    notify.success(t('catalogue.record.deleted'));
    reload();
  };

  // The record list's columns: class number, price and copies are key to a cataloguer and come first; the
  // ISBN shows from 1200 px, the publisher and year from 1600 px (issue 14 §4). The user may show or hide any (remembered per user).
  const { columns, chooser } = useColumnChoice<RecordRow>(
    'catalogue.records',
    [
      { key: 'title', title: t('catalogue.field.title'), dataIndex: 'title', width: 220, ellipsis: true },
      { key: 'author', title: t('catalogue.field.author'), dataIndex: 'author', width: 120, ellipsis: true },
      { key: 'classNo', title: t('catalogue.field.classNo'), dataIndex: 'classNo', width: 100 },
      {
        key: 'price',
        title: t('catalogue.field.price'),
        width: 90,
        align: 'right',
        render: (_, r) => money(r.priceFen),
      },
      { key: 'copies', title: t('catalogue.copies.title'), dataIndex: 'copies', width: 70, align: 'right' },
      { key: 'publisher', title: t('catalogue.field.publisher'), dataIndex: 'publisher', width: 140, ellipsis: true },
      { key: 'isbn', title: t('catalogue.field.isbn'), dataIndex: 'isbn', width: 140 },
      { key: 'pubYear', title: t('catalogue.field.pubYear'), dataIndex: 'pubYear', width: 70 },
    ],
    { publisher: 3, isbn: 2, pubYear: 3 },
  );

  return (
    <Card className="sy-catalogue">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          className="sy-catalogue-field"
          style={{ width: 130 }}
          value={q.field ?? 'all'}
          onChange={(v: string) => set({ field: v === 'all' ? undefined : (v as Query['field']) })}
          options={['all', ...SEARCH_FIELDS].map((f) => ({ value: f, label: t(`catalogue.search.${f}`) }))}
        />
        <Input.Search
          allowClear
          style={{ width: 320 }}
          placeholder={t('catalogue.search.placeholder')}
          enterButton={t('catalogue.search.button')}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          onSearch={(v) => set({ SearchKey: v.trim(), facets: {} })}
        />
        <Select
          className="sy-catalogue-sort"
          style={{ width: 140 }}
          value={q.sort}
          onChange={(sort) => set({ sort })}
          options={RECORD_SORTS.map((s) => ({ value: s, label: t(`catalogue.sort.${s}`) }))}
        />
        {canAdd && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('catalogue.record.add')}
          </Button>
        )}
        {canExport && (
          <Button
            className="sy-catalogue-export"
            icon={<ExportOutlined />}
            loading={exporting}
            disabled={!data.Total}
            onClick={() => void exportAll().catch(() => {})}
          >
            {t('catalogue.recordExport.button', { count: data.Total })}
          </Button>
        )}
        {imports.length > 0 && (
          <Dropdown
            menu={{
              items: imports.map((s) => ({ key: s.path, label: t(s.labelKey) })),
              onClick: ({ key }) => navigate(key),
            }}
          >
            <Button className="sy-catalogue-import" icon={<ImportOutlined />}>
              {t('catalogue.recordImport.button')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
        {chooser}
      </Space>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <FacetColumn
          facets={data.Facets}
          picked={q.facets}
          locationName={locationName}
          typeName={typeName}
          onPick={(f, v) => set({ facets: { ...q.facets, [f]: v } })}
        />
        <Table<RecordRow>
          style={{ flex: 1, minWidth: 0 }}
          rowKey="id"
          size="middle"
          loading={loading}
          dataSource={data.List}
          scroll={{ x: 'max-content' }}
          expandable={{
            expandedRowRender: (r) => (
              <CopiesPanel recordId={r.id} stamp={stamp} locationName={locationName} onEdit={setCopyEditing} />
            ),
          }}
          pagination={specPagination(t, q.Page, q.Rows, data.Total, (Page, Rows) =>
            setQ((o) => ({ ...o, Page, Rows })),
          )}
          columns={[
            ...columns,
            {
              title: t('catalogue.operation'),
              width: 200,
              fixed: 'right',
              render: (_, r) => (
                <Space size={0}>
                  {canEdit && (
                    <Button type="link" size="small" onClick={() => void openEdit(r)}>
                      {t('catalogue.record.edit')}
                    </Button>
                  )}
                  {canAdd && (
                    <Button type="link" size="small" onClick={() => setAdding(r)}>
                      {t('catalogue.copies.add')}
                    </Button>
                  )}
                  {canDelete && (
                    <Popconfirm title={t('catalogue.record.deleteConfirm')} onConfirm={() => remove(r).catch(() => {})}>
                      <Button type="link" size="small" danger className="sy-record-delete">
                        {t('catalogue.record.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </div>
      <RecordEditor
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <CopyEditor
        copyId={copyEditing}
        opts={opts}
        onClose={closeCopyEditor}
        onSaved={() => {
          setCopyEditing(null);
          reload();
        }}
      />
      <AddCopies
        record={adding}
        locations={locations}
        onClose={() => setAdding(null)}
        onSaved={() => {
          setAdding(null);
          reload();
        }}
      />
    </Card>
  );
}
