import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Moving readers: year-end class upgrade and class transfer. */
export const pages: PageDef[] = [
  {
    path: '/department/dept-upgrade',
    component: lazy(() => import('./dept-upgrade.page.tsx')),
    titleKey: 'readerMoves.pages.upgrade',
  },
];
