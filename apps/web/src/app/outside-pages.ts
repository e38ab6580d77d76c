import type { PageDef } from './pages.ts';

/**
 * Pages outside the staff layout — bare pages (sign-in, error pages, full-screen stations), the public search's
 * routes, guide screens — from every module's `outside-pages.ts`. They ship with the entry (the sign-in page is one
 * of them); the staff layout's own table (pages.ts) loads with the layout.
 */
const found = import.meta.glob<{ outsidePages: PageDef[] }>('../modules/*/outside-pages.ts', { eager: true });

export const outsidePages: PageDef[] = Object.values(found).flatMap((m) => m.outsidePages);
