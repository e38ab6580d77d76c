import { lazy } from 'react';
import type { PageDef } from '../../app/pages.ts';

/** Sign-in screens of the built-in provider (spec §2: outside the main layout). */
export const outsidePages: PageDef[] = [
  { path: '/auth', layout: 'bare', component: lazy(() => import('./auth.page.tsx')), titleKey: 'auth.login.title' },
  {
    path: '/searchauth',
    layout: 'bare',
    component: lazy(() => import('./search-auth.page.tsx')),
    titleKey: 'auth.login.searchTitle',
  },
];
