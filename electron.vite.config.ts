import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * `npm run dev` only: React's hot reload injects an inline script that the strict CSP of
 * index.html forbids. Builds keep the strict policy.
 */
const devServerCsp: Plugin = {
  name: 'sidestage-dev-server-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
};

export default defineConfig({
  main: {
    build: {
      externalizeDeps: false,
      // The desktop shell. The two programs that run in plain Node (`npm run dock`, `npm run
      // emulator`) are built after this, as CommonJS for V8's code cache: scripts/build-programs.mjs.
      rollupOptions: {
        input: { index: 'src/main/index.ts' },
        // Start-up compiles every byte it loads: no comments or whitespace, and ASCII only (Node
        // decodes ASCII fastest). Names are not mangled, so stack traces in logs stay readable.
        output: { minify: { compress: true, mangle: false, codegen: { removeWhitespace: true } }, charset: 'ascii', comments: false },
      },
    },
  },
  preload: {
    // The sandboxed preload must be one self-contained CommonJS file.
    build: {
      externalizeDeps: false,
      rollupOptions: { input: 'src/preload/index.ts', output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: 'src/renderer',
    build: { rollupOptions: { input: 'src/renderer/index.html' } },
    plugins: [react(), devServerCsp],
  },
});
