import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Book lists (issue 16, server modules/booklists). */
export const pages: PageDef[] = [
  { path: '/booklist', component: lazy(() => import('./booklist.page.tsx')), titleKey: 'booklists.pages.booklist' },
];
