import { lazy } from 'react';
import type { PageDef } from '../../app/pages.ts';

/** People and organisation screens (spec §2). */
export const pages: PageDef[] = [
  { path: '/department/dept-manage', component: lazy(() => import('./department.page.tsx')) },
  { path: '/dept', component: lazy(() => import('./dept.page.tsx')) },
  { path: '/orgdept', component: lazy(() => import('./orgdept.page.tsx')) },
  { path: '/class', component: lazy(() => import('./class.page.tsx')) },
  { path: '/semester', component: lazy(() => import('./semester.page.tsx')) },
  { path: '/organization', component: lazy(() => import('./organization.page.tsx')) },
  { path: '/permission', component: lazy(() => import('./permission.page.tsx')) },
];
