import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** The installation's backups (top-level unit administrators). */
export const pages: PageDef[] = [
  { path: '/sys/backup', component: lazy(() => import('./backup.page.tsx')), titleKey: 'backup.pages.backup' },
];
