import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Home dashboard: spec §2 says data-analysis views are never cached. */
export const pages: PageDef[] = [
  {
    path: '/data-analysis',
    component: lazy(() => import('./dashboard.page.tsx')),
    titleKey: 'app.home',
    keepAlive: false,
  },
];
