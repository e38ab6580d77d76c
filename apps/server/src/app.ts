import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { ErrorCode } from '@shuyuan/contracts/common/errors';
import { UPLOAD_CHUNK_MAX, UPLOAD_IMAGE_MAX, UPLOAD_SHEET_MAX } from '@shuyuan/contracts/settings/upload';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { modules } from './modules/index.ts';
import { errorLog } from './platform/audit.table.ts';
import { initSecretKey } from './platform/secret-box.ts';
import { registerCompression } from './platform/compression.ts';
import { registerSecurityHeaders, subresourceHeaders } from './platform/security-headers.ts';
import { BizError } from './platform/errors.ts';
import { langOf, registerMessages, t } from './platform/i18n/messages.ts';
import { openApiDocument } from './platform/openapi.ts';
import { installMetrics } from './platform/metrics.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean;
}

registerMessages({
  'error.tooLarge': {
    zh: '上传的内容太大：一次最多 {{mb}} MB（更大的文件请分块上传）',
    en: 'The upload is too large: at most {{mb}} MB at a time (bigger files are sent in chunks)',
  },
});

let reqSeq = 0;
/** An encoded NUL in a path (Node's parser already refuses a raw one). */
const NUL_IN_PATH = /%00/;
/** The largest file one request carries (a spreadsheet or MARC file; bigger files go in chunks), and JSON bodies. */
const MAX_FILE_BYTES = Math.max(UPLOAD_SHEET_MAX, UPLOAD_IMAGE_MAX, UPLOAD_CHUNK_MAX);
/** A multipart body holds the file plus its form fields and boundaries. */
const MAX_REQUEST_BYTES = MAX_FILE_BYTES + 1024 * 1024;
const PRODUCT_VERSION: string = JSON.parse(
  fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;

/** Builds the whole Fastify app (testable with inject); main.ts only adds listen and shutdown. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  initSecretKey(opts.config);
  const app = Fastify({
    logger: opts.logger ? { level: opts.config.logLevel } : false,
    genReqId: () => `${Date.now().toString(36)}-${(++reqSeq).toString(36)}`,
    bodyLimit: MAX_FILE_BYTES,
    // X-Forwarded-For/-Host/-Proto only from the proxies TRUST_PROXY names (README): a client's own headers
    // never reach the sign-in log or the choice of origin (platform/origin.ts).
    trustProxy: opts.config.trustProxy,
    // Per-request lines would flood a school server's console; errors and start-up are still logged.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.decorate('database', opts.database);
  app.decorate('config', opts.config);
  app.decorateRequest('lang', 'zh');
  // First, so that every answer has them, an early refusal included.
  await registerSecurityHeaders(app);
  app.addHook('onRequest', async (req, reply) => {
    req.lang = langOf(req.headers);
    // No file or route name holds a NUL: answered here, before a handler hands it to the file system.
    if (NUL_IN_PATH.test(req.url.split('?', 1)[0])) return notFoundReply(req, reply);
    // A body over the largest any request takes is refused from its announced length, before a byte is read
    // (an upload streamed without a length is cut at its kind's limit while it is read).
    if (Number(req.headers['content-length']) > MAX_REQUEST_BYTES) {
      reply.header('connection', 'close');
      return reply.status(413).send({
        code: 1,
        success: false,
        msg: t(req.lang, 'error.tooLarge', { mb: MAX_FILE_BYTES / 1048576 }),
        data: null,
        errorCode: ErrorCode.VALIDATION,
      });
    }
  });
  // Larger JSON answers compressed by Accept-Encoding (small ones, such as a desk scan's, go as they are); before
  // Server-Timing, so the time reported includes the compression.
  registerCompression(app);
  // Server time of each answer (W3C Server-Timing): the benchmarks read it to separate server time from the
  // client's queueing, and a browser's network panel shows it.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
    return payload;
  });

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1 } });

  app.setErrorHandler(async (err: any, req, reply) => {
    const lang = req.lang ?? 'zh';
    const schoolId = req.schoolId;
    if (err instanceof BizError) {
      return reply.status(err.status).send({
        code: err.code,
        success: false,
        msg: t(lang, err.msgKey, err.params, schoolId),
        data: null,
        errorCode: err.errorCode,
        ...(err.issues ? { issues: err.issues } : {}),
      });
    }
    // Client errors of the framework and its plugins (not the handlers'): never a server fault, never logged.
    // A path the static files refuse ('..', '%00', '//') is simply not there.
    if (!err.validation && (err.statusCode === 403 || err.statusCode === 404)) return notFoundReply(req, reply);
    if (err.validation || (err.statusCode >= 400 && err.statusCode < 500)) {
      return reply.status(err.statusCode ?? 400).send({
        code: 1,
        success: false,
        msg: t(lang, 'error.validation'),
        data: null,
        errorCode: ErrorCode.VALIDATION,
        errormsg: err.message,
      });
    }
    req.log.error({ err }, 'unexpected error');
    try {
      await app.database.db.insert(errorLog).values({
        schoolId: schoolId || null,
        userId: req.principal?.userId ?? null,
        requestId: String(req.id),
        method: req.method,
        path: req.url.split('?')[0],
        message: String(err.message ?? err).slice(0, 2000),
        stack: String(err.stack ?? '').slice(0, 8000),
      });
    } catch {}
    return reply.status(500).send({
      code: 500,
      success: false,
      msg: t(lang, 'error.internal', { id: req.id }),
      errormsg: t(lang, 'error.internal', { id: req.id }),
      data: null,
      errorCode: ErrorCode.INTERNAL,
    });
  });

  app.get('/healthz', async () => {
    await app.database.exec('select 1');
    // version: the web app's /checkversion compares it with the build it was served (stale cache check).
    return { status: 'ok', db: app.database.kind, version: PRODUCT_VERSION };
  });

  installMetrics(app);
  for (const m of modules) if (m.routes) await app.register(async (scope) => m.routes!(scope));

  app.get('/openapi.json', async () => openApiDocument());

  // The built web app at /library/ (hash routing: only index.html and assets are files).
  const dist = opts.config.webDist;
  if (fs.existsSync(path.join(dist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/library/',
      index: ['index.html'],
      // The build writes .br and .gz beside each file (apps/web/vite/precompress.ts): sent as the browser accepts.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', cacheControlOf(path.relative(dist, file)));
        subresourceHeaders(reply, file);
      },
    });
  }
  app.get('/', (_req, reply) => reply.redirect('/library/'));
  app.get('/library', (_req, reply) => reply.redirect('/library/'));

  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && APP_PATH.test(req.url) && fs.existsSync(path.join(dist, 'index.html'))) {
      return reply.type('text/html').sendFile('index.html', dist);
    }
    return notFoundReply(req, reply);
  });
  return app;
}

/**
 * Cache lifetimes of the web app's files: names under assets/ carry a hash of their content (Vite), so they never
 * change and are kept a year without asking; a page (index.html, opac.html) is asked for again every time, so a
 * new version reaches the browser on the next load; anything else (the public folder) for an hour.
 */
export function cacheControlOf(file: string): string {
  const name = file.replace(/\.(br|gz)$/, '').replaceAll('\\', '/');
  if (name.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (name.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Addresses inside the web app that answer its page (old links such as /library/sys/company; the app routes by
 * hash). Not a file name, an encoded character or a dot segment: a missing asset or '/library/%2e%2e/…' is a 404.
 */
const APP_PATH = /^\/library\/(?:[\w-]+\/)*[\w-]*(?:\?.*)?$/;

function notFoundReply(req: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({
    code: 404,
    success: false,
    msg: t(req.lang, 'error.routeNotFound'),
    data: null,
    errorCode: ErrorCode.ROUTE_NOT_FOUND,
  });
}
