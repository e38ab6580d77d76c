import { registerSchedule } from '../../platform/jobs/jobs.ts';
import type { ServerModule } from '../index.ts';
import { refreshAllUnionIndexes } from './union-index.service.ts';
import './union.messages.ts';
import './union-lending.messages.ts';
import './union-desk-return.ts';
import './union-copy-away.ts';
import { unionLendingRoutes } from './union-lending.routes.ts';
import { unionRemoteRoutes } from './union-remote.routes.ts';
import { unionRoutes } from './union.routes.ts';

// The union search index takes in the writes a search left to it (a member joining: all its works) in steps.
registerSchedule('union-index', { everyMs: 15_000 }, async (app) => {
  await refreshAllUnionIndexes(app.database.db);
});

/** Unions of schools (issue 17): management, union search, union cataloguing, union lending, /orschool. */
export const unionModule: ServerModule = {
  name: 'union',
  routes: (app) => {
    unionRoutes(app);
    unionLendingRoutes(app);
    unionRemoteRoutes(app);
  },
};
