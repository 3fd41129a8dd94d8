// Bundles the plugin (src/plugin.ts and its dependencies) into com.sidestage.deck.sdPlugin/bin/plugin.js,
// the one file Stream Deck runs with its own Node 20: the .sdPlugin folder carries no node_modules.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const pluginFolder = fileURLToPath(new URL('./com.sidestage.deck.sdPlugin/', import.meta.url));

/** `outfile`: where the bundle goes (tests build into their own copy of the plugin folder). */
export async function buildPlugin(outfile = `${pluginFolder}bin/plugin.js`) {
  if (!existsSync(fileURLToPath(new URL('./node_modules/@elgato/streamdeck/package.json', import.meta.url)))) {
    throw new Error('The Stream Deck SDK is not installed: run `npm ci` in integrations/streamdeck (.ci/run does).');
  }
  await build({
    entryPoints: [fileURLToPath(new URL('./src/plugin.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // ws loads these optional speed-ups when installed; the plugin does without them.
    external: ['bufferutil', 'utf-8-validate'],
    // Bundled CommonJS (ws) calls require(): give the ES module one.
    banner: { js: "import { createRequire as __sidestageRequire } from 'node:module'; const require = __sidestageRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildPlugin();
