import { PlusOutlined } from '@ant-design/icons';
import {
  CAPTURE_CHARSETS,
  CAPTURE_KINDS,
  CAPTURE_ROUTES,
  type CaptureSource,
  CaptureSourceCreate,
  type KnownSource,
  SRU_VERSIONS,
  Z3950_SYNTAXES,
} from '@shuyuan/contracts/capture/capture';
import { P } from '@shuyuan/contracts/common/paths';
import { Alert, Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { ApiError, api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

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
    const r = await api.post<{ ok: boolean; total?: number; title?: string; message?: string; ms: number }>(
      `${C}/TestSource`,
      { id: s.id },
      { loading: true },
    );
    if (r.ok) notify.success(t('capture.test.ok', { total: r.total, title: r.title, ms: r.ms }));
    else notify.error(t('capture.test.failed', { message: r.message }));
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
            render: (_, s) => `${s.baseUrl}${s.database ? `/${s.database}` : ''}`,
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

function SourceForm({ value, onClose }: { value: Partial<CaptureSource>; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch('kind', form) ?? value.kind ?? 'sru';
  const initial = { ...CaptureSourceCreate.parse({ name: 'x', baseUrl: 'http://x' }), name: '', baseUrl: '', ...value };
  const save = async () => {
    const v = form.getFieldsValue(true);
    const parsed = CaptureSourceCreate.safeParse({ ...v, database: v.database ?? '', isbnIndex: v.isbnIndex ?? '' });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as string[], errors: [t(i.message)] })));
      return;
    }
    setBusy(true);
    try {
      await api.post(value.id ? `${C}/UpdateSource` : `${C}/AddSource`, {
        ...parsed.data,
        ...(value.id ? { id: value.id } : {}),
      });
      onClose(true);
    } catch (e) {
      if (e instanceof ApiError && e.issues)
        form.setFields(e.issues.map((i) => ({ name: [i.path], errors: [i.message] })));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={640}
      title={t(value.id ? 'capture.sources.edit' : 'capture.sources.add')}
      okButtonProps={{ loading: busy }}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Space wrap>
          <Form.Item name="name" label={t('capture.field.name')} required>
            <Input maxLength={60} style={{ width: 300 }} />
          </Form.Item>
          <Form.Item name="kind" label={t('capture.field.kind')}>
            <Select
              style={{ width: 120 }}
              options={CAPTURE_KINDS.map((k) => ({ value: k, label: t(`capture.kind.${k}`) }))}
              onChange={(k) => form.setFieldValue('recordSchema', k === 'z3950' ? 'usmarc' : 'marcxml')}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="baseUrl"
          label={t('capture.field.baseUrl')}
          required
          extra={t(kind === 'z3950' ? 'capture.field.hostPortHint' : 'capture.field.baseUrlHint')}
        >
          <Input
            placeholder={t(kind === 'z3950' ? 'capture.field.hostPortPlaceholder' : 'capture.field.baseUrlPlaceholder')}
          />
        </Form.Item>
        <Space wrap>
          <Form.Item name="database" label={t('capture.field.database')} required={kind === 'z3950'}>
            <Input style={{ width: 160 }} placeholder={t('capture.field.databasePlaceholder')} />
          </Form.Item>
          {kind === 'z3950' ? (
            <Form.Item name="recordSchema" label={t('capture.field.syntax')}>
              <Select
                style={{ width: 160 }}
                options={Z3950_SYNTAXES.map((v) => ({ value: v, label: t(`capture.syntax.${v}`) }))}
              />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="version" label={t('capture.field.version')}>
                <Select style={{ width: 90 }} options={SRU_VERSIONS.map((v) => ({ value: v, label: v }))} />
              </Form.Item>
              <Form.Item name="recordSchema" label={t('capture.field.recordSchema')}>
                <Input style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name="isbnIndex" label={t('capture.field.isbnIndex')}>
                <Input style={{ width: 120 }} placeholder={t('capture.field.bare')} />
              </Form.Item>
            </>
          )}
          <Form.Item name="charset" label={t('capture.field.charset')}>
            <Select
              style={{ width: 150 }}
              options={CAPTURE_CHARSETS.map((v) => ({ value: v, label: t(`capture.charset.${v}`) }))}
            />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="timeoutMs" label={t('capture.field.timeoutMs')}>
            <InputNumber min={1000} max={60000} step={1000} />
          </Form.Item>
          <Form.Item name="sort" label={t('capture.field.sort')}>
            <InputNumber min={0} max={9999} />
          </Form.Item>
          <Form.Item name="enabled" label={t('capture.field.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="vendors" label={t('capture.field.vendors')} extra={t('capture.field.vendorsHint')}>
          <Select mode="multiple" options={CAPTURE_ROUTES.map((n) => ({ value: n, label: t(`capture.route.${n}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
