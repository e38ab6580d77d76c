import type { FastifyInstance } from 'fastify';

/** Every serials screen's routes; each concern registers its own (titles, orders, subscriptions, arrival…). */
export function serialsRoutes(_app: FastifyInstance): void {}
