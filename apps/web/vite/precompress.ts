import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing (images, fonts in woff2 and archives are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|wasm|ico)$/i;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible file of the build,
 * once, so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 * A copy that would not save at least 5 % is not written. Covers every file of the output folder: the back office,
 * the public search site (its own build, into the same folder) and the public folder.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'shuyuan:precompress',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    // Last, and after the other plugins' closeBundle finished: the public site's build (opac-build.ts) writes its
    // files into the same folder there.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        if (!fs.existsSync(outDir)) return;
        const files = fs
          .readdirSync(outDir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
          .map((e) => path.join(e.parentPath, e.name));
        await Promise.all(files.map(compressFile));
      },
    },
  };
}

async function compressFile(file: string): Promise<void> {
  const data = await fs.promises.readFile(file);
  if (data.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const worth = (c: Buffer) => c.length < data.length * 0.95;
  await Promise.all([
    worth(br) ? fs.promises.writeFile(`${file}.br`, br) : undefined,
    worth(gz) ? fs.promises.writeFile(`${file}.gz`, gz) : undefined,
  ]);
}
