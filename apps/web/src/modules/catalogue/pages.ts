import { lazy } from 'react';
import type { PageDef } from '../../app/pages.ts';

/** Cataloguing (issue 3 §1, §6): records, their copies and copy states. */
export const pages: PageDef[] = [
  {
    path: '/resource-mana/resource/catalog',
    component: lazy(() => import('./catalogue.page.tsx')),
    titleKey: 'catalogue.pages.catalog',
  },
];
