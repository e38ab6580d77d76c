import { App as AntApp, Button, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { loadUserSession } from '../../app/auth/load.ts';
import { useSession } from '../../app/auth/session.ts';
import { findMenu } from '../../app/layout/menu.ts';
import { Problem } from '../../app/router/Problem.tsx';
import { loadBackOfficeTexts } from '../../i18n/back-office.ts';
import CardDeskPage from './card-desk.page.tsx';

const CARDS = 'resource-mana.resource.user-transfer';

function Centered({ text }: { text: string }) {
  return (
    <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" description={text} />
    </div>
  );
}

/**
 * Bare route /department/user-transferr (spec §2): the card desk without the staff layout, for the desktop
 * shell and the card printer station. Signed in like the back office (sign-in returns here); the same
 * permission as the card desk screen.
 */
export default function CardStationPage() {
  const { t } = useTranslation();
  const loc = useLocation();
  const { token, user, menus, operations } = useSession();
  // Screens are granted through the menus; operations hold `<code>:<verb>` entries ('*' = everything).
  const allowed =
    !!findMenu(menus, `/${CARDS.replaceAll('.', '/')}`) ||
    operations.some((o) => o === '*' || o.startsWith(`${CARDS}:`));
  const [failed, setFailed] = useState(false);
  // A session restored from storage has its menus already; a fresh one waits for them before judging access.
  const [loaded, setLoaded] = useState(!!user);
  // A bare route is outside the staff layout, which is what loads the back office's texts: load them here, or the
  // card desk shows its translation keys.
  const [texts, setTexts] = useState(false);
  const loadTexts = useCallback(() => {
    loadBackOfficeTexts().then(
      () => setTexts(true),
      () => setFailed(true),
    );
  }, []);
  useEffect(() => loadTexts(), [loadTexts]);

  useEffect(() => {
    if (!token) void import('../../app/auth/oidc.ts').then((m) => m.signIn(`${loc.pathname}${loc.search}`));
  }, [token, loc.pathname, loc.search]);
  const load = useCallback(() => {
    setFailed(false);
    loadTexts();
    loadUserSession()
      .then(() => setLoaded(true))
      .catch(() => setFailed(true));
  }, [loadTexts]);
  useEffect(() => {
    if (token && !user) load();
  }, [token, user, load]);

  if (!token) return <Centered text={t('app.load.signingIn')} />;
  if (!user || !loaded || !texts) {
    if (!failed) return <Centered text={t('app.load.loadingSession')} />;
    return (
      <Problem
        title={t('app.load.sessionFailed')}
        extra={
          <Button type="primary" onClick={load}>
            {t('app.load.retry')}
          </Button>
        }
      />
    );
  }
  if (!allowed) return <Problem title={t('readers.station.forbidden')} />;
  return (
    <AntApp>
      <div style={{ padding: 16, minHeight: '100vh', boxSizing: 'border-box' }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('readers.pages.cardDesk')}
        </Typography.Title>
        <CardDeskPage />
      </div>
    </AntApp>
  );
}
