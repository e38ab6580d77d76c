import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Feedback / work orders (spec §2 System). */
export const pages: PageDef[] = [
  { path: '/feedback', component: lazy(() => import('./feedback.page.tsx')), titleKey: 'feedback.pages.feedback' },
];
