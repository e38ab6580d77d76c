import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** People and organisation screens (spec §2). */
export const pages: PageDef[] = [
  {
    path: '/department/dept-manage',
    component: lazy(() => import('./department.page.tsx')),
    titleKey: 'org.pages.department',
  },
  { path: '/dept', component: lazy(() => import('./dept.page.tsx')), titleKey: 'org.pages.dept' },
  { path: '/orgdept', component: lazy(() => import('./orgdept.page.tsx')), titleKey: 'org.pages.orgdept' },
  { path: '/class', component: lazy(() => import('./class.page.tsx')), titleKey: 'org.pages.class' },
  { path: '/semester', component: lazy(() => import('./semester.page.tsx')), titleKey: 'org.pages.semester' },
  {
    path: '/organization',
    component: lazy(() => import('./organization.page.tsx')),
    titleKey: 'org.pages.organization',
  },
  { path: '/permission', component: lazy(() => import('./permission.page.tsx')), titleKey: 'org.pages.permission' },
];
