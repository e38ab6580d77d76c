import { lazy } from 'react';
import type { PageDef } from '../../app/pages.ts';

/** Statistics outside the layout: the wall screen, full screen (spec §2). */
export const outsidePages: PageDef[] = [
  // The wall screen: full screen, outside the layout (spec §2).
  {
    path: '/statistic',
    layout: 'bare',
    component: lazy(() => import('./wall.page.tsx')),
    titleKey: 'wall.titlePlain',
  },
];
