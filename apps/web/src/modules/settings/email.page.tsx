import { P } from '@shuyuan/contracts/common/paths';
import { MAIL_CODE, MailConfigSave, type MailConfigView } from '@shuyuan/contracts/mail/mail';
import { Button, Card, Form, Input, InputNumber, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

/** /email: the school's SMTP server. The stored password is never shown; leave it empty to keep it. */
export default function EmailPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm();
  const [view, setView] = useState<MailConfigView | null>(null);
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const canEdit = usePermission(`${MAIL_CODE}:edit`);
  const canTest = usePermission(`${MAIL_CODE}:test`);

  useEffect(() => {
    api.post<MailConfigView>(`${P}/Mail/GetMailConfig`, {}).then(setView);
  }, []);

  const save = async (values: Record<string, unknown>) => {
    const parsed = MailConfigSave.safeParse(values);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((i) => ({
          name: i.path as string[],
          errors: [i18n.exists(i.message) ? t(i.message) : t('settings.email.invalid')],
        })),
      );
      return;
    }
    setBusy('save');
    try {
      const v = await api.post<MailConfigView>(`${P}/Mail/SaveMailConfig`, parsed.data, { showError: false });
      setView(v);
      form.setFieldsValue({ password: '' });
      notify.success(t('common.success'));
    } catch (e) {
      if (!fieldErrors(form, e)) notify.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const test = async () => {
    setBusy('test');
    try {
      await api.post(`${P}/Mail/SendTestMail`, { to });
      notify.success(t('settings.email.testSent', { to }));
    } finally {
      setBusy(null);
    }
  };

  if (!view) return <Skeleton active />;
  return (
    <Card>
      <Form
        form={form}
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 12 }}
        disabled={!canEdit}
        onFinish={save}
        initialValues={{ ...view, password: '' }}
      >
        <Form.Item name="host" label={t('settings.email.host')} required>
          <Input placeholder="smtp.example.com" />
        </Form.Item>
        <Form.Item name="port" label={t('settings.email.port')} required>
          <InputNumber min={1} max={65535} />
        </Form.Item>
        <Form.Item
          name="secure"
          label={t('settings.email.secure')}
          valuePropName="checked"
          extra={t('settings.email.secureHelp')}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="user" label={t('settings.email.user')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('settings.email.password')}
          extra={view.hasPassword ? t('settings.email.passwordKept') : undefined}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="from" label={t('settings.email.from')} required>
          <Input placeholder="library@school.edu.cn" />
        </Form.Item>
        <Form.Item name="fromName" label={t('settings.email.fromName')}>
          <Input />
        </Form.Item>
        {canEdit && (
          <Form.Item wrapperCol={{ offset: 6 }}>
            <Button type="primary" htmlType="submit" loading={busy === 'save'}>
              {t('common.save')}
            </Button>
          </Form.Item>
        )}
      </Form>
      {canTest && (
        <Space style={{ marginLeft: '25%' }} direction="vertical">
          <Typography.Text type="secondary">{t('settings.email.testHelp')}</Typography.Text>
          <Space.Compact>
            <Input
              style={{ width: 280 }}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              placeholder={t('settings.email.testTo')}
            />
            <Button onClick={() => void test()} loading={busy === 'test'} disabled={!view.configured || !to}>
              {t('settings.email.sendTest')}
            </Button>
          </Space.Compact>
        </Space>
      )}
    </Card>
  );
}
