import { lazy } from 'react';
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
  {
    // Spec §2 bare route: the card desk outside the layout (desktop shell / card printer station).
    path: '/department/user-transferr',
    layout: 'bare',
    component: lazy(() => import('./card-station.page.tsx')),
    titleKey: 'readers.pages.cardDesk',
  },
];
