import { P } from '@shuyuan/contracts/common/paths';
import { BackIssueQuery } from '@shuyuan/contracts/serials/statistics';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { arrivalRoutes } from './arrival.routes.ts';
import { backIssues } from './back-issues.service.ts';
import { bindingRoutes } from './binding.routes.ts';
import { orderRoutes } from './orders.routes.ts';
import { renewalRoutes } from './renewal.routes.ts';
import { subscriptionRoutes } from './subscriptions.routes.ts';
import { TITLES, titleRoutes } from './titles.routes.ts';

/** Every serials screen's routes; each concern registers its own (titles, orders, subscriptions, arrival…). */
export function serialsRoutes(app: FastifyInstance): void {
  titleRoutes(app);
  orderRoutes(app);
  subscriptionRoutes(app);
  renewalRoutes(app);
  arrivalRoutes(app);
  bindingRoutes(app);
  route(app, {
    url: `${P}/Serials/GetBackIssues`,
    access: TITLES,
    schema: BackIssueQuery,
    summary: 'Arrived issues by title words, kind, year and issue number, with copies on the shelf, out and bound',
    handler: ({ db, scope, body }) => backIssues(db, scope, body),
  });
}
