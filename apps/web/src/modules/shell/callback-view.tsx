import { Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { completeSignIn } from '../../app/auth/oidc.ts';
import { Problem } from '../../app/router/Problem.tsx';
// Spec §9: a returned code counts as an authorization code only if longer than 20 characters.
import { MIN_CODE_LENGTH } from '@shuyuan/contracts/auth/plat';

/**
 * Sign-in return. The server redirects /library/callback?code&state to /library/#/callback?code&state; the code
 * is completed against the URL the provider was told (`${origin}/library/callback?…`).
 */
export function CallbackView({ kind }: { kind: 'main' | 'search' }) {
  const { t } = useTranslation();
  const loc = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice; a code can be exchanged only once.
    if (started.current) return;
    started.current = true;
    const q = new URLSearchParams(loc.search || window.location.search);
    const code = q.get('code') ?? '';
    if (q.get('error')) return setError(q.get('error_description') || q.get('error') || '');
    if (code.length < MIN_CODE_LENGTH) return setError(t('shell.callback.badCode'));
    completeSignIn(q.toString(), kind)
      .then((to) => navigate(to, { replace: true }))
      .catch((e) => setError(String(e?.message ?? e)));
  }, [kind, loc.search, navigate, t]);

  if (error) {
    return (
      <Problem
        title={t('shell.callback.failed')}
        subTitle={error}
        extra={
          <Button type="primary" onClick={() => navigate(kind === 'search' ? '/search' : '/home', { replace: true })}>
            {t('shell.callback.again')}
          </Button>
        }
      />
    );
  }
  return (
    <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" description={t('app.load.signingIn')} />
    </div>
  );
}
