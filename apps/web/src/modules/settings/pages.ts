import { lazy } from 'react';
import type { PageDef } from '../../app/pages.ts';

/** System settings screens (spec §2 System). */
export const pages: PageDef[] = [
  { path: '/setting', component: lazy(() => import('./setting.page.tsx')) },
  { path: '/basic-config', component: lazy(() => import('./basic-config.page.tsx')) },
  { path: '/email', component: lazy(() => import('./email.page.tsx')) },
  { path: '/update-log', component: lazy(() => import('./update-log.page.tsx')) },
  { path: '/updatelog', component: lazy(() => import('./updatelog.page.tsx')) },
];
