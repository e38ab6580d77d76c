import { lazy } from 'react';
import type { PageDef } from '../../app/pages.ts';

/** Devices of a school: self-check machines (SIP2 accounts) and API clients. */
export const pages: PageDef[] = [
  { path: '/sys/devices', component: lazy(() => import('./devices.page.tsx')), titleKey: 'devices.pages.devices' },
];
