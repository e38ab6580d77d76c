import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Book donations (issue 16, reading promotion). */
export const pages: PageDef[] = [
  {
    path: '/donate-book-record',
    component: lazy(() => import('./donation.page.tsx')),
    titleKey: 'donations.pages.donations',
  },
];
