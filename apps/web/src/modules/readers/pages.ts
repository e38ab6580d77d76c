import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Readers (issue 4 §1): the reader list with cards and import. */
export const pages: PageDef[] = [
  {
    path: '/department/user-transfer',
    component: lazy(() => import('./readers.page.tsx')),
    titleKey: 'readers.pages.readers',
  },
  {
    path: '/resource-mana/resource/user-transfer',
    component: lazy(() => import('./card-desk.page.tsx')),
    titleKey: 'readers.pages.cardDesk',
  },
];
