import { P } from '@shuyuan/contracts/common/paths';
import { OrderListQuery, PatternSave, PreviewBody, SubscriptionId } from '@shuyuan/contracts/serials/order';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { schoolToday } from '../circulation/rules.service.ts';
import { listOrders } from './orders.service.ts';
import { listIssues, predictSubscription, predictYear, savePattern } from './subscriptions.service.ts';

/** Permission code of the subscriptions screen (/magazine-subscription): numbering patterns and predicted issues. */
export const SUBSCRIPTIONS = 'magazine-subscription';
const S = `${P}/Serials`;

export function subscriptionRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${S}/GetSubscriptionList`,
    access: SUBSCRIPTIONS,
    schema: OrderListQuery,
    handler: ({ db, scope, body }) => listOrders(db, scope, body),
  });
  route(app, {
    url: `${S}/GetIssues`,
    access: SUBSCRIPTIONS,
    schema: SubscriptionId,
    summary: "A subscription's written issues (late = expected and past its date)",
    handler: async ({ db, scope, body }) => listIssues(db, scope, body.id, await schoolToday(db, scope)),
  });
  route(app, {
    url: `${S}/PreviewIssues`,
    access: SUBSCRIPTIONS,
    schema: PreviewBody,
    summary: 'The issues a numbering pattern predicts for a year; nothing is written',
    handler: ({ body }) => predictYear(body.pattern, body.year),
  });
  route(app, {
    url: `${S}/SavePattern`,
    access: `${SUBSCRIPTIONS}:edit`,
    schema: PatternSave,
    audit: 'serials.subscription.pattern',
    handler: ({ db, scope, body }) => savePattern(db, scope, body.id, body.pattern),
  });
  route(app, {
    url: `${S}/PredictYear`,
    access: `${SUBSCRIPTIONS}:edit`,
    schema: SubscriptionId,
    audit: 'serials.subscription.predict',
    summary: "Writes the year's predicted issues; again after a pattern change, replaces only future un-arrived ones",
    handler: async ({ db, scope, body }) => predictSubscription(db, scope, body.id, await schoolToday(db, scope)),
  });
}
