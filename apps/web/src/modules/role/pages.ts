import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Roles and permissions of the school. */
export const pages: PageDef[] = [
  {
    path: '/department/permission/role',
    component: lazy(() => import('./role.page.tsx')),
    titleKey: 'role.pages.role',
  },
];
