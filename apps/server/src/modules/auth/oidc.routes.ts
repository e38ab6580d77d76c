import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { OIDC_MOUNT, type ProviderRegistry } from './oidc-provider.ts';
import { requestOrigin } from './origin.ts';
import { INTERNAL_HEADER, INTERNAL_SECRET, limitRate } from './rate-limit.ts';

const TOKEN_PATH = `${OIDC_MOUNT}/connect/token`;
/** The provider's own limit on a form body. */
const MAX_BODY = 56 * 1024;

/**
 * Mounts the provider (a Koa app) under /oauth2 and the web app's sign-in return addresses. The provider
 * reads request bodies itself, so this scope leaves them unparsed.
 */
export function registerOidcRoutes(app: FastifyInstance, registry: ProviderRegistry): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handler = async (req: any, reply: any) => {
      const origin = requestOrigin(req);
      const provider = await registry.get(origin);
      let raw = req.raw;
      // The provider (Koa, proxy mode) reads the forwarded headers: it gets the origin and client address decided
      // above, never a client's own X-Forwarded-* (TRUST_PROXY decides those).
      const u = new URL(origin);
      raw.headers['x-forwarded-host'] = u.host;
      raw.headers['x-forwarded-proto'] = u.protocol.slice(0, -1);
      raw.headers['x-forwarded-for'] = req.ip;
      if (
        req.method === 'POST' &&
        req.url.split('?')[0] === TOKEN_PATH &&
        req.headers[INTERNAL_HEADER] !== INTERNAL_SECRET
      ) {
        // The token endpoint is limited per address and per device client (client_credentials guesses a secret).
        const body = await readBody(raw);
        await limitRate(
          app.database.db,
          'token',
          { address: req.ip, account: credentialsClient(req.headers.authorization, body) },
          reply,
        );
        raw = replayable(raw, body);
      }
      reply.hijack();
      raw.originalUrl = raw.url;
      raw.url = raw.url.slice(OIDC_MOUNT.length) || '/';
      callbackOf(provider)(raw, reply.raw);
    };
    scope.all(OIDC_MOUNT, handler);
    scope.all(`${OIDC_MOUNT}/*`, handler);
  });

  // Redirect URIs are real paths (providers refuse fragments); the hash-routed app takes over from here.
  app.get('/library/callback', (req, reply) => reply.redirect(`/library/#/callback${query(req.url)}`));
  app.get('/library/callbacksearch', (req, reply) => reply.redirect(`/library/#/callbacksearch${query(req.url)}`));
}

/** Reads a request body (at most MAX_BODY; larger is refused with 413). */
async function readBody(raw: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    size += chunk.length;
    if (size > MAX_BODY) throw Object.assign(new Error('request body too large'), { statusCode: 413 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The request again, its body readable once more for the provider (which parses it itself). */
function replayable(raw: any, body: Buffer) {
  const copy: any = new Readable({ read() {} });
  copy.push(body);
  copy.push(null);
  for (const k of ['headers', 'rawHeaders', 'method', 'url', 'httpVersion', 'httpVersionMajor', 'httpVersionMinor'])
    copy[k] = raw[k];
  copy.socket = raw.socket;
  copy.connection = raw.socket;
  return copy;
}

/** The device client a client_credentials request names (Basic authorization or form), as a rate-limit key. */
function credentialsClient(authorization: string | undefined, body: Buffer): string | null {
  const form = new URLSearchParams(body.toString('utf8'));
  if (form.get('grant_type') !== 'client_credentials') return null;
  let id = form.get('client_id');
  const basic = /^basic\s+(.+)$/i.exec(authorization ?? '')?.[1];
  if (!id && basic) id = Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
  return id ? `client:${id}` : null;
}

const callbacks = new WeakMap<object, (req: unknown, res: unknown) => void>();

/** Koa composes its middleware on every callback() call: do it once per provider. */
function callbackOf(provider: any) {
  let cb = callbacks.get(provider);
  if (!cb) {
    cb = provider.callback() as (req: unknown, res: unknown) => void;
    callbacks.set(provider, cb);
  }
  return cb;
}

const query = (url: string) => {
  const i = url.indexOf('?');
  return i < 0 ? '' : url.slice(i);
};
