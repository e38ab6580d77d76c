import { P } from '@shuyuan/contracts/common/paths';
import {
  REMOTE_SRU_VERSIONS,
  REMOTE_TIMEOUT,
  UnionRemoteCreate,
  type UnionRemoteDto,
  UnionRemoteTarget,
  type UnionRemoteTest,
  UnionRemoteUpdate,
} from '@shuyuan/contracts/union/remote';
import {
  Alert,
  Button,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { clearOnChange, postChecked } from '../catalogue/submit.ts';

type Editing = Partial<UnionRemoteDto> | null;

/**
 * A union's remote members (schools of other deployments, or any SRU server): every member sees them, the union's
 * creator and administrators add, change, test and remove them. Shown in the union's drawer on /union/union-mana.
 */
export function RemoteMembers({
  unionId,
  manager,
  can,
}: {
  unionId: number;
  manager: boolean;
  can: { add: boolean; edit: boolean; del: boolean };
}) {
  const { t } = useTranslation();
  const [list, setList] = useState<UnionRemoteDto[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const load = useCallback(() => {
    api
      .post<UnionRemoteDto[]>(`${P}/Union/GetRemotes`, { unionId })
      .then(setList)
      .catch(() => {});
  }, [unionId]);
  useEffect(load, [load]);
  const remove = async (r: UnionRemoteDto) => {
    await api.post(`${P}/Union/DeleteRemote`, { id: r.id });
    notify.success(t('union.mana.saved'));
    load();
  };
  return (
    <>
      <Divider titlePlacement="start">{t('union.remote.title')}</Divider>
      <Typography.Paragraph type="secondary">{t('union.remote.help')}</Typography.Paragraph>
      {manager && can.add && (
        <Button style={{ marginBottom: 12 }} className="sy-union-remote-add" onClick={() => setEditing({})}>
          {t('union.remote.add')}
        </Button>
      )}
      <Table<UnionRemoteDto>
        size="small"
        rowKey="id"
        className="sy-union-remotes"
        pagination={false}
        dataSource={list}
        locale={{ emptyText: t('union.remote.none') }}
        columns={[
          { title: t('union.remote.name'), dataIndex: 'name', width: 160 },
          { title: t('union.remote.baseUrl'), dataIndex: 'baseUrl', ellipsis: true },
          { title: t('union.remote.version'), dataIndex: 'version', width: 80 },
          { title: t('union.remote.timeoutMs'), dataIndex: 'timeoutMs', width: 100 },
          {
            title: t('union.remote.enabled'),
            width: 80,
            render: (_, r) => (
              <Tag color={r.enabled ? 'green' : undefined}>{t(r.enabled ? 'union.remote.on' : 'union.remote.off')}</Tag>
            ),
          },
          ...(manager && (can.edit || can.del)
            ? [
                {
                  title: t('union.members.actions'),
                  width: 160,
                  render: (_: unknown, r: UnionRemoteDto) => (
                    <Space>
                      {can.edit && (
                        <Button size="small" onClick={() => setEditing(r)}>
                          {t('union.remote.edit')}
                        </Button>
                      )}
                      {can.del && (
                        <Popconfirm
                          title={t('union.remote.deleteConfirm', { name: r.name })}
                          onConfirm={() => remove(r)}
                        >
                          <Button size="small" danger>
                            {t('union.remote.delete')}
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <RemoteForm
        unionId={unionId}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          notify.success(t('union.mana.saved'));
          load();
        }}
      />
    </>
  );
}

/** Add or change a remote member; "test" asks the address as typed (explain and a one-record search). */
function RemoteForm({
  unionId,
  editing,
  onClose,
  onSaved,
}: {
  unionId: number;
  editing: Editing;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<UnionRemoteTest | null>(null);
  useEffect(() => {
    if (!editing) return;
    setResult(null);
    form.setFieldsValue({
      name: editing.name ?? '',
      baseUrl: editing.baseUrl ?? '',
      version: editing.version ?? '1.2',
      timeoutMs: editing.timeoutMs ?? REMOTE_TIMEOUT.default,
      enabled: editing.enabled ?? true,
    });
  }, [editing, form]);
  const values = () => ({ unionId, ...form.getFieldsValue() });
  const test = async () => {
    setResult(null);
    const { unionId: u, baseUrl, version, timeoutMs } = values();
    const r = await postChecked<UnionRemoteTest>(form, UnionRemoteTarget, `${P}/Union/TestRemote`, {
      unionId: u,
      baseUrl,
      version,
      timeoutMs,
    });
    if (r) setResult(r);
  };
  const save = async () => {
    setSaving(true);
    const { unionId: u, ...v } = values();
    const done = editing?.id
      ? await postChecked(form, UnionRemoteUpdate, `${P}/Union/UpdateRemote`, { ...v, id: editing.id })
      : await postChecked(form, UnionRemoteCreate, `${P}/Union/AddRemote`, { ...v, unionId: u });
    setSaving(false);
    if (done !== undefined) onSaved();
  };
  const line = (ok: boolean, text: string) => (
    <div>
      <Tag color={ok ? 'green' : 'red'}>{t(ok ? 'union.remote.ok' : 'union.remote.failed')}</Tag>
      {text}
    </div>
  );
  return (
    <Modal
      open={!!editing}
      title={editing?.id ? t('union.remote.edit') : t('union.remote.add')}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" className="sy-union-remote-form" onValuesChange={clearOnChange(form)}>
        <Form.Item name="name" label={t('union.remote.name')} required>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="baseUrl" label={t('union.remote.baseUrl')} required extra={t('union.remote.baseUrlHelp')}>
          <Input maxLength={300} placeholder="https://other.example/sru/SCHOOLCODE" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="version" label={t('union.remote.version')}>
            <Select style={{ width: 100 }} options={REMOTE_SRU_VERSIONS.map((v) => ({ value: v, label: v }))} />
          </Form.Item>
          <Form.Item name="timeoutMs" label={t('union.remote.timeoutMs')}>
            <InputNumber min={REMOTE_TIMEOUT.min} max={REMOTE_TIMEOUT.max} step={1000} />
          </Form.Item>
          <Form.Item name="enabled" label={t('union.remote.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
      <Button className="sy-union-remote-test" onClick={() => void test().catch(() => {})}>
        {t('union.remote.test')}
      </Button>
      {result && (
        <Alert
          className="sy-union-remote-result"
          style={{ marginTop: 12 }}
          type={result.explain.ok && result.search.ok ? 'success' : 'warning'}
          message={t('union.remote.testDone', { ms: result.ms })}
          description={
            <>
              {line(
                result.explain.ok,
                result.explain.ok
                  ? t('union.remote.explainOk', { title: result.explain.title || '—' })
                  : t('union.remote.explainFailed', { message: result.explain.message }),
              )}
              {line(
                result.search.ok,
                result.search.ok
                  ? result.search.total
                    ? t('union.remote.searchOk', { total: result.search.total, title: result.search.title })
                    : t('union.remote.searchNone')
                  : t('union.remote.searchFailed', { message: result.search.message }),
              )}
            </>
          }
        />
      )}
    </Modal>
  );
}
