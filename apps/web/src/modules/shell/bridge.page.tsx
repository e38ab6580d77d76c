import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../app/constants.ts';
import { DESKTOP_KEY } from '../../app/auth/renew.ts';
import { clearSession, updateSession } from '../../app/auth/session.ts';
import { Problem } from '../../app/router/Problem.tsx';

/** Reads `#/bridge?access_token=…` or `#/bridge#access_token=…` (the desktop shell writes either). */
export function bridgeParams(hash: string): URLSearchParams {
  const rest = hash.replace(/^#?\/bridge/, '');
  return new URLSearchParams(rest.replace(/^[?#]/, '').replace('#', '&'));
}

/**
 * Desktop-shell bridge: the shell opens the app with a token in the hash; it is stored as the session token (and
 * the shell's client credentials, for code-99998 renewals), then the wanted page opens.
 */
export default function BridgePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [bad, setBad] = useState(false);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const q = bridgeParams(window.location.hash);
    const token = q.get('access_token') ?? q.get('token');
    if (!token) return setBad(true);
    clearSession();
    const expiresIn = Number(q.get('expires_in') ?? 0);
    updateSession({
      token: {
        access_token: token,
        token_type: q.get('token_type') ?? 'Bearer',
        refresh_token: q.get('refresh_token') ?? undefined,
        expires_at: expiresIn ? Math.floor(Date.now() / 1000) + expiresIn : undefined,
      },
      schoolId: Number(q.get('schoolId') ?? q.get('schoolID')) || null,
    });
    const clientId = q.get('client_id');
    if (clientId) {
      localStorage.setItem(
        DESKTOP_KEY,
        JSON.stringify({ clientId, clientSecret: q.get('client_secret') ?? '', scope: q.get('scope') ?? undefined }),
      );
    }
    const to = q.get('redirect') ?? '';
    // Only paths inside the app: the bridge must not become an open redirect.
    navigate(to.startsWith('/') && !to.startsWith('//') ? to : HOME_PATH, { replace: true });
  }, [navigate]);

  if (bad) return <Problem title={t('shell.bridge.noToken')} />;
  return (
    <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
