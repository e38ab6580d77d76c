import { Button, Spin } from 'antd';
import { lazy as reactLazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { loadBackOfficeTexts } from '../../i18n/back-office.ts';
import { loadUserSession } from '../auth/load.ts';
import { useSession } from '../auth/session.ts';
import { lazy, useLoaded } from '../lazy-page.ts';
import { OPAC_SIGNED_OUT_KEY, opacUrl, READER_IDENTITIES } from '../constants.ts';
import { LoadFailed } from './PageFrame.tsx';
import { Problem } from './Problem.tsx';

// The back office is its own lazy tree: the public search site never downloads it. The provider client too:
// it is needed only to go and sign in, and after sign-in (silent renewal, session monitoring). The layout
// renders once its code and the back office's texts in the user's language are both there; both are asked for
// as soon as there is a token, while the user's session loads, and the layout shows as soon as both have come
// (useLoaded: no Suspense fallback, whose reveal React would hold back up to 300 ms).
const oidc = () => import('../auth/oidc.ts');
const MainLayout = lazy(() =>
  Promise.all([import('../layout/MainLayout.tsx'), loadBackOfficeTexts()]).then(([m]) => ({ default: m.MainLayout })),
);
// The staff layout's page table (which paths are screens) comes with the layout too: the sign-in page does not
// download it. Loaded once, kept here so later navigations decide at once.
let pageTable: typeof import('../layout/menu.ts') | undefined;
const loadPageTable = () =>
  import('../layout/menu.ts').then((m) => {
    pageTable = m;
  });
const MustChangePassword = reactLazy(() =>
  import('../layout/MustChangePassword.tsx').then((m) => ({ default: m.MustChangePassword })),
);

function Centered({ text }: { text: string }) {
  return (
    <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" description={text} />
    </div>
  );
}

/**
 * Entry to the back office: without a token the user is sent to sign in (and comes back to the same path); signed
 * in, unknown paths go to /404 and the user info and menus are loaded once per session. A user who must change
 * a password set by someone else sees only the change-password screen.
 */
export function MainGate() {
  const { t } = useTranslation();
  const loc = useLocation();
  const { token, user, menus } = useSession();
  const [failed, setFailed] = useState(false);
  const layoutCode = useLoaded(token ? MainLayout : undefined);
  const [, setTableLoaded] = useState(!!pageTable);
  // Undefined until the page table is there (asked for once signed in).
  const known = pageTable ? !!pageTable.pageFor(loc.pathname) : undefined;
  useEffect(() => {
    if (token && !pageTable) void loadPageTable().then(() => setTableLoaded(true));
  }, [token]);

  useEffect(() => {
    // A reader who signed out from the public site comes back to it, not to the staff sign-in.
    if (!token && sessionStorage.getItem(OPAC_SIGNED_OUT_KEY)) {
      sessionStorage.removeItem(OPAC_SIGNED_OUT_KEY);
      window.location.replace(opacUrl('/search'));
      return;
    }
    // Which paths are screens is known after sign-in (an unknown one then shows /404).
    if (!token) void oidc().then((m) => m.signIn(`${loc.pathname}${loc.search}`));
  }, [token, loc.pathname, loc.search]);
  // A password set by someone else is changed here first (the server answers nothing else meanwhile).
  const mustChange = !!user?.mustChangePassword;
  // A reader with no back-office screen is taken to the personal area instead of an empty shell.
  const readerOnly = !!user && !mustChange && menus.length === 0 && READER_IDENTITIES.includes(user.identity);
  useEffect(() => {
    if (readerOnly) window.location.replace(opacUrl('/search/personal'));
  }, [readerOnly]);
  // A reloaded session starts the provider client too: automatic silent renewal and session monitoring.
  const signedIn = !!token;
  useEffect(() => {
    if (signedIn) void oidc().then((m) => m.userManager());
  }, [signedIn]);

  const load = useCallback(() => {
    setFailed(false);
    loadUserSession().catch(() => setFailed(true));
  }, []);
  const unknown = known === false;
  useEffect(() => {
    if (!unknown && token && !user) load();
  }, [unknown, token, user, load]);

  if (!token) return <Centered text={t('app.load.signingIn')} />;
  if (unknown) return <Navigate to="/404" replace />;
  if (!user) {
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
  if (readerOnly || known === undefined) return <Centered text={t('app.load.loadingSession')} />;
  if (mustChange)
    return (
      <Suspense fallback={<Centered text={t('common.loading')} />}>
        <MustChangePassword />
      </Suspense>
    );
  if (layoutCode.failed) return <LoadFailed />;
  if (!layoutCode.ready) return <Centered text={t('common.loading')} />;
  return (
    <Suspense fallback={<Centered text={t('common.loading')} />}>
      <MainLayout />
    </Suspense>
  );
}
