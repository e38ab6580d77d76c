import type { Db } from '../../db/client.ts';
import { revokeGrant } from './tokens.ts';

/**
 * RP-initiated sign-out (`/oauth2/session/end`, then `/session/end/confirm`), guarded and completed here:
 * - the confirmation page submits itself only when our own web app sent the browser there (same origin); a
 *   link or a form on another site gets a page with a button, so another site cannot sign a user out;
 * - a confirmation posted from another site is refused (the provider also checks its xsrf value);
 * - a confirmed sign-out revokes the grants of the session it ends, so its access and refresh tokens stop
 *   working at once (the provider keeps grants with offline_access otherwise), like P/WebPlat/EndSession.
 */
export const SIGN_OUT_SCRIPT = '/sign-out.js';
const CONFIRM = '/session/end/confirm';

/** Submits the confirmation form; served as a file so the page runs under a CSP without inline script. */
const SCRIPT = "document.getElementById('op.logoutForm').submit();";

const issuerOrigin = (ctx: any) => new URL(ctx.oidc?.issuer ?? `${ctx.protocol}://${ctx.host}`).origin;

/** True when the request comes from a page of this origin (Sec-Fetch-Site, else Origin or Referer). */
export function fromOwnPage(ctx: any): boolean {
  const site = ctx.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const from = ctx.get('origin') || ctx.get('referer');
  try {
    return !!from && new URL(from).origin === issuerOrigin(ctx);
  } catch {
    return false;
  }
}

/** True when a browser says the request was sent by another site. */
function fromOtherSite(ctx: any): boolean {
  const site = ctx.get('sec-fetch-site');
  if (site) return site === 'cross-site' || site === 'same-site';
  const origin = ctx.get('origin');
  if (!origin || origin === 'null') return false;
  try {
    return new URL(origin).origin !== issuerOrigin(ctx);
  } catch {
    return true;
  }
}

/** Koa middleware of each provider instance (oidc-provider.ts). */
export function signOutGuard(db: Db, provider: any) {
  return async (ctx: any, next: () => Promise<void>) => {
    if (ctx.method === 'GET' && ctx.path === SIGN_OUT_SCRIPT) {
      ctx.type = 'application/javascript';
      ctx.set('cache-control', 'no-cache');
      ctx.body = SCRIPT;
      return;
    }
    if (ctx.method !== 'POST' || ctx.path !== CONFIRM) return next();
    if (fromOtherSite(ctx)) {
      ctx.status = 403;
      ctx.type = 'text/plain';
      ctx.body = 'Forbidden';
      return;
    }
    const before = await provider.Session.get(ctx);
    const grants = Object.entries((before.authorizations ?? {}) as Record<string, { grantId?: string }>);
    await next();
    if (ctx.status !== 303) return;
    const after = ctx.oidc?.session;
    for (const [clientId, a] of grants) {
      // Signed out everywhere (the session is gone) or of this client only (its authorization is gone).
      if (a.grantId && (!after || after.destroyed || !after.authorizations?.[clientId]))
        await revokeGrant(db, a.grantId);
    }
  };
}
