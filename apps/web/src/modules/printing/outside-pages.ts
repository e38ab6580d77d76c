import { lazy } from 'react';
import type { PageDef } from '../../app/pages.ts';

/** Printing outside the layout: the pre-printing view (spec §2). */
export const outsidePages: PageDef[] = [
  {
    path: '/barcode-prepriting-view',
    layout: 'bare',
    component: lazy(() => import('./preprint-view.page.tsx')),
    titleKey: 'printing.pages.preprintView',
  },
];
