import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the API server under /library/ (spec §1); hash routing inside.
export default defineConfig({
  base: '/library/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/micro': 'http://localhost:3000',
      '/oauth2': 'http://localhost:3000',
      '/openapi.json': 'http://localhost:3000',
    },
  },
});
