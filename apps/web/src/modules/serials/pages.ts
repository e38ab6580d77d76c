import { lazy } from 'react';
import type { PageDef } from '../../app/pages.ts';

const checkin = () => import('./checkin.page.tsx');
const transfer = () => import('./transfer.page.tsx');

/** Periodicals (issue 15): arrival (one check-in and one distribution screen, each for both kinds). */
export const pages: PageDef[] = [
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
];
