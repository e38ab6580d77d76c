import type { ServerModule } from '../index.ts';
import './stocktake.messages.ts';
import { sessionExportRoutes } from './session-export.ts';
import { stocktakeRoutes } from './stocktake.routes.ts';
import { weedingRoutes } from './weeding.routes.ts';

/** Stocktake sessions, scans and reports; weeding (issue 3 §8). */
export const stocktakeModule: ServerModule = {
  name: 'stocktake',
  routes: (app) => {
    stocktakeRoutes(app);
    sessionExportRoutes(app);
    weedingRoutes(app);
  },
};
