import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** MARC (issue 3 §4): import with preview, export, the record editor, catalogue data from Excel. */
export const pages: PageDef[] = [
  { path: '/marc-import', component: lazy(() => import('./marc-import.page.tsx')), titleKey: 'marc.pages.import' },
  { path: '/marc-export', component: lazy(() => import('./marc-export.page.tsx')), titleKey: 'marc.pages.export' },
  { path: '/Marc', component: lazy(() => import('./marc-editor.page.tsx')), titleKey: 'marc.pages.editor' },
  {
    path: '/marc-catalog-import',
    component: lazy(() => import('./catalog-import.page.tsx')),
    titleKey: 'marc.pages.catalogImport',
  },
];
