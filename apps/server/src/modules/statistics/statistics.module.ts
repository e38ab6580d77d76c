import type { ServerModule } from '../index.ts';
import { chartsRoutes } from './charts.routes.ts';
import './statistics.messages.ts';
import { statisticsRoutes } from './statistics.routes.ts';

/** Statistics, rankings and reports (issue 12), and the public Charts figures of the guide screens. */
export const statisticsModule: ServerModule = {
  name: 'statistics',
  routes: (app) => {
    statisticsRoutes(app);
    chartsRoutes(app);
  },
};
