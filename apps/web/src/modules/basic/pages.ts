import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Basic settings of the library (spec §2 Basics). */
export const pages: PageDef[] = [
  {
    path: '/resource-mana/basic-set/branch',
    component: lazy(() => import('./branch.page.tsx')),
    titleKey: 'basic.pages.branch',
  },
  {
    path: '/resource-mana/basic-Set/resource-type',
    component: lazy(() => import('./resource-type.page.tsx')),
    titleKey: 'basic.pages.resourceType',
  },
  {
    path: '/resource-mana/basic-set/location',
    component: lazy(() => import('./location.page.tsx')),
    titleKey: 'basic.pages.location',
  },
  {
    path: '/resource-mana/basic-set/location-num',
    component: lazy(() => import('./shelf.page.tsx')),
    titleKey: 'basic.pages.shelf',
  },
  {
    path: '/resource-mana/basic-set/location-num-pos',
    component: lazy(() => import('./shelf-position.page.tsx')),
    titleKey: 'basic.pages.shelfPosition',
  },
  {
    path: '/bookshelf-area',
    component: lazy(() => import('./shelf-area.page.tsx')),
    titleKey: 'basic.pages.shelfArea',
  },
];
