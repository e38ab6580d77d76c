import type { ServerModule } from '../index.ts';
import './serials.messages.ts';
import './orders.messages.ts';
import { serialsRoutes } from './serials.routes.ts';

/** Periodicals (issue 15): titles, yearly orders and subscriptions, renewal, issue prediction, arrival, claims. */
export const serialsModule: ServerModule = { name: 'serials', routes: serialsRoutes };
