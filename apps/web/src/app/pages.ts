import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * A screen of the back office (or of the public site / guide screens). Each domain lists its screens in
 * `modules/<domain>/pages.ts` as `export const pages: PageDef[]` (inside the staff layout), and the ones outside it
 * (layout 'bare' | 'opac' | 'guide') in `modules/<domain>/outside-pages.ts` as `export const outsidePages`; the
 * router collects them all, so adding a screen never touches a shared file.
 */
export interface PageDef {
  /** Hash route path exactly as spec §2 writes it, e.g. '/sys/company'. */
  path: string;
  component: LazyExoticComponent<ComponentType<any>> | ComponentType<any>;
  /** Where it lives: inside the staff layout (default), bare (outside the layout), public search, guide screen. */
  layout?: 'main' | 'bare' | 'opac' | 'guide';
  /** Kept alive across navigation (default true in the main layout; spec §2 lists the exceptions). */
  keepAlive?: boolean;
  /** i18n key of the tab title when the menu has no entry for this path. */
  titleKey?: string;
  /** A helper route of the main layout that never becomes a tab (e.g. /redirect). */
  noTab?: boolean;
}

/**
 * The staff layout's screens (every module's `pages.ts`). Only the staff layout and the back office's router import
 * this file, so the page table comes with the layout: the sign-in page and the public pages never download it.
 * Pages outside the layout are listed in `modules/<domain>/outside-pages.ts` (outside-pages.ts here).
 */
const found = import.meta.glob<{ pages: PageDef[] }>('../modules/*/pages.ts', { eager: true });

export const mainPages: PageDef[] = Object.values(found).flatMap((m) => m.pages);
