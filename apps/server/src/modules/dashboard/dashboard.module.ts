import { registerMessages } from '../../platform/i18n/messages.ts';
import type { ServerModule } from '../index.ts';
import { dashboardRoutes } from './dashboard.routes.ts';

registerMessages({
  'dashboard.badShortcut': { zh: '无法固定该菜单', en: 'This menu cannot be pinned' },
});

/** Home dashboard (/data-analysis): live figures and the user's pinned shortcuts. */
export const dashboardModule: ServerModule = { name: 'dashboard', routes: dashboardRoutes };
