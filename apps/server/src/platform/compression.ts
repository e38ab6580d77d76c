import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Answers smaller than this go as they are: a desk scan's answer (a few hundred bytes to ~2 KB) is not worth the
 * CPU, and below ~4 KB compressing saves at most a couple of packets.
 */
export const COMPRESS_MIN_BYTES = 4096;
/**
 * Brotli quality 4: about as fast as gzip level 6 and ~10 % smaller on JSON (the menu tree: ~45 KB → ~5 KB in
 * ~0.3 ms). The build's own files are compressed once at the best quality (apps/web/vite/precompress.ts).
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;
/** Generated answers worth compressing: JSON envelopes, and text (CSV, the metrics page, XML of SRU…). */
const COMPRESSIBLE = /^(application\/(json|[\w.+-]*\+json|xml|[\w.+-]*\+xml|javascript)|text\/)/i;

/** The encoding to answer in: brotli if the client accepts it, else gzip, else none (q=0 refuses one). */
export function encodingFor(accept: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const offered = new Set<string>();
  for (const part of String(accept).toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) offered.add(name.trim());
  }
  if (offered.has('br')) return 'br';
  if (offered.has('gzip')) return 'gzip';
  return undefined;
}

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const list = vary === undefined ? '' : String(vary);
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(list))
    reply.header('vary', list ? `${list}, accept-encoding` : 'accept-encoding');
}

/**
 * Compresses the API's larger answers (the menu tree, list pages, reports) by the request's Accept-Encoding, on
 * the libuv thread pool so the event loop keeps answering. Files are left alone: the web app's files are sent
 * precompressed (@fastify/static), downloads and pictures are streams or binary, and the sign-in provider's
 * pages are written by the provider itself. Headers (Server-Timing, the security headers) and the envelope are
 * unchanged: only the body's encoding.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (req.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES) return payload;
    // Whether or not this client gets it compressed, a cache between must not hand it to another client.
    addVary(reply);
    const encoding = encodingFor(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            },
          })
        : await gzip(payload, { level: GZIP_LEVEL });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
