import type { FastifyInstance } from 'fastify';
import { OIDC_MOUNT, type ProviderRegistry } from './oidc-provider.ts';
import { requestOrigin } from './origin.ts';

/**
 * Mounts the provider (a Koa app) under /oauth2 and the web app's sign-in return addresses. The provider
 * reads request bodies itself, so this scope leaves them unparsed.
 */
export function registerOidcRoutes(app: FastifyInstance, registry: ProviderRegistry): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handler = async (req: any, reply: any) => {
      const provider = await registry.get(requestOrigin(req));
      reply.hijack();
      const raw = req.raw;
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
