import { existsSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdLight } from './vite/antd-light.ts';
import { opacBuild } from './vite/opac-build.ts';
import { precompress } from './vite/precompress.ts';
import { pureContracts } from './vite/pure-contracts.ts';

// The product version (root package.json), the same one the server reports at /healthz.
const rootPkg = new URL('../../package.json', import.meta.url);
const pkg = JSON.parse(
  readFileSync(existsSync(rootPkg) ? rootPkg : new URL('./package.json', import.meta.url), 'utf8'),
) as { version: string };
// The dev server proxies the API to a running server (SHUYUAN_API, default :3000).
const api = process.env.SHUYUAN_API ?? 'http://localhost:3000';

// Served by the API server under /library/ (spec §1); hash routing inside.
export default defineConfig({
  base: '/library/',
  // precompress: .br/.gz beside each file of the build, sent as they are by the server (apps/server/src/app.ts).
  plugins: [react(), pureContracts(), antdLight(), opacBuild(), precompress()],
  define: {
    // /checkversion compares these with the server's /healthz.
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // antd's helper packages declare no `sideEffects`; they have none, and saying so lets the build drop the
      // modules a chunk does not use (e.g. rc-input's TextArea behind the sign-in page's Input).
      treeshake: {
        moduleSideEffects: [
          {
            test: /node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/].*\.js$/,
            sideEffects: false,
          },
        ],
      },
      output: {
        // Every library module the entry needs in one 'vendor' chunk (one request, better gzip) instead of a dozen
        // small shared chunks; library code of lazy screens stays split by screen as before.
        // The sign-in screen likewise gets one chunk with everything it adds (antd Form, Input, Alert, Segmented…):
        // ~8 KB gzip less than the twenty small shared chunks it loaded, and the screens that use these components
        // later find them in the browser cache. The 'entry' group comes first so that the entry's own modules
        // (HTTP client, i18n, session), which the sign-in screen imports too, stay in the entry chunk and the
        // sign-in chunk does not become part of every first load.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
            { name: 'entry', tags: ['$initial'] },
            { name: 'sign-in', test: /src[\\/]modules[\\/]auth[\\/]sign-in-screen\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/micro': api,
      '/oauth2': api,
      '/openapi.json': api,
      '/healthz': api,
    },
  },
});
