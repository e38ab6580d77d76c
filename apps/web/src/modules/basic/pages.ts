import { lazy } from 'react';
import type { PageDef } from '../../app/pages.ts';

/** Basic settings of the library (spec §2 Basics). */
export const pages: PageDef[] = [
  { path: '/resource-mana/basic-set/branch', component: lazy(() => import('./branch.page.tsx')) },
  { path: '/resource-mana/basic-Set/resource-type', component: lazy(() => import('./resource-type.page.tsx')) },
  { path: '/resource-mana/basic-set/location', component: lazy(() => import('./location.page.tsx')) },
  { path: '/resource-mana/basic-set/location-num', component: lazy(() => import('./shelf.page.tsx')) },
  { path: '/resource-mana/basic-set/location-num-pos', component: lazy(() => import('./shelf-position.page.tsx')) },
  { path: '/bookshelf-area', component: lazy(() => import('./shelf-area.page.tsx')) },
];
