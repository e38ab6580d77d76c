import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Unions (issue 17): management, union search, union cataloguing, union lending. /orschool is the public site's (apps/web/src/opac). */
export const pages: PageDef[] = [
  { path: '/union/union-mana', component: lazy(() => import('./union-mana.page.tsx')), titleKey: 'union.pages.mana' },
  { path: '/union/search', component: lazy(() => import('./search.page.tsx')), titleKey: 'union.pages.search' },
  { path: '/union/borrow', component: lazy(() => import('./borrow.page.tsx')), titleKey: 'union.pages.borrow' },
  { path: '/union/return', component: lazy(() => import('./return.page.tsx')), titleKey: 'union.pages.return' },
  { path: '/union/brrecord', component: lazy(() => import('./brrecord.page.tsx')), titleKey: 'union.pages.brrecord' },
  {
    path: '/union/borrowlend',
    component: lazy(() => import('./borrowlend.page.tsx')),
    titleKey: 'union.pages.borrowlend',
  },
  { path: '/union-catalog', component: lazy(() => import('./catalog.page.tsx')), titleKey: 'union.pages.catalog' },
];
