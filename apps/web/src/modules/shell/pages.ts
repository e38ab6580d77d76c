import { lazy } from 'react';
import type { PageDef } from '../../app/pages.ts';

/** Shell routes (spec §2): error pages, sign-in returns, desktop bridge, helpers of the layout. */
export const pages: PageDef[] = [
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
  {
    path: '/redirect/*',
    component: lazy(() => import('./redirect.page.tsx')),
    titleKey: 'shell.pages.redirect',
    noTab: true,
    keepAlive: false,
  },
  { path: '/iframe', component: lazy(() => import('./iframe.page.tsx')), titleKey: 'shell.iframe.title' },
];
