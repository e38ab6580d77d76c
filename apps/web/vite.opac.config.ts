import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdLight } from './vite/antd-light.ts';
import { pureContracts } from './vite/pure-contracts.ts';

/** The public search site: /library/opac.html (hash routes #/search …), built by vite/opac-build.ts. */
export default defineConfig({
  base: '/library/',
  plugins: [react(), pureContracts(), antdLight()],
  build: {
    rolldownOptions: {
      input: { opac: 'opac.html' },
      treeshake: {
        moduleSideEffects: [
          {
            test: /node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/].*\.js$/,
            sideEffects: false,
          },
        ],
      },
      output: {
        // One chunk for the libraries of the first load (react, router, i18n): one request, better gzip.
        codeSplitting: { groups: [{ name: 'opac-vendor', test: /node_modules/, tags: ['$initial'] }] },
      },
    },
  },
});
