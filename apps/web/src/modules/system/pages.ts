import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** System screens of the kit engineer: schools (units) and translation management. */
export const pages: PageDef[] = [
  { path: '/sys/company', component: lazy(() => import('./company.page.tsx')), titleKey: 'system.pages.company' },
  {
    path: '/sys/transition',
    component: lazy(() => import('./transition.page.tsx')),
    titleKey: 'system.pages.transition',
  },
];
