import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { CaptchaImage } from '@shuyuan/contracts/auth/login';
import type { SchoolBrief } from '@shuyuan/contracts/auth/user';
import { Alert, Button, Form, Segmented, Spin } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HOME_PATH } from '../../app/constants.ts';
import { ApiError, fieldErrors } from '../../app/http.ts';
import { setLang } from '../../i18n/index.ts';
import { authApi, rememberedSchoolCode, rememberSchoolCode } from './auth-api.ts';
import { CaptchaInput } from './captcha-input.tsx';
import './auth.css';

interface Values {
  account: string;
  password: string;
  captcha?: string;
  schoolCode?: string;
}

/** Answers of a failed try: the next one needs the picture code. */
const FAILED_TRY = new Set(['BAD_CREDENTIALS', 'ACCOUNT_LOCKED', 'ACCOUNT_DISABLED', 'CAPTCHA_INVALID']);

/**
 * The built-in provider's sign-in page (/auth, and /searchauth for the public search). The provider sends
 * the browser here with ?uid=…; a successful P/Home/Login answers where the browser continues.
 */
export function SignInScreen({ kind }: { kind: 'main' | 'search' }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const uid = params.get('uid');
  const [form] = Form.useForm<Values>();
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const [askSchool, setAskSchool] = useState(() => !!rememberedSchoolCode());
  const [school, setSchool] = useState<SchoolBrief | null>(null);
  const [alert, setAlert] = useState<{ text: string; expired?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  // The provider client is only needed to start a new sign-in, not to show the form.
  const restart = useCallback(
    () =>
      void import('../../app/auth/oidc.ts').then((m) =>
        m.signIn(kind === 'search' ? '/search/personal' : HOME_PATH, kind),
      ),
    [kind],
  );
  const refreshCaptcha = useCallback(() => {
    form.setFieldValue('captcha', '');
    authApi.captcha().then(setCaptcha, () => setCaptcha(null));
  }, [form]);
  const lookupSchool = useCallback((code: string) => {
    if (!code.trim()) return setSchool(null);
    authApi.school(code.trim()).then(setSchool, () => setSchool(null));
  }, []);

  useEffect(() => {
    // Opened without a pending sign-in (bookmark, reload after it expired): start one.
    if (!uid) return restart();
    authApi.config().then(
      (c) => setNeedCaptcha(c.captcha),
      () => setNeedCaptcha(true),
    );
    const code = rememberedSchoolCode();
    if (code) {
      form.setFieldValue('schoolCode', code);
      lookupSchool(code);
    }
  }, [uid, restart, form, lookupSchool]);
  useEffect(() => {
    if (needCaptcha) refreshCaptcha();
  }, [needCaptcha, refreshCaptcha]);

  const submit = async (v: Values) => {
    setBusy(true);
    setAlert(null);
    const schoolCode = askSchool ? (v.schoolCode ?? '').trim() : '';
    try {
      const r = await authApi.login({
        uid: uid ?? '',
        account: v.account,
        password: v.password,
        captchaId: captcha?.captchaId ?? '',
        captcha: v.captcha ?? '',
        schoolCode,
      });
      rememberSchoolCode(schoolCode);
      window.location.href = r.redirectTo;
    } catch (err) {
      setBusy(false);
      // A code is good for one try only; after a failed try the server asks for one (even with LOGIN_CAPTCHA off).
      if (needCaptcha) refreshCaptcha();
      else if (err instanceof ApiError && FAILED_TRY.has(err.errorCode ?? '')) setNeedCaptcha(true);
      showError(err);
    }
  };

  const showError = (err: unknown) => {
    if (!(err instanceof ApiError)) return setAlert({ text: t('auth.login.networkError') });
    if (err.issues?.some((i) => i.path === 'captcha')) setNeedCaptcha(true);
    if (fieldErrors(form, err)) return;
    const on = (name: keyof Values) => form.setFields([{ name, errors: [err.msg] }]);
    switch (err.errorCode) {
      case 'SCHOOL_REQUIRED':
        setAskSchool(true);
        return on('schoolCode');
      case 'SCHOOL_NOT_FOUND':
        return on('schoolCode');
      case 'CAPTCHA_INVALID':
        return on('captcha');
      case 'SESSION_EXPIRED':
        return setAlert({ text: err.msg, expired: true });
      default:
        setAlert({ text: err.msg });
    }
  };

  if (!uid) {
    return (
      <div className="auth-screen">
        <Spin description={t('auth.login.redirecting')} size="large">
          <div style={{ width: 200, height: 80 }} />
        </Spin>
      </div>
    );
  }

  const schoolName = school ? (i18n.language === 'en' ? school.enName || school.name : school.name) : '';
  const bg = school?.themeColor?.bgColor ?? '#1f3a5f';
  return (
    <div className="auth-screen" style={{ ['--auth-bg' as string]: bg }}>
      {/* A plain box styled as a card: antd Card brings Tabs, Skeleton and Menu to the lightest page. */}
      <div className="auth-card">
        <div className="auth-head">
          <div className="auth-logo" style={{ background: bg }} aria-hidden>
            {(schoolName || t('app.name')).slice(0, 1)}
          </div>
          <div>
            <h1>{schoolName || t('app.name')}</h1>
            <p>{kind === 'search' ? t('auth.login.searchTitle') : t('auth.login.title')}</p>
          </div>
        </div>
        {alert && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={alert.text}
            action={
              alert.expired ? (
                <Button size="small" onClick={restart}>
                  {t('auth.login.restart')}
                </Button>
              ) : undefined
            }
          />
        )}
        <Form form={form} onFinish={submit} size="large" autoComplete="on" disabled={busy}>
          <Form.Item
            name="account"
            rules={[{ required: true, whitespace: true, message: t('auth.login.accountRequired') }]}
          >
            <Input prefix={<UserOutlined />} placeholder={t('auth.login.account')} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('auth.login.passwordRequired') }]}>
            <Password
              prefix={<LockOutlined />}
              placeholder={t('auth.login.password')}
              autoComplete="current-password"
            />
          </Form.Item>
          {needCaptcha && (
            <Form.Item
              name="captcha"
              rules={[{ required: true, whitespace: true, message: t('auth.login.captchaRequired') }]}
            >
              <CaptchaInput image={captcha?.image ?? null} onRefresh={refreshCaptcha} />
            </Form.Item>
          )}
          {askSchool && (
            <Form.Item
              name="schoolCode"
              extra={schoolName || t('auth.login.schoolCodeHint')}
              rules={[{ required: true, whitespace: true, message: t('auth.school.codeRequired') }]}
            >
              <Input
                prefix={<SafetyOutlined />}
                placeholder={t('auth.login.schoolCode')}
                onBlur={(e) => lookupSchool(e.target.value)}
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('auth.login.submit')}
          </Button>
        </Form>
        <div className="auth-foot">
          <Segmented
            size="small"
            value={i18n.language === 'en' ? 'en' : 'zh'}
            options={[
              { label: '中文', value: 'zh' },
              { label: 'English', value: 'en' },
            ]}
            onChange={(v) => void setLang(v as 'zh' | 'en')}
          />
          {kind === 'search' ? (
            <Link to="/search">{t('auth.login.backToSearch')}</Link>
          ) : (
            !askSchool && (
              <Button type="link" size="small" onClick={() => setAskSchool(true)}>
                {t('auth.login.haveSchoolCode')}
              </Button>
            )
          )}
        </div>
      </div>
    </div>
  );
}
