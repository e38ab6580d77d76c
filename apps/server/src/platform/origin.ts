import os from 'node:os';
import type { FastifyRequest } from 'fastify';

/**
 * The origin (scheme://host[:port]) sign-in works on for this request: the provider's issuer, its redirect URIs and
 * the web app's platform configuration are built from it. It is never taken from the request as such — a Host or
 * X-Forwarded-Host header is only a choice among addresses the server already owns:
 * - PUBLIC_URL set (one address or a comma-separated list): the listed origin whose host the request names, with the
 *   listed scheme; any other host gets the first one.
 * - PUBLIC_URL unset: the request's host when it is one of this machine's own addresses (localhost, a loopback or
 *   network-interface address, the host name), with any port, so the server works at once on its LAN address;
 *   any other host gets http://localhost:PORT.
 * So `Host: evil.example` (or X-Forwarded-Host from a trusted proxy) never makes evil.example an issuer or a
 * redirect target.
 */
export function publicOrigin(req: FastifyRequest): string {
  const config = req.server.config;
  const host = hostOf(req);
  if (config.publicOrigins.length) {
    const named = host && new URL(`http://${host}`).host;
    return config.publicOrigins.find((o) => named && new URL(o).host === named) ?? config.publicOrigins[0];
  }
  if (host && isOwnAddress(new URL(`http://${host}`).hostname)) {
    return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
  }
  return config.publicUrl;
}

const HOST_RE = /^[a-z0-9.\-[\]:]+$/i;

/** The host[:port] the request names (X-Forwarded-Host only from a trusted proxy), or '' when malformed. */
function hostOf(req: FastifyRequest): string {
  const h = (req.host ?? '').toLowerCase();
  if (!HOST_RE.test(h)) return '';
  try {
    new URL(`http://${h}`);
    return h;
  } catch {
    return '';
  }
}

const REFRESH_MS = 10_000;
let own: { at: number; names: Set<string> } | undefined;

function ownAddresses(): Set<string> {
  const names = new Set(['localhost', os.hostname().toLowerCase(), `${os.hostname().toLowerCase()}.local`]);
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) names.add(a.address.toLowerCase().replace(/%.*$/, ''));
  }
  return names;
}

/** Addresses change (DHCP, a cable plugged in): an unknown name re-reads the interfaces, at most every 10 s. */
function isOwnAddress(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, '');
  if (name === 'localhost' || name.endsWith('.localhost') || /^127\./.test(name) || name === '::1') return true;
  if (!own || (!own.names.has(name) && Date.now() - own.at > REFRESH_MS)) {
    own = { at: Date.now(), names: ownAddresses() };
  }
  return own.names.has(name);
}
