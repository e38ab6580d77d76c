import { PlusOutlined } from '@ant-design/icons';
import type { CaptureNegotiated, CaptureSource, KnownSource } from '@shuyuan/contracts/capture/capture';
import { P } from '@shuyuan/contracts/common/paths';
import { Alert, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { SourceForm } from './capture-source-form.tsx';

const C = `${P}/Capture`;

/**
 * The school's copy-cataloguing sources (SRU servers): tried in order for an ISBN; a source tagged with a
 * vendor endpoint (e.g. LibraryDataGrad_SHTSG) answers that endpoint. Usable on any screen.
 */
export function CaptureSourcesPanel() {
  const { t } = useTranslation();
  const canEdit = usePermission('book-editing-rule:edit');
  const [rows, setRows] = useState<CaptureSource[]>([]);
  const [editing, setEditing] = useState<Partial<CaptureSource> | null>(null);
  const [known, setKnown] = useState<(KnownSource & { name: string; added: boolean })[]>([]);
  const load = useCallback(async () => {
    setRows((await api.post<{ List: CaptureSource[] }>(`${C}/GetSourceList`, { Rows: 200 })).List);
    setKnown(await api.post(`${C}/GetKnownSources`, {}));
  }, []);
  const enable = async (k: KnownSource) => {
    await api.post(`${C}/AddKnownSource`, { key: k.key });
    notify.success(t('capture.known.added'));
    void load().catch(() => {});
  };
  useEffect(() => {
    void load().catch(() => {});
  }, [load]);
  const test = async (s: CaptureSource) => {
    const r = await api.post<{
      ok: boolean;
      total?: number;
      title?: string;
      message?: string;
      ms: number;
      negotiated?: CaptureNegotiated | null;
    }>(`${C}/TestSource`, { id: s.id }, { loading: true });
    if (!r.ok) {
      notify.error(t('capture.test.failed', { message: r.message }));
      return;
    }
    notify.success(t('capture.test.ok', { total: r.total, title: r.title, ms: r.ms }));
    // Z39.50: the character set the server chose for our UTF-8 proposal.
    const n = r.negotiated;
    if (n)
      notify.info(t(n.records ? 'capture.test.charsetRecords' : 'capture.test.charsetOnly', { charset: n.charset }));
  };
  const remove = async (s: CaptureSource) => {
    await api.post(`${C}/DeleteSource`, { ids: [s.id] });
    void load().catch(() => {});
  };
  return (
    <div className="sy-capture-sources">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('capture.sources.explain')} />
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => setEditing({})}>
          {t('capture.sources.add')}
        </Button>
      )}
      {known.some((k) => !k.added) && (
        <Alert
          type="success"
          style={{ marginBottom: 16 }}
          className="sy-known-sources"
          message={t('capture.known.title')}
          description={
            <Space direction="vertical" style={{ width: '100%' }}>
              {known
                .filter((k) => !k.added)
                .map((k) => (
                  <Space key={k.key} wrap>
                    <strong>{k.name}</strong>
                    <span>
                      {k.kind === 'z3950' ? 'Z39.50' : 'SRU'} {k.baseUrl}/{k.database}
                    </span>
                    {!k.verified && <Tag color="orange">{t('capture.known.unverified')}</Tag>}
                    <a href={k.doc} target="_blank" rel="noreferrer">
                      {t('capture.known.doc')}
                    </a>
                    {canEdit && (
                      <Button size="small" type="primary" onClick={() => void enable(k).catch(() => {})}>
                        {t('capture.known.enable')}
                      </Button>
                    )}
                  </Space>
                ))}
            </Space>
          }
        />
      )}
      <Table<CaptureSource>
        rowKey="id"
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('capture.field.sort'), dataIndex: 'sort', width: 70 },
          { title: t('capture.field.name'), dataIndex: 'name' },
          {
            title: t('capture.field.kind'),
            dataIndex: 'kind',
            width: 90,
            render: (v: string) => t(`capture.kind.${v}`),
          },
          {
            title: t('capture.field.baseUrl'),
            key: 'url',
            render: (_, s) => (
              <Space size={4}>
                {`${s.baseUrl}${s.database ? `/${s.database}` : ''}`}
                {s.kind === 'z3950' && s.user && <Tag>{t('capture.field.signIn')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('capture.field.isbnIndex'),
            dataIndex: 'isbnIndex',
            render: (v: string) => v || t('capture.field.bare'),
          },
          {
            title: t('capture.field.vendors'),
            dataIndex: 'vendors',
            render: (v: string[]) => v.map((n) => <Tag key={n}>{t(`capture.route.${n}`)}</Tag>),
          },
          {
            title: t('capture.field.enabled'),
            dataIndex: 'enabled',
            render: (v: boolean) => (v ? t('capture.yes') : t('capture.no')),
          },
          {
            title: t('capture.sources.actions'),
            key: 'a',
            render: (_, s) => (
              <Space>
                <Button size="small" type="link" onClick={() => void test(s).catch(() => {})}>
                  {t('capture.sources.test')}
                </Button>
                {canEdit && (
                  <Button size="small" type="link" onClick={() => setEditing(s)}>
                    {t('capture.sources.edit')}
                  </Button>
                )}
                {canEdit && (
                  <Popconfirm title={t('capture.sources.deleteConfirm')} onConfirm={() => remove(s).catch(() => {})}>
                    <Button size="small" type="link" danger>
                      {t('capture.sources.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <SourceForm
          value={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void load().catch(() => {});
          }}
        />
      )}
    </div>
  );
}
