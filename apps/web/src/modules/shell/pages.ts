import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Shell routes inside the layout (spec §2): its helpers (outside it: outside-pages.ts). */
export const pages: PageDef[] = [
  {
    path: '/redirect/*',
    component: lazy(() => import('./redirect.page.tsx')),
    titleKey: 'shell.pages.redirect',
    noTab: true,
    keepAlive: false,
  },
  { path: '/iframe', component: lazy(() => import('./iframe.page.tsx')), titleKey: 'shell.iframe.title' },
];
