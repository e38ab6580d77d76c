import { P } from '@shuyuan/contracts/common/paths';
import { DashboardQuery, ShortcutCodes } from '@shuyuan/contracts/dashboard/dashboard';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { dashboard, todo } from './dashboard.service.ts';
import { getShortcuts, setShortcuts, sortShortcuts } from './shortcuts.service.ts';

export function dashboardRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Home/GetDashboard`,
    access: 'data-analysis',
    schema: DashboardQuery,
    handler: ({ db, scope, body }) => dashboard(db, scope, body.days),
  });

  route(app, {
    url: `${P}/Home/GetTodo`,
    access: 'data-analysis',
    summary: "The day's to-do counts (holds to pull, suggestions, overdue to remind, lost cards) with their screens",
    handler: ({ db, scope, user }) => todo(db, scope, user!),
  });

  // Shortcuts are the caller's own: any member of the school, limited to menus they may open.
  route(app, {
    url: `${P}/Desktop/GetHomeShortcuts`,
    access: 'school',
    handler: ({ db, scope, user }) => getShortcuts(db, scope, user!),
  });
  route(app, {
    url: `${P}/Desktop/AddHomeShortcuts`,
    access: 'school',
    schema: ShortcutCodes,
    audit: 'home.shortcuts',
    handler: ({ db, scope, user, body, t }) => setShortcuts(db, scope, user!, body.codes, t),
  });
  route(app, {
    url: `${P}/Desktop/UpdateHomeShortcutsSort`,
    access: 'school',
    schema: ShortcutCodes,
    audit: 'home.shortcuts.sort',
    handler: ({ db, scope, user, body }) => sortShortcuts(db, scope, user!, body.codes),
  });
}
