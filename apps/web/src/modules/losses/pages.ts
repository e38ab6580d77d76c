import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Lost items and lost reader cards (issue 4 §4: the loss routes of the spec). */
export const pages: PageDef[] = [
  { path: '/loss', component: lazy(() => import('./loss-cards.page.tsx')), titleKey: 'losses.pages.loss' },
  {
    path: '/loss-register',
    component: lazy(() => import('./loss-register.page.tsx')),
    titleKey: 'losses.pages.register',
  },
  {
    path: '/loss-handling',
    component: lazy(() => import('./loss-handling.page.tsx')),
    titleKey: 'losses.pages.handling',
  },
  { path: '/loss-record', component: lazy(() => import('./loss-record.page.tsx')), titleKey: 'losses.pages.record' },
  { path: '/loss-found', component: lazy(() => import('./loss-found.page.tsx')), titleKey: 'losses.pages.found' },
  {
    path: '/loss-order-search',
    component: lazy(() => import('./loss-order-search.page.tsx')),
    titleKey: 'losses.pages.orders',
  },
];
