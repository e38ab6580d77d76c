import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Menu maintenance (install-wide menu tree and menu authorisation per school). */
export const pages: PageDef[] = [
  { path: '/sys/menu', component: lazy(() => import('./menu.page.tsx')), titleKey: 'menu.pages.menu' },
];
