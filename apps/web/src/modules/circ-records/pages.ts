import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Loan records and lists (issue 4 §3): records, details, items on loan, histories, parents' views. */
export const pages: PageDef[] = [
  { path: '/br-records', component: lazy(() => import('./records.page.tsx')), titleKey: 'circRecords.pages.records' },
  { path: '/search-records', component: lazy(() => import('./detail.page.tsx')), titleKey: 'circRecords.pages.detail' },
  { path: '/no-return', component: lazy(() => import('./no-return.page.tsx')), titleKey: 'circRecords.pages.noReturn' },
  {
    path: '/books-borrow-history',
    component: lazy(() => import('./item-history.page.tsx')),
    titleKey: 'circRecords.pages.itemHistory',
  },
  {
    path: '/readers-borrow-history',
    component: lazy(() => import('./reader-history.page.tsx')),
    titleKey: 'circRecords.pages.readerHistory',
  },
  {
    path: '/parents-br-records',
    component: lazy(() => import('./parents.page.tsx')),
    titleKey: 'circRecords.pages.parentRecords',
  },
  {
    path: '/parents-no-return',
    component: lazy(() => import('./parents-no-return.page.tsx')),
    titleKey: 'circRecords.pages.parentNoReturn',
  },
];
