import type { FastifyRequest } from 'fastify';
import { publicOrigin } from '../../platform/origin.ts';

/**
 * The origin sign-in uses for this request: one of the addresses PUBLIC_URL lists, or when it is unset one of the
 * machine's own addresses (localhost, a LAN IP), so sign-in works on each without naming it — never a host the
 * request merely claims (platform/origin.ts). Redirect URIs are built on it, so no open redirect.
 */
export function requestOrigin(req: FastifyRequest): string {
  return publicOrigin(req);
}

export const callbackUri = (origin: string) => `${origin}/library/callback`;
export const searchCallbackUri = (origin: string) => `${origin}/library/callbacksearch`;
export const postLogoutUri = (origin: string) => `${origin}/library/`;

/** Redirect URIs the web client may use from `origin` (the desktop shell has its own client). */
export function redirectUris(origin: string): string[] {
  return [callbackUri(origin), searchCallbackUri(origin)];
}
