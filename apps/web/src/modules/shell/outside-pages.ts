import { lazy } from 'react';
import type { PageDef } from '../../app/pages.ts';

/** Shell routes outside the layout (spec §2): error pages, sign-in returns, desktop bridge. */
export const outsidePages: PageDef[] = [
  {
    path: '/404',
    layout: 'bare',
    component: lazy(() => import('./not-found.page.tsx')),
    titleKey: 'shell.notFound.title',
  },
  {
    path: '/401',
    layout: 'bare',
    component: lazy(() => import('./unauthorized.page.tsx')),
    titleKey: 'shell.unauthorized.title',
  },
  {
    path: '/callback',
    layout: 'bare',
    component: lazy(() => import('./callback.page.tsx')),
    titleKey: 'shell.pages.callback',
  },
  {
    path: '/callbacksearch',
    layout: 'bare',
    component: lazy(() => import('./callback-search.page.tsx')),
    titleKey: 'shell.pages.callbackSearch',
  },
  {
    path: '/bridge',
    layout: 'bare',
    component: lazy(() => import('./bridge.page.tsx')),
    titleKey: 'shell.pages.bridge',
  },
  {
    path: '/checkversion',
    layout: 'bare',
    component: lazy(() => import('./check-version.page.tsx')),
    titleKey: 'shell.version.title',
  },
  {
    path: '/connect/oauth',
    layout: 'bare',
    component: lazy(() => import('./connect-oauth.page.tsx')),
    titleKey: 'shell.pages.connectOauth',
  },
  {
    path: '/connect/unoauth',
    layout: 'bare',
    component: lazy(() => import('./connect-unoauth.page.tsx')),
    titleKey: 'shell.pages.connectUnoauth',
  },
];
