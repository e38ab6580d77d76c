import path from 'node:path';
import { build, type Plugin } from 'vite';

/**
 * The public search site (opac.html, issue 11) is built by a second, independent build into the same folder once
 * the back office's is written: its own chunks from its own entry, so a reader's phone never loads back-office
 * code and the back office's first load never carries the public site's. Every `vite build` of the main config
 * (npm start, the browser tests, the benches) builds both.
 */
export function opacBuild(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'shuyuan:opac-build',
    apply: 'build',
    configResolved(c) {
      root = c.root;
      outDir = path.resolve(c.root, c.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: path.join(root, 'vite.opac.config.ts'),
        root,
        logLevel: 'warn',
        build: { outDir, emptyOutDir: false },
      });
    },
  };
}
