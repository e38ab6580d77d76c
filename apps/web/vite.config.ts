import { existsSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
  plugins: [react()],
  define: {
    // /checkversion compares these with the server's /healthz.
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
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
