import { lazy } from 'react';
import type { PageDef } from '../../app/pages.ts';

/** Unions (issue 17): management, union search, union cataloguing. /orschool is the public site's (apps/web/src/opac). */
export const pages: PageDef[] = [
  { path: '/union/union-mana', component: lazy(() => import('./union-mana.page.tsx')), titleKey: 'union.pages.mana' },
  { path: '/union/search', component: lazy(() => import('./search.page.tsx')), titleKey: 'union.pages.search' },
  { path: '/union-catalog', component: lazy(() => import('./catalog.page.tsx')), titleKey: 'union.pages.catalog' },
];
