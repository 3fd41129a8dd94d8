// The two programs that run in plain Node (`npm run dock`, `npm run emulator`), built into
// out/programs/ after `electron-vite build`. Each is one CommonJS file holding everything its start
// runs (so that V8's code cache can hold it whole, see src/launchers/code-cache.ts) plus the
// chunks it loads later, and a small launcher that loads it through the cache. Then the overlay
// pages, which the app and the dock both serve.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { projectRoot } from './build-output.mjs';

const outDir = 'out/programs';
const { version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
// Chunk names carry hashes: a new build starts from an empty folder (and an empty code cache).
rmSync(join(projectRoot, outDir), { recursive: true, force: true });
const programs = { dock: 'src/main/dock/cli.ts', emulator: 'src/emulator/cli.ts' };

/** One Vite build for Node: everything bundled (no node_modules at run time), CommonJS, minified like main. */
function nodeBuild(input, output) {
  return build({
    configFile: false,
    root: projectRoot,
    logLevel: 'warn',
    // CommonJS has no import.meta; the programs find out/renderer from their own folder. The
    // version is written in, since `node out/programs/dock.cjs` has no npm to tell it.
    define: { 'import.meta.dirname': '__dirname', __SIDESTAGE_VERSION__: JSON.stringify(version) },
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: true,
      target: 'node20',
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      rollupOptions: {
        input,
        // As electron.vite.config.ts's main: no comments or whitespace, ASCII only, names kept.
        output: { format: 'cjs', minify: { compress: true, mangle: false, codegen: { removeWhitespace: true } }, charset: 'ascii', comments: false, ...output },
      },
    },
  });
}

// One build per program: with a single input, everything the start runs lands in the program's own file.
for (const [name, entry] of Object.entries(programs)) {
  await nodeBuild({ [name]: entry }, { entryFileNames: '[name].program.cjs', chunkFileNames: `chunks/${name}-[name]-[hash].cjs` });
}
await nodeBuild({ dock: 'src/launchers/dock.ts', emulator: 'src/launchers/emulator.ts' }, { entryFileNames: '[name].cjs', chunkFileNames: 'chunks/launcher-[name]-[hash].cjs' });

// The overlay pages (OBS browser sources), served by the overlay server of the app and of the dock
// alike from out/overlays/: one page for every overlay, its script, style and fonts under /assets/.
// Nothing is inlined as a data: URL: the page's CSP takes fonts and images from its own origin only.
await build({
  configFile: false,
  root: join(projectRoot, 'src/renderer/overlays'),
  base: '/',
  logLevel: 'warn',
  build: { outDir: join(projectRoot, 'out/overlays'), emptyOutDir: true, reportCompressedSize: false, target: 'chrome103', assetsInlineLimit: 0 },
});
