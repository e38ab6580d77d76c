import type { ServerModule } from '../index.ts';
import { roleRoutes } from './role.routes.ts';

export const roleModule: ServerModule = {
  name: 'role',
  routes: roleRoutes,
};
