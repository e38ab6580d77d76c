import type { FastifyInstance } from 'fastify';
import { arrivalRoutes } from './arrival.routes.ts';
import { bindingRoutes } from './binding.routes.ts';
import { orderRoutes } from './orders.routes.ts';
import { renewalRoutes } from './renewal.routes.ts';
import { subscriptionRoutes } from './subscriptions.routes.ts';
import { titleRoutes } from './titles.routes.ts';

/** Every serials screen's routes; each concern registers its own (titles, orders, subscriptions, arrival…). */
export function serialsRoutes(app: FastifyInstance): void {
  titleRoutes(app);
  orderRoutes(app);
  subscriptionRoutes(app);
  renewalRoutes(app);
  arrivalRoutes(app);
  bindingRoutes(app);
}
