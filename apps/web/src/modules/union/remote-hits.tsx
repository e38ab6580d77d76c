import type { RemoteHit, UnionRemoteSearchResult } from '@shuyuan/contracts/union/remote';
import type { UnionHit } from '@shuyuan/contracts/union/union';
import type { TFunction } from 'i18next';
import { Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';

type Book = Pick<UnionHit, 'title' | 'author' | 'publisher' | 'pubYear' | 'isbn' | 'classNo'>;

/** The columns of a hit's title, author, publisher, year, ISBN and class (local and remote hits alike). */
export function titleColumns<H extends Book>(t: TFunction): ColumnsType<H> {
  return [
    {
      title: t('union.search.title'),
      dataIndex: 'title',
      width: 280,
      render: (v, r) => (
        <span>
          <Typography.Text strong>{v}</Typography.Text>
          {r.author ? <Typography.Text type="secondary"> / {r.author}</Typography.Text> : null}
        </span>
      ),
    },
    { title: t('union.search.publisher'), dataIndex: 'publisher', width: 150 },
    { title: t('union.search.year'), dataIndex: 'pubYear', width: 80 },
    { title: 'ISBN', dataIndex: 'isbn', width: 140 },
    { title: t('union.search.classNo'), dataIndex: 'classNo', width: 100 },
  ];
}

export interface RemoteActions {
  title: string;
  width: number;
  render: (hit: RemoteHit, unionId: number) => ReactNode;
}

/**
 * The union search's text asked of the union's remote members, in a request of its own (a slow or dead remote never
 * holds up the local hits). `null` until a union has answered; `loading` while a search is out.
 */
export function useRemoteSearch(
  url: string | undefined,
  unionId: number | undefined,
  SearchKey: string,
  field: string | undefined,
  reloadKey: number,
) {
  const [data, setData] = useState<UnionRemoteSearchResult | null>(null);
  const [loading, setLoading] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for the same search again
  useEffect(() => {
    if (!url || !unionId || !SearchKey) return;
    let live = true;
    setLoading(true);
    api
      .post<UnionRemoteSearchResult>(url, { unionId, SearchKey, field }, { showError: false })
      .then((d) => live && setData(d))
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [url, unionId, SearchKey, field, reloadKey]);
  return { data, loading };
}

/** Each remote member's status (how many it holds, or why it gave nothing) and the records it answered. */
export function RemoteHits({
  data,
  loading,
  unionId,
  actions,
  notice,
}: {
  data: UnionRemoteSearchResult;
  loading: boolean;
  unionId: number;
  actions?: RemoteActions;
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const columns: ColumnsType<RemoteHit> = [
    { title: t('union.remote.school'), dataIndex: 'remoteName', width: 160 },
    ...titleColumns<RemoteHit>(t),
  ];
  if (actions)
    columns.push({ title: actions.title, width: actions.width, render: (_, r) => actions.render(r, unionId) });
  return (
    <>
      {notice}
      <Space wrap size={[4, 4]} style={{ marginBottom: 12 }} className="sy-union-remote-status">
        {data.remotes.map((r) => (
          <Tag key={r.id} color={r.ok ? 'green' : 'red'} data-remote={r.name}>
            {r.ok
              ? t('union.remote.found', { name: r.name, count: r.total })
              : t('union.remote.failedAt', { name: r.name, message: r.message })}
          </Tag>
        ))}
      </Space>
      <Table<RemoteHit>
        size="small"
        rowKey="key"
        className="sy-union-remote-hits"
        scroll={{ x: 1100 }}
        loading={loading}
        dataSource={data.List}
        locale={{ emptyText: t('union.remote.empty') }}
        pagination={false}
        columns={columns}
      />
    </>
  );
}
