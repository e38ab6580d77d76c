import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

const checkin = () => import('./checkin.page.tsx');
const transfer = () => import('./transfer.page.tsx');
const binding = () => import('./binding.page.tsx');
const stats = () => import('./statistics.page.tsx');

/**
 * Periodicals (issue 15): titles, subscriptions, year orders, renewal; arrival (one check-in and one distribution
 * screen, each for both kinds).
 */
export const pages: PageDef[] = [
  { path: '/magazinelibrary', component: lazy(() => import('./titles.page.tsx')), titleKey: 'serials.pages.titles' },
  {
    path: '/magazine-subscription',
    component: lazy(() => import('./subscriptions.page.tsx')),
    titleKey: 'serials.pages.subscriptions',
  },
  { path: '/magazine-order', component: lazy(() => import('./orders.page.tsx')), titleKey: 'serials.pages.orders' },
  { path: '/magazine-reorder', component: lazy(() => import('./renewal.page.tsx')), titleKey: 'serials.pages.renewal' },
  {
    path: '/magazine',
    component: lazy(() => checkin().then((m) => ({ default: m.MagazineCheckIn }))),
    titleKey: 'serialsArrival.pages.magazineCheckin',
  },
  {
    path: '/magazine-two',
    component: lazy(() => checkin().then((m) => ({ default: m.NewspaperCheckIn }))),
    titleKey: 'serialsArrival.pages.newspaperCheckin',
  },
  {
    path: '/magazine-rowto',
    component: lazy(() => transfer().then((m) => ({ default: m.MagazineTransfer }))),
    titleKey: 'serialsArrival.pages.magazineTransfer',
  },
  {
    path: '/magazine-rowto2',
    component: lazy(() => transfer().then((m) => ({ default: m.NewspaperTransfer }))),
    titleKey: 'serialsArrival.pages.newspaperTransfer',
  },
  {
    path: '/magazine-bound',
    component: lazy(() => binding().then((m) => ({ default: m.MagazineBinding }))),
    titleKey: 'serialsBinding.pages.magazine',
  },
  {
    path: '/magazine-bound2',
    component: lazy(() => binding().then((m) => ({ default: m.NewspaperBinding }))),
    titleKey: 'serialsBinding.pages.newspaper',
  },
  {
    path: '/magazine-statistics',
    component: lazy(() => stats().then((m) => ({ default: m.MagazineStatistics }))),
    titleKey: 'serialsStats.pages.magazine',
  },
  {
    path: '/magazine-statistics2',
    component: lazy(() => stats().then((m) => ({ default: m.NewspaperStatistics }))),
    titleKey: 'serialsStats.pages.newspaper',
  },
];
