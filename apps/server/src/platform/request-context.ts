import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work runs for (route.ts runs every handler inside it): a background task started by a
 * request logs that request's id with its start and end lines, so the two can be found together.
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();
