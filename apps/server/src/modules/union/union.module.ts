import type { ServerModule } from '../index.ts';
import './union.messages.ts';
import './union-lending.messages.ts';
import { unionLendingRoutes } from './union-lending.routes.ts';
import { unionRoutes } from './union.routes.ts';

/** Unions of schools (issue 17): management, union search, union cataloguing, union lending, /orschool. */
export const unionModule: ServerModule = {
  name: 'union',
  routes: (app) => {
    unionRoutes(app);
    unionLendingRoutes(app);
  },
};
