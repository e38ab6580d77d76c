import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Copy cataloguing (issue 3 §5): the school's SRU sources (a hidden route, reachable from cataloguing). */
export const pages: PageDef[] = [
  {
    path: '/capture-sources',
    component: lazy(() => import('./capture-sources.page.tsx')),
    titleKey: 'capture.pages.sources',
  },
];
