import { P } from '@shuyuan/contracts/common/paths';
import { OrderListQuery, RenewBody } from '@shuyuan/contracts/serials/order';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { TitleOptionsQuery, titleOptions } from './orders.routes.ts';
import { listOrders } from './orders.service.ts';
import { renew } from './renewal.service.ts';

/** Permission code of the renewal screen (/magazine-reorder). */
export const RENEWAL = 'magazine-reorder';
const S = `${P}/Serials`;

export function renewalRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${S}/GetRenewalOrders`,
    access: RENEWAL,
    schema: OrderListQuery,
    summary: "A year's orders to renew from (and, for the next year, what is already ordered)",
    handler: ({ db, scope, body }) => listOrders(db, scope, body),
  });
  route(app, {
    url: `${S}/RenewalTitleOptions`,
    access: RENEWAL,
    schema: TitleOptionsQuery,
    handler: ({ db, scope, body }) => titleOptions(db, scope, body),
  });
  route(app, {
    url: `${S}/Renew`,
    access: `${RENEWAL}:order`,
    schema: RenewBody,
    audit: 'serials.renew',
    handler: ({ db, scope, body, t }) => renew(db, scope, body, t),
  });
}
