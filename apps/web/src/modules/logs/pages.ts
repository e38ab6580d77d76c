import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** System logs (spec §2 System): read-only lists with filters, detail and export. */
export const pages: PageDef[] = [
  {
    path: '/sys/log/operation',
    component: lazy(() => import('./operation.page.tsx')),
    titleKey: 'logs.pages.operation',
  },
  { path: '/sys/log/error', component: lazy(() => import('./error.page.tsx')), titleKey: 'logs.pages.error' },
  { path: '/sys/log/login', component: lazy(() => import('./login.page.tsx')), titleKey: 'logs.pages.login' },
  { path: '/sys/log/sip2', component: lazy(() => import('./sip2.page.tsx')), titleKey: 'logs.pages.sip2' },
];
