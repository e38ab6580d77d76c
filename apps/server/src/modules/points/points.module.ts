import type { ServerModule } from '../index.ts';
import './circulation-hooks.ts';
import './points.messages.ts';
import { clockRoutes } from './clock.routes.ts';
import { pointsRoutes } from './points.routes.ts';

/** Reading points: rules, the ledger and balances, manual adjustment, exports (modules/points/README.md). */
export const pointsModule: ServerModule = {
  name: 'points',
  routes: (app) => {
    pointsRoutes(app);
    clockRoutes(app);
  },
};
