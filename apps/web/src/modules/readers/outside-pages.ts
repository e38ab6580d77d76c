import { lazy } from 'react';
import type { PageDef } from '../../app/pages.ts';

/** Readers outside the layout: the card station. */
export const outsidePages: PageDef[] = [
  {
    // Spec §2 bare route: the card desk outside the layout (desktop shell / card printer station).
    path: '/department/user-transferr',
    layout: 'bare',
    component: lazy(() => import('./card-station.page.tsx')),
    titleKey: 'readers.pages.cardDesk',
  },
];
