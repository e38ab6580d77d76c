import {
  CAPTURE_CHARSETS,
  CAPTURE_KINDS,
  CAPTURE_ROUTES,
  type CaptureSource,
  CaptureSourceCreate,
  SRU_VERSIONS,
  Z3950_SYNTAXES,
} from '@shuyuan/contracts/capture/capture';
import { P } from '@shuyuan/contracts/common/paths';
import { Checkbox, Form, Input, InputNumber, Modal, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../app/http.ts';

const C = `${P}/Capture`;

/**
 * Adds or edits a copy-cataloguing source. A Z39.50 source may carry the sign-in a union catalogue gives its
 * members (user, group, password); the password is never sent back: "stored" is shown, and an empty field keeps it.
 */
export function SourceForm({ value, onClose }: { value: Partial<CaptureSource>; onClose: (saved: boolean) => void }) {
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
        {kind === 'z3950' && (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {t('capture.field.signInHint')}
            </Typography.Paragraph>
            <Space wrap align="start">
              <Form.Item name="user" label={t('capture.field.user')}>
                <Input style={{ width: 200 }} autoComplete="off" />
              </Form.Item>
              <Form.Item name="group" label={t('capture.field.group')}>
                <Input style={{ width: 140 }} autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="password"
                label={t('capture.field.password')}
                extra={value.hasPassword ? t('capture.field.passwordKept') : undefined}
              >
                <Input.Password style={{ width: 200 }} autoComplete="new-password" />
              </Form.Item>
            </Space>
            {value.hasPassword && (
              <Form.Item name="clearPassword" valuePropName="checked">
                <Checkbox>{t('capture.field.clearPassword')}</Checkbox>
              </Form.Item>
            )}
          </>
        )}
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
