import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authEnv } from '../modules/auth/auth-env.ts';

/**
 * The Content-Security-Policy of every answer: the back office, the public search site, the provider's own pages
 * (/oauth2) and the API. One policy for all, so a new page or entry of the web app passes as long as it keeps to
 * the rules the build already follows:
 * - scripts only from files of this server: no inline script, no eval, no inline event handler attribute (the
 *   build's index.html loads one module script; the provider's sign-out page loads its script as a file);
 * - styles from files and inline: antd's CSS-in-JS writes <style> elements while the app runs, and React
 *   components set `style` attributes, which a nonce cannot cover (a nonce applies to elements, never attributes,
 *   and would need index.html rendered per request instead of served precompressed) — so 'unsafe-inline' for
 *   styles only, where it cannot run code;
 * - images from anywhere over http(s), data: and blob: (book covers are addresses typed or fetched from
 *   cataloguing sources; the picture code is a data: image; previews are blob: URLs);
 * - frames: blob: for the PDF previews of printing, and http(s) pages because the menu can embed an external
 *   page (`/iframe?url=…`, sandboxed); this server itself is never framed by anyone (frame-ancestors 'none'):
 *   the app renews sign-ins with refresh tokens, not in a hidden frame of its own pages;
 * - connections to this server, and to the external OpenID provider when one is configured (OIDC_EXTERNAL_ISSUER:
 *   the browser reads its discovery document and token endpoint);
 * - forms post only here (the provider's sign-out confirmation); <base> only here; objects only from here and blob:
 *   (Chromium shows a PDF preview in a frame with its plugin, which object-src governs).
 */
const directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'media-src': ["'self'", 'data:', 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'connect-src': ["'self'", () => externalIssuerOrigin() ?? "'self'"],
  'frame-src': ["'self'", 'blob:', 'http:', 'https:'],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'object-src': ["'self'", 'blob:'],
  'base-uri': ["'self'"],
  'manifest-src': ["'self'"],
};

function externalIssuerOrigin(): string | undefined {
  const issuer = authEnv().external?.issuer;
  if (!issuer) return undefined;
  try {
    return new URL(issuer).origin;
  } catch {
    return undefined;
  }
}

/** How long a browser keeps to https once it saw this server over https (a year). */
const HSTS = 'max-age=31536000';

/**
 * Security headers on every answer (@fastify/helmet): the policy above, X-Content-Type-Options: nosniff,
 * X-Frame-Options: DENY (for browsers without frame-ancestors), Referrer-Policy: same-origin (addresses of the
 * back office never leak to cover-image hosts or embedded pages, while this server's own pages keep their Origin
 * and Referer), Cross-Origin-Opener-Policy, Cross-Origin-Resource-Policy: same-site. HSTS only on an answer served
 * over https (directly, or through a proxy TRUST_PROXY names): over plain http on a school network it would make
 * browsers refuse the server.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // On the raw answer, like helmet's own headers: the provider's pages (/oauth2) write it themselves.
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS);
  });
}

/**
 * Headers that govern a document only (what it may load, run, frame or open); a script, style sheet, font or
 * image loaded by a page runs under that page's policy and ignores them. ~0.9 KB per answer.
 */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
/**
 * Files of the web app that are never a document: scripts, styles, fonts, raster images, source maps. An HTML page,
 * an SVG picture (which can hold script when opened by itself) or anything else keeps every header. No file of
 * the build is a worker script (a worker would take its policy from its own answer).
 */
const SUBRESOURCE = /\.(m?js|css|woff2?|ttf|otf|png|jpe?g|gif|webp|avif|ico|map)(\.(br|gz))?$/i;

/**
 * Leaves out the document-only headers on a web app file that is never a document (the ~30 files of a first
 * visit would otherwise carry ~25 KB of them); nosniff, the referrer policy and the resource policy stay.
 */
export function subresourceHeaders(reply: FastifyReply, file: string): void {
  if (!SUBRESOURCE.test(file)) return;
  for (const h of DOCUMENT_ONLY) reply.raw.removeHeader(h);
}
