import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** The circulation desk (issue 4 §2, §3): lend, return, renew, batches, deferred returns. */
export const pages: PageDef[] = [
  {
    path: '/surrency/borrow',
    component: lazy(() => import('./borrow-desk.page.tsx')),
    titleKey: 'circulation.pages.borrow',
  },
  { path: '/return', component: lazy(() => import('./return-desk.page.tsx')), titleKey: 'circulation.pages.return' },
  { path: '/renew', component: lazy(() => import('./renew.page.tsx')), titleKey: 'circulation.pages.renew' },
  {
    path: '/batchborrow',
    component: lazy(() => import('./batch-borrow.page.tsx')),
    titleKey: 'circulation.pages.batchBorrow',
  },
  {
    path: '/batchreturn',
    component: lazy(() => import('./batch-return.page.tsx')),
    titleKey: 'circulation.pages.batchReturn',
  },
  {
    path: '/deferred-return',
    component: lazy(() => import('./deferred-return.page.tsx')),
    titleKey: 'circulation.pages.deferredReturn',
  },
];
