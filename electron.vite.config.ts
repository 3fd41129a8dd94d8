import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: { externalizeDeps: true, rollupOptions: { input: 'src/main/index.ts' } },
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
    plugins: [react()],
  },
});
