import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Theme reading and activities (issue 16, server modules/themes). */
export const pages: PageDef[] = [
  { path: '/theme-reading', component: lazy(() => import('./theme.page.tsx')), titleKey: 'themes.pages.theme' },
  { path: '/join-reading', component: lazy(() => import('./join.page.tsx')), titleKey: 'themes.pages.join' },
  { path: '/end-reading', component: lazy(() => import('./end.page.tsx')), titleKey: 'themes.pages.end' },
];
