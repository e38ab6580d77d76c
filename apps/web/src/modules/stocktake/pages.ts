import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Stocktake and weeding (issue 3 §8). */
export const pages: PageDef[] = [
  {
    path: '/book-inventory',
    component: lazy(() => import('./stocktake.page.tsx')),
    titleKey: 'stocktake.pages.inventory',
  },
  {
    path: '/inventory-report',
    component: lazy(() => import('./report.page.tsx')),
    titleKey: 'stocktake.pages.report',
  },
  {
    path: '/weeding',
    component: lazy(() => import('./weeding.page.tsx')),
    titleKey: 'stocktake.pages.weeding',
  },
];
