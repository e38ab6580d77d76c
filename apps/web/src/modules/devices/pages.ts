import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Devices of a school: self-check machines (SIP2 accounts), API clients; the device test pages of the desk. */
export const pages: PageDef[] = [
  { path: '/sys/devices', component: lazy(() => import('./devices.page.tsx')), titleKey: 'devices.pages.devices' },
  { path: '/test', component: lazy(() => import('./device-test.page.tsx')), titleKey: 'devices.pages.test' },
  { path: '/rd120m', component: lazy(() => import('./rd120m.page.tsx')), titleKey: 'devices.pages.rd120m' },
];
