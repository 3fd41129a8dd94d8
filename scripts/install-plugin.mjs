// The Stream Deck plugin keeps its own package (integrations/streamdeck: Elgato's SDK stays out of
// the app's tree), yet the app's `npm run typecheck` and `npm test` build and run it. This step of
// the root's `postinstall` installs it from its lock file, so a fresh clone's `npm ci` (or
// `npm install`) is the only install there is. It fails the install when the plugin's does: a
// half-installed tree would only fail later, in words less clear.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const pluginDir = 'integrations/streamdeck';

/**
 * How npm is run for the plugin's install (the npm that runs this script, when it says where it
 * is), or null when there is nothing to install: no plugin lock file (a package without the
 * integrations), or SIDESTAGE_SKIP_PLUGIN_INSTALL set.
 */
export function pluginInstallCommand(root, env, exists = existsSync) {
  if (env.SIDESTAGE_SKIP_PLUGIN_INSTALL) return null;
  if (!exists(`${root}/${pluginDir}/package-lock.json`)) return null;
  const args = ['ci', '--prefix', `${root}/${pluginDir}`, '--no-audit', '--no-fund'];
  // npm_execpath is npm's own script when npm runs this one: the same npm, found without PATH.
  const npmScript = env.npm_execpath;
  return npmScript && /npm-cli\.js$/.test(npmScript) ? { file: process.execPath, args: [npmScript, ...args] } : { file: process.platform === 'win32' ? 'npm.cmd' : 'npm', args };
}

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url)).replace(/[\\/]$/, '');
  const command = pluginInstallCommand(root, process.env);
  if (!command) return;
  console.log(`sidestage: installing the Stream Deck plugin's packages (${pluginDir})...`);
  const result = spawnSync(command.file, command.args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`sidestage: the Stream Deck plugin's install (npm ${command.args.filter((a) => !a.endsWith('npm-cli.js')).join(' ')}) failed (see above); the app's type check and tests need it.`);
    process.exit(result.status ?? 1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
