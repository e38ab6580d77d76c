import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Borrowing rules (issue 4 §2): loan rules, overdue mode, school calendar, borrowing ranges. */
export const pages: PageDef[] = [
  {
    path: '/borrow-permission',
    component: lazy(() => import('./borrow-permission.page.tsx')),
    titleKey: 'circRules.pages.rules',
  },
  {
    path: '/borrow-range-mana',
    component: lazy(() => import('./borrow-range.page.tsx')),
    titleKey: 'circRules.pages.ranges',
  },
];
