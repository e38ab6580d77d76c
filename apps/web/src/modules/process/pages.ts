import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** The task list behind the download panel's "View more" (spec §2). */
export const pages: PageDef[] = [
  { path: '/process', component: lazy(() => import('./process.page.tsx')), titleKey: 'process.pages.process' },
];
