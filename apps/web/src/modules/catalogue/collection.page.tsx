import { COPY_WARNINGS } from '@shuyuan/contracts/catalogue/collection';
import { CIRC_STATES, STORE_TYPES } from '@shuyuan/contracts/catalogue/copy-state';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { Button, Card, Dropdown, Input, Popconfirm, Select, Space, Statistic, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';
import { ColumnExport } from './column-export.tsx';
import { CopiesBulkEdit } from './copies-bulk-edit.tsx';
import { CopyEditor } from './copy-editor.tsx';
import { type CopyListRow, CopyTable } from './copy-table.tsx';
import { money } from './types.ts';
import { RfidBind } from './rfid-bind.tsx';
import { useEditingConfig, useEditingOptions } from './use-options.ts';

type Filters = Record<string, string | number | undefined>;
interface Sums {
  copies: number;
  records: number;
  unitTotalFen: number;
  discountTotalFen: number;
}

/**
 * /collection — the copy list: search by barcode, RFID, title, call number…, filter by place, state, store
 * and batch, see the totals, edit or delete copies (never one on loan), move many at once, export the
 * chosen columns; the warnings tab lists copies missing a location, call number, price or tag.
 */
export default function CollectionPage() {
  const { t } = useTranslation();
  const can = {
    edit: usePermission('collection:edit'),
    delete: usePermission('collection:delete'),
    export: usePermission('collection:export'),
    print: usePermission('collection:print'),
  };
  const navigate = useNavigate();
  /** The print screens take the selected copies as `?barcodes=` (printing README). */
  const printSelected = (screen: string) => {
    const barcodes = data.List.filter((c) => selected.includes(c.id)).map((c) => c.barcode);
    navigate(`${screen}?barcodes=${encodeURIComponent(barcodes.join(','))}`);
  };
  const opts = useEditingOptions();
  const { config } = useEditingConfig();
  const [binding, setBinding] = useState<CopyListRow | null>(null);
  const [tab, setTab] = useState<'all' | 'warnings'>('all');
  const [types, setTypes] = useState<{ value: string; label: string }[]>([]);
  const [key, setKey] = useState('');
  const [filters, setFilters] = useState<Filters>({ searchType: 'all' });
  const [kind, setKind] = useState<string | undefined>();
  const [page, setPage] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<{ List: CopyListRow[]; Total: number; Counts?: Record<string, number> }>({
    List: [],
    Total: 0,
  });
  const [sums, setSums] = useState<Sums | null>(null);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [bulk, setBulk] = useState(false);

  useEffect(() => {
    api
      .post<{ value: string; label: string }[]>(`${P}/Literature/GetItemCollectionSearchType`, {})
      .then(setTypes)
      .catch(() => {});
  }, []);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      if (tab === 'warnings') {
        setData(await api.post(`${P}/Literature/GetWarningList`, { ...page, kind }));
        setSums(null);
      } else {
        const [list, s] = await Promise.all([
          api.post<{ List: CopyListRow[]; Total: number }>(`${P}/Literature/GetItemsCollection`, {
            ...filters,
            ...page,
          }),
          api.post<Sums>(`${P}/Literature/GetItemsSumPrice`, filters),
        ]);
        setData(list);
        setSums(s);
      }
      setSelected([]);
    } finally {
      setLoading(false);
    }
  }, [tab, filters, page, kind]);
  useEffect(() => {
    void load().catch(() => {});
  }, [load]);
  const reload = () => void load().catch(() => {});
  const set = (patch: Filters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage((p) => ({ ...p, Page: 1 }));
  };
  const removeSelected = async () => {
    const r = await api.post<{ count: number }>(`${P}/Literature/DeleteItemsCollectionInfo`, { ids: selected });
    notify.success(t('catalogue.collection.deleted', { count: r.count }));
    reload();
  };
  const closeEditor = useCallback(() => setEditing(null), []);
  const closeExport = useCallback(() => setExporting(false), []);
  const select = (name: string, options: { value: string | number; label: string }[], width = 140) => (
    <Select
      allowClear
      className={`sy-filter-${name}`}
      style={{ width }}
      placeholder={t(`catalogue.collection.${name}`)}
      value={filters[name]}
      onChange={(v) => set({ [name]: v })}
      options={options}
      showSearch
      optionFilterProp="label"
    />
  );

  const filterBar = (
    <Space wrap style={{ marginBottom: 12 }}>
      <Space.Compact>
        <Select
          style={{ width: 110 }}
          value={filters.searchType}
          onChange={(v) => set({ searchType: v })}
          options={types}
        />
        <Input.Search
          allowClear
          className="sy-collection-search"
          style={{ width: 280 }}
          placeholder={t('catalogue.collection.placeholder')}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          onSearch={(v) => set({ SearchKey: v.trim() })}
        />
      </Space.Compact>
      {select('locationId', opts.locations)}
      {select(
        'circState',
        CIRC_STATES.map((s) => ({ value: s, label: t(`catalogue.state.${s}`) })),
      )}
      {select(
        'storeType',
        STORE_TYPES.map((s) => ({ value: s, label: t(`catalogue.store.${s}`) })),
      )}
      {select('resourceTypeId', opts.types)}
      {select('batchId', opts.batches, 180)}
    </Space>
  );

  return (
    <Card className="sy-collection">
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as typeof tab);
          setPage((p) => ({ ...p, Page: 1 }));
        }}
        items={[
          { key: 'all', label: t('catalogue.collection.tabAll') },
          { key: 'warnings', label: t('catalogue.collection.tabWarnings') },
        ]}
      />
      {tab === 'all' ? (
        filterBar
      ) : (
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            allowClear
            style={{ width: 220 }}
            placeholder={t('catalogue.collection.warningKind')}
            value={kind}
            onChange={(v) => {
              setKind(v);
              setPage((p) => ({ ...p, Page: 1 }));
            }}
            options={COPY_WARNINGS.map((w) => ({
              value: w,
              label: `${t(`catalogue.warning.${w}`)} (${data.Counts?.[w] ?? 0})`,
            }))}
          />
        </Space>
      )}
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        {sums ? (
          <Space size="large" className="sy-collection-sums">
            <Statistic title={t('catalogue.collection.copies')} value={sums.copies} />
            <Statistic title={t('catalogue.collection.records')} value={sums.records} />
            <Statistic title={t('catalogue.collection.unitTotal')} value={money(sums.unitTotalFen)} />
            <Statistic title={t('catalogue.collection.discountTotal')} value={money(sums.discountTotalFen)} />
          </Space>
        ) : (
          <span />
        )}
        <Space>
          {can.edit && (
            <Button disabled={!selected.length} onClick={() => setBulk(true)}>
              {t('catalogue.collection.bulkEdit')}
            </Button>
          )}
          {can.delete && (
            <Popconfirm
              title={t('catalogue.collection.deleteSelected', { count: selected.length })}
              disabled={!selected.length}
              onConfirm={() => removeSelected().catch(() => {})}
            >
              <Button danger disabled={!selected.length}>
                {t('catalogue.collection.delete')}
              </Button>
            </Popconfirm>
          )}
          {can.print && (
            <Dropdown
              disabled={!selected.length}
              menu={{
                items: [
                  { key: '/callnumprint/common', label: t('catalogue.collection.printSpine') },
                  { key: '/barcodeprint', label: t('catalogue.collection.printBarcode') },
                ],
                onClick: ({ key: screen }) => printSelected(screen),
              }}
            >
              <Button className="sy-collection-print" disabled={!selected.length}>
                {t('catalogue.collection.print')}
              </Button>
            </Dropdown>
          )}
          {can.export && tab === 'all' && (
            <Button className="sy-collection-export" onClick={() => setExporting(true)}>
              {t('catalogue.export.button')}
            </Button>
          )}
        </Space>
      </Space>
      <CopyTable
        showTitle
        rows={data.List}
        loading={loading}
        can={can}
        onEdit={(c) => setEditing(c.id)}
        onBind={config.rfidReader === 'none' ? undefined : setBinding}
        reload={reload}
        rowSelection={
          can.edit || can.delete || can.print
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        pagination={specPagination(t, page.Page, page.Rows, data.Total, (p, r) => setPage({ Page: p, Rows: r }))}
      />
      <CopyEditor
        copyId={editing}
        opts={opts}
        onClose={closeEditor}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <RfidBind
        copy={binding}
        readerKind={config.rfidReader}
        onClose={() => setBinding(null)}
        onDone={() => {
          setBinding(null);
          reload();
        }}
      />
      <ColumnExport open={exporting} filters={filters} total={data.Total} onClose={closeExport} />
      <CopiesBulkEdit
        ids={bulk ? selected : []}
        opts={opts}
        onClose={() => setBulk(false)}
        onSaved={() => {
          setBulk(false);
          reload();
        }}
      />
    </Card>
  );
}
