import { PASSWORD_MIN_RESET } from '@shuyuan/contracts/common/validators';
import { Alert, Button, Card, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../auth/oidc.ts';
import { useSession } from '../auth/session.ts';
import { OldPasswordField, PasswordFields } from '../forms/PasswordFields.tsx';
import { api, fieldErrors } from '../http.ts';
import { notify } from '../notify.ts';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The only screen of a user whose password was set by someone else (an administrator, an import, demo data, a
 * generated one): the server answers nothing else until it is changed. Once changed, every session ends (spec §8)
 * and the user signs in with the new password, landing on the home page.
 */
export function MustChangePassword() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await api.post('/micro/basic/open/user/updatePassword', values);
      setDone(true);
      notify.success(t('app.password.changed'));
      setTimeout(() => void signOut(), 1500);
    } catch (e) {
      fieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };

  const rules = [
    user?.passwordPolicy ? t('app.mustChange.rulePolicy') : t('app.mustChange.ruleMin', { min: PASSWORD_MIN_RESET }),
    t('app.mustChange.ruleDiffer'),
  ];
  return (
    <main
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, background: '#f0f2f5' }}
      data-testid="must-change-password"
    >
      <Card title={<h1 style={{ margin: 0, fontSize: 20 }}>{t('app.mustChange.title')}</h1>} style={{ width: 440 }}>
        <p>{t('app.mustChange.why', { name: user?.name ?? '' })}</p>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('app.mustChange.rules')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {rules.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          }
        />
        <Form form={form} layout="vertical" onFinish={submit} disabled={done}>
          <OldPasswordField />
          <PasswordFields name="newPassword" label={t('app.password.new')} confirmLabel={t('app.password.confirm')} />
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('app.mustChange.submit')}
          </Button>
        </Form>
        <Button type="link" block style={{ marginTop: 8 }} onClick={() => void signOut()}>
          {t('app.mustChange.signOut')}
        </Button>
      </Card>
    </main>
  );
}
