import type { FastifyRequest } from 'fastify';

const HOST_RE = /^[a-z0-9.\-[\]:]+$/i;

/**
 * The origin the browser used (Host, or X-Forwarded-Host/Proto behind a proxy). Sign-in works on any
 * address of the server (localhost, a LAN IP, a domain): the provider's issuer, the redirect URIs and the
 * platform config all follow it. A request can only name redirects on its own origin, so no open redirect.
 */
export function requestOrigin(req: FastifyRequest): string {
  const host = HOST_RE.test(req.host) ? req.host.toLowerCase() : 'localhost';
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

export const callbackUri = (origin: string) => `${origin}/library/callback`;
export const searchCallbackUri = (origin: string) => `${origin}/library/callbacksearch`;
export const postLogoutUri = (origin: string) => `${origin}/library/`;

/** Redirect URIs the web client may use from `origin` (the desktop shell has its own client). */
export function redirectUris(origin: string): string[] {
  return [callbackUri(origin), searchCallbackUri(origin)];
}
