import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Volunteers and small librarians (issue 16, reading promotion). */
export const pages: PageDef[] = [
  { path: '/volunteer', component: lazy(() => import('./volunteer.page.tsx')), titleKey: 'volunteers.pages.roster' },
  {
    path: '/service-signin',
    component: lazy(() => import('./service-signin.page.tsx')),
    titleKey: 'volunteers.pages.signin',
  },
  { path: '/signrecord', component: lazy(() => import('./signrecord.page.tsx')), titleKey: 'volunteers.pages.records' },
];
