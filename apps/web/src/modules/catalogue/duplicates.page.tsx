import {
  type DuplicateGroup,
  type DuplicateRecord,
  MATCH_KINDS,
  type MatchKind,
} from '@shuyuan/contracts/catalogue/duplicates';
import { P } from '@shuyuan/contracts/common/paths';
import { PAGE_SIZES } from '@shuyuan/contracts/common/envelope';
import { App, Button, Card, Empty, List, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';

const CODE = 'record-duplicates';
type Field = Exclude<keyof DuplicateRecord, 'id'>;
const FIELDS: Field[] = [
  'title',
  'author',
  'publisher',
  'pubYear',
  'isbn',
  'issn',
  'classNo',
  'bookNo',
  'control',
  'copies',
  'onLoan',
];

/**
 * /record-duplicates (issue 14 §2): the school's records sharing a match key (001+003, 035, ISBN, ISSN, title +
 * author + year), each group side by side. A cataloguer keeps one record (the others' copies move to it and they
 * are deleted) or marks the group as different editions.
 */
export default function DuplicatesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canMerge = usePermission(`${CODE}:merge`);
  const [kind, setKind] = useState<MatchKind | undefined>();
  const [page, setPage] = useState({ Page: 1, Rows: 10 });
  const [data, setData] = useState<{ List: DuplicateGroup[]; Total: number } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setBusy(true);
    try {
      setData(await api.post(`${P}/Catalogue/DuplicateGroups`, { ...page, kind }));
    } catch {
      // the message is shown by the client
    } finally {
      setBusy(false);
    }
  }, [page, kind]);
  useEffect(() => {
    void load();
  }, [load]);

  // The whole group in one request: all of it is merged, or nothing is (another desk merging it first wins).
  const keep = async (g: DuplicateGroup, r: DuplicateRecord) => {
    try {
      const { copies } = await api.post<{ copies: number }>(`${P}/Catalogue/MergeRecords`, {
        keepId: r.id,
        dropIds: g.records.filter((x) => x.id !== r.id).map((x) => x.id),
      });
      message.success(t('catalogue.duplicates.merged', { id: r.id, count: copies }));
    } catch {
      // the message is shown by the client
    }
    await load();
  };
  const different = async (g: DuplicateGroup) => {
    try {
      await api.post(`${P}/Catalogue/NotDuplicates`, { ids: g.records.map((r) => r.id) });
      message.success(t('catalogue.duplicates.marked'));
    } catch {
      // the message is shown by the client
    }
    await load();
  };

  const group = (g: DuplicateGroup) => {
    const rows = FIELDS.map((f) => ({ f, values: g.records.map((r) => r[f]) }));
    const differs = (values: unknown[]) => new Set(values.map((v) => String(v ?? ''))).size > 1;
    return (
      <Card
        size="small"
        title={
          <Space wrap>
            {g.keys.map((k) => (
              <Tag key={`${k.kind}${k.value}`} color="orange">
                {t(`catalogue.duplicates.kind.${k.kind}`)}: {k.value}
              </Tag>
            ))}
          </Space>
        }
        extra={
          canMerge && (
            <Popconfirm title={t('catalogue.duplicates.differentConfirm')} onConfirm={() => different(g)}>
              <Button size="small">{t('catalogue.duplicates.different')}</Button>
            </Popconfirm>
          )
        }
      >
        <Table
          size="small"
          pagination={false}
          scroll={{ x: true }}
          rowKey="f"
          dataSource={rows}
          columns={[
            {
              title: '',
              dataIndex: 'f',
              width: 130,
              fixed: 'left',
              render: (f: Field) => <Typography.Text strong>{t(`catalogue.duplicates.field.${f}`)}</Typography.Text>,
            },
            ...g.records.map((r, i) => ({
              key: r.id,
              title: (
                <Space direction="vertical" size={4}>
                  <span>{t('catalogue.duplicates.record', { id: r.id })}</span>
                  {canMerge && (
                    <Popconfirm
                      title={t('catalogue.duplicates.keepConfirm', {
                        id: r.id,
                        others: g.records.length - 1,
                        copies: g.records.filter((x) => x.id !== r.id).reduce((n, x) => n + x.copies, 0),
                      })}
                      onConfirm={() => keep(g, r)}
                    >
                      <Button size="small" type="primary">
                        {t('catalogue.duplicates.keep')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
              render: (_: unknown, row: (typeof rows)[number]) => {
                const v = row.values[i];
                const text = v === null || v === '' ? '—' : String(v);
                return differs(row.values) ? <Typography.Text mark>{text}</Typography.Text> : text;
              },
            })),
          ]}
        />
      </Card>
    );
  };

  return (
    <Card className="sy-record-duplicates">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('catalogue.duplicates.hint')}</Typography.Text>
        <Space wrap>
          <span>{t('catalogue.duplicates.kindLabel')}</span>
          <Select<MatchKind | 'all'>
            style={{ minWidth: 220 }}
            value={kind ?? 'all'}
            onChange={(v) => {
              setKind(v === 'all' ? undefined : v);
              setPage((p) => ({ ...p, Page: 1 }));
            }}
            options={[
              { value: 'all', label: t('catalogue.duplicates.kindAll') },
              ...MATCH_KINDS.map((k) => ({ value: k, label: t(`catalogue.duplicates.kind.${k}`) })),
            ]}
          />
          <Button onClick={() => void load()} loading={busy}>
            {t('catalogue.duplicates.refresh')}
          </Button>
          {data && <span>{t('catalogue.duplicates.total', { count: data.Total })}</span>}
        </Space>
        <List<DuplicateGroup>
          loading={busy}
          dataSource={data?.List ?? []}
          locale={{ emptyText: <Empty description={t('catalogue.duplicates.none')} /> }}
          renderItem={(g) => <List.Item key={g.records.map((r) => r.id).join('-')}>{group(g)}</List.Item>}
          pagination={{
            current: page.Page,
            pageSize: page.Rows,
            total: data?.Total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            onChange: (Page, Rows) => setPage({ Page, Rows }),
          }}
        />
      </Space>
    </Card>
  );
}
