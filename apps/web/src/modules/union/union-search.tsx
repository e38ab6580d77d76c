import { P } from '@shuyuan/contracts/common/paths';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import type { UnionFacetName, UnionFacets, UnionHit, UnionSearchResult } from '@shuyuan/contracts/union/union';
import { Alert, Button, Input, Select, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { type RemoteActions, RemoteHits, titleColumns, useRemoteSearch } from './remote-hits.tsx';

export interface MyUnion {
  id: number;
  name: string;
  role: string;
  share: string;
}

/** The unions the school is a passed member of; the first is picked. */
export function useMyUnions() {
  const [list, setList] = useState<MyUnion[] | null>(null);
  useEffect(() => {
    api
      .post<MyUnion[]>(`${P}/Union/GetMyUnions`, {})
      .then(setList)
      .catch(() => setList([]));
  }, []);
  return list;
}

const FIELDS = ['all', 'title', 'author', 'isbn', 'publisher'] as const;
const FACETS: UnionFacetName[] = ['school', 'available', 'classLetter', 'year', 'language'];

interface Query {
  unionId?: number;
  SearchKey: string;
  field?: string;
  facets: UnionFacets;
  Page: number;
  Rows: number;
}

/**
 * A union search screen's body: the union, the field and the text, facet chips, and the hits with their holdings
 * per school. `url` is the endpoint (P/Union/Search or CatalogSearch); `actions` adds a column of the screen's own.
 */
export function UnionSearchView<H extends UnionHit>({
  url,
  actions,
  reloadKey = 0,
  notice,
  remote,
}: {
  url: string;
  actions?: { title: string; width: number; render: (hit: H, unionId: number) => ReactNode };
  reloadKey?: number;
  notice?: ReactNode;
  /** The union's remote members (other deployments), asked apart and shown on a tab of their own. */
  remote?: { url: string; actions?: RemoteActions; notice?: ReactNode };
}) {
  const { t } = useTranslation();
  const unions = useMyUnions();
  const [field, setField] = useState<(typeof FIELDS)[number]>('all');
  const [q, setQ] = useState<Query>({ SearchKey: '', facets: {}, Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<(Omit<UnionSearchResult, 'List'> & { List: H[] }) | null>(null);
  const unionId = q.unionId ?? unions?.[0]?.id;
  const far = useRemoteSearch(remote?.url, unionId, q.SearchKey, q.field, reloadKey);
  const run = useCallback(() => {
    if (!q.SearchKey || !unionId) return;
    api
      .post<Omit<UnionSearchResult, 'List'> & { List: H[] }>(url, { ...q, unionId })
      .then(setData)
      .catch(() => {});
  }, [q, unionId, url]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for the same search again
  useEffect(run, [run, reloadKey]);
  if (unions && !unions.length) return <Alert type="info" showIcon message={t('union.search.noUnion')} />;
  const facet = (name: UnionFacetName, value: unknown) =>
    setQ((o) => ({
      ...o,
      Page: 1,
      facets: { ...o.facets, [name === 'school' ? 'schoolId' : name]: value },
    }));
  const picked = Object.keys(q.facets).length > 0;
  const columns: ColumnsType<H> = [
    ...titleColumns<H>(t),
    {
      title: t('union.search.holdings'),
      width: 260,
      render: (_, r) => (
        <Space direction="vertical" size={0} className="sy-union-holdings">
          {r.holdings.map((h) => (
            <span key={h.recordId} data-school={h.schoolName}>
              {t('union.search.holding', { school: h.schoolName, available: h.available, copies: h.copies })}
              {h.lends ? <Tag style={{ marginInlineStart: 6 }}>{t('union.search.lends')}</Tag> : null}
            </span>
          ))}
        </Space>
      ),
    },
  ];
  if (actions && unionId)
    columns.push({ title: actions.title, width: actions.width, render: (_, r) => actions.render(r, unionId) });
  const local = data && (
    <Table<H>
      size="small"
      rowKey="recordId"
      className="sy-union-hits"
      scroll={{ x: 1200 }}
      dataSource={data.List}
      locale={{ emptyText: t('union.search.empty') }}
      pagination={{
        ...specPagination(t, q.Page, q.Rows, data.Total, (Page, Rows) => setQ((o) => ({ ...o, Page, Rows }))),
        // Past the cap the search counts no further: "more than 3,000", not a total that is wrong.
        ...(data.More ? { showTotal: (n: number) => t('union.search.more', { count: n }) } : {}),
      }}
      columns={columns}
    />
  );
  return (
    <>
      {notice}
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 200 }}
          aria-label={t('union.search.union')}
          placeholder={t('union.search.pickUnion')}
          value={unionId}
          onChange={(v) => setQ((o) => ({ ...o, unionId: v, facets: {}, Page: 1 }))}
          options={(unions ?? []).map((u) => ({ value: u.id, label: u.name }))}
        />
        <Select
          style={{ width: 110 }}
          value={field}
          onChange={setField}
          options={FIELDS.map((f) => ({ value: f, label: t(`union.search.field.${f}`) }))}
        />
        <Input.Search
          allowClear
          className="sy-union-search"
          style={{ width: 380 }}
          placeholder={t('union.search.placeholder')}
          enterButton={t('union.search.search')}
          onSearch={(v) =>
            setQ((o) => ({
              ...o,
              SearchKey: v.trim(),
              field: field === 'all' ? undefined : field,
              facets: {},
              Page: 1,
            }))
          }
        />
      </Space>
      {data?.Updating && (
        <Alert
          type="info"
          showIcon
          className="sy-union-updating"
          style={{ marginBottom: 12 }}
          message={t('union.search.updating')}
        />
      )}
      {data && (
        <Space wrap size={[4, 4]} style={{ marginBottom: 12 }}>
          {FACETS.flatMap((name) =>
            data.Facets[name].length
              ? [
                  <Typography.Text key={name} type="secondary" style={{ marginInlineStart: 8 }}>
                    {t(`union.search.facet.${name}`)}:
                  </Typography.Text>,
                  ...data.Facets[name].slice(0, 8).map((f) => (
                    <Tag.CheckableTag
                      key={`${name}-${String(f.value)}`}
                      checked={false}
                      onChange={() => facet(name, f.value)}
                    >
                      {name === 'available' ? t('union.search.facet.available') : (f.label ?? String(f.value))} (
                      {f.count})
                    </Tag.CheckableTag>
                  )),
                ]
              : [],
          )}
          {picked && (
            <Button size="small" onClick={() => setQ((o) => ({ ...o, facets: {}, Page: 1 }))}>
              {t('union.search.clear')}
            </Button>
          )}
        </Space>
      )}
      {data && far.data?.remotes.length && unionId ? (
        <Tabs
          className="sy-union-tabs"
          items={[
            { key: 'local', label: t('union.remote.tabLocal', { count: data.Total }), children: local },
            {
              key: 'remote',
              label: (
                <span className="sy-union-remote-tab">
                  {t('union.remote.tab', { count: far.data.List.length })} {far.loading && <Spin size="small" />}
                </span>
              ),
              children: (
                <RemoteHits
                  data={far.data}
                  loading={far.loading}
                  unionId={unionId}
                  actions={remote?.actions}
                  notice={remote?.notice}
                />
              ),
            },
          ]}
        />
      ) : (
        data && local
      )}
    </>
  );
}
