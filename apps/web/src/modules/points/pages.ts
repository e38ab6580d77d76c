import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Reading points (rules, reader balances, the ledger) and the daily reading clock-in (issue 16). */
export const pages: PageDef[] = [
  { path: '/integral-rules', component: lazy(() => import('./rules.page.tsx')), titleKey: 'points.pages.rules' },
  { path: '/integral-point', component: lazy(() => import('./balances.page.tsx')), titleKey: 'points.pages.balances' },
  { path: '/integral-record', component: lazy(() => import('./records.page.tsx')), titleKey: 'points.pages.records' },
  { path: '/reading-clock', component: lazy(() => import('./clock.page.tsx')), titleKey: 'points.pages.clock' },
];
