import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** System settings screens (spec §2 System). */
export const pages: PageDef[] = [
  { path: '/setting', component: lazy(() => import('./setting.page.tsx')), titleKey: 'settings.pages.setting' },
  {
    path: '/basic-config',
    component: lazy(() => import('./basic-config.page.tsx')),
    titleKey: 'settings.pages.basicConfig',
  },
  { path: '/email', component: lazy(() => import('./email.page.tsx')), titleKey: 'settings.pages.email' },
  { path: '/update-log', component: lazy(() => import('./update-log.page.tsx')), titleKey: 'settings.pages.updateLog' },
  { path: '/updatelog', component: lazy(() => import('./updatelog.page.tsx')), titleKey: 'settings.pages.updatelog' },
];
