import { Button, Spin } from 'antd';
import { Component, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../notify.ts';
import { useLoaded } from '../lazy-page.ts';
import type { PageDef } from '../pages.ts';
import { Problem } from './Problem.tsx';

/** Spec §9: a screen's code that has not arrived after 120 s is reported as a load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

function Loading() {
  const { t } = useTranslation();
  const [late, setLate] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => {
      setLate(true);
      notify.error(t('app.load.chunkError'));
    }, CHUNK_TIMEOUT_MS);
    return () => clearTimeout(id);
  }, [t]);
  if (late) return <LoadFailed />;
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

/** A screen's (or the layout's) code failed to load: say so, with a reload button. */
export function LoadFailed() {
  const { t } = useTranslation();
  return (
    <Problem
      title={t('app.load.chunkError')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('app.load.reload')}
        </Button>
      }
    />
  );
}

/** A screen whose code failed to load (new deployment, network) shows a load error instead of a blank area. */
class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

/**
 * A screen whose code has not arrived yet shows the spinner until it has, without suspending (see useLoaded): a
 * first visit from the menu took ≥ 300 ms however fast the code came.
 */
export function PageFrame({ page }: { page: PageDef }) {
  const C = page.component;
  const { ready, failed } = useLoaded(C);
  if (failed) return <LoadFailed />;
  if (!ready) return <Loading />;
  return (
    <LoadBoundary>
      <Suspense fallback={<Loading />}>
        <C />
      </Suspense>
    </LoadBoundary>
  );
}
