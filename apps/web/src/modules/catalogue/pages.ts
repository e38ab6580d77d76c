import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Cataloguing (issue 3 §1, §2, §6): records, the cataloguing desk, copies, batches, settings. */
export const pages: PageDef[] = [
  {
    path: '/resource-mana/resource/catalog',
    component: lazy(() => import('./catalogue.page.tsx')),
    titleKey: 'catalogue.pages.catalog',
  },
  {
    path: '/book-editing',
    component: lazy(() => import('./book-editing.page.tsx')),
    titleKey: 'catalogue.pages.bookEditing',
  },
  {
    path: '/book-editing2',
    component: lazy(() => import('./book-editing2.page.tsx')),
    titleKey: 'catalogue.pages.bookEditing2',
  },
  {
    path: '/book-editing3',
    component: lazy(() => import('./book-editing3.page.tsx')),
    titleKey: 'catalogue.pages.bookEditing3',
  },
  {
    path: '/book-editing-rule',
    component: lazy(() => import('./book-editing-rule.page.tsx')),
    titleKey: 'catalogue.pages.bookEditingRule',
  },
  {
    path: '/collection',
    component: lazy(() => import('./collection.page.tsx')),
    titleKey: 'catalogue.pages.collection',
  },
  {
    path: '/record-duplicates',
    component: lazy(() => import('./duplicates.page.tsx')),
    titleKey: 'catalogue.pages.duplicates',
  },
  { path: '/batch', component: lazy(() => import('./batch.page.tsx')), titleKey: 'catalogue.pages.batch' },
];
