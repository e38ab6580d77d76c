import type { ServerModule } from '../index.ts';
import { bulkRoutes } from './bulk.routes.ts';
import './holdings.messages.ts';
import { lookupRoutes } from './lookup.routes.ts';
import { movementRoutes } from './movement.routes.ts';
import { registerBorrowCheck } from '../circulation/circulation.hooks.ts';
import { lendCheck, resourceAuthRoutes } from './resource-auth.ts';

registerBorrowCheck(lendCheck);

/** Collection operations on the catalogue's copies: bulk edits, transfers, labels, positioning, lookups. */
export const holdingsModule: ServerModule = {
  name: 'holdings',
  routes: (app) => {
    bulkRoutes(app);
    movementRoutes(app);
    lookupRoutes(app);
    resourceAuthRoutes(app);
  },
};
