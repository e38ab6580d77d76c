import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Overdue reminders (issue 4 §5). */
export const pages: PageDef[] = [
  { path: '/recall', component: lazy(() => import('./recall.page.tsx')), titleKey: 'reminders.pages.recall' },
];
