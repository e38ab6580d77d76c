import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Back office: what the public site shows (the public routes themselves: outside-pages.ts). */
export const pages: PageDef[] = [
  {
    path: '/search-mana',
    component: lazy(() => import('./search-mana.page.tsx')),
    titleKey: 'settings.pages.searchMana',
  },
];
