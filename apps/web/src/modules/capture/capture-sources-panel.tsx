import { PlusOutlined } from '@ant-design/icons';
import {
  CAPTURE_ROUTES,
  type CaptureSource,
  CaptureSourceCreate,
  SRU_VERSIONS,
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
  const load = useCallback(
    async () => setRows((await api.post<{ List: CaptureSource[] }>(`${C}/GetSourceList`, { Rows: 200 })).List),
    [],
  );
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
      <Table<CaptureSource>
        rowKey="id"
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('capture.field.sort'), dataIndex: 'sort', width: 70 },
          { title: t('capture.field.name'), dataIndex: 'name' },
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
        <Form.Item name="name" label={t('capture.field.name')} required>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="baseUrl" label={t('capture.field.baseUrl')} required extra={t('capture.field.baseUrlHint')}>
          <Input placeholder={t('capture.field.baseUrlPlaceholder')} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="database" label={t('capture.field.database')}>
            <Input style={{ width: 180 }} placeholder={t('capture.field.databasePlaceholder')} />
          </Form.Item>
          <Form.Item name="version" label={t('capture.field.version')}>
            <Select style={{ width: 100 }} options={SRU_VERSIONS.map((v) => ({ value: v, label: v }))} />
          </Form.Item>
          <Form.Item name="recordSchema" label={t('capture.field.recordSchema')}>
            <Input style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="isbnIndex" label={t('capture.field.isbnIndex')}>
            <Input style={{ width: 140 }} placeholder={t('capture.field.bare')} />
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
