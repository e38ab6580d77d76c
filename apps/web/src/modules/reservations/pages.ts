import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Reservations and purchase suggestions (issue 4 §4). */
export const pages: PageDef[] = [
  {
    path: '/reservation',
    component: lazy(() => import('./reservation.page.tsx')),
    titleKey: 'reservations.pages.reservation',
  },
  {
    path: '/recommendation',
    component: lazy(() => import('./recommendation.page.tsx')),
    titleKey: 'reservations.pages.recommendation',
  },
];
