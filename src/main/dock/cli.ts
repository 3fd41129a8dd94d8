/**
 * `npm run dock [-- --demo] [--port N] [--data-dir DIR]`: Sidestage's main services behind the dock
 * server, for a browser or an OBS Custom Browser Dock. Prints one line `dock ready at <url>`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createSidestage } from '../composition';
import { createConsoleLogger } from '../services/logger';
import { DataRecoveryNotices, formatNotice } from '../services/common/data-recovery-notices';
import { openDockData } from './dock-data';
import { startDockServer } from './dock-server';

/** package.json's version, written in by the build (scripts/build-programs.mjs). */
declare const __SIDESTAGE_VERSION__: string;

// One async function rather than top-level await: the build is CommonJS (for V8's code cache,
// see src/launchers/), which has none.
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      demo: { type: 'boolean', default: false },
      port: { type: 'string', default: '0' },
      'data-dir': { type: 'string' },
      'renderer-dir': { type: 'string' },
    },
  });

  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`sidestage dock: --port must be a whole number from 0 to 65535, not ${JSON.stringify(values.port)}`);
    process.exit(2);
  }

  // The build's folder: out/programs/ (see scripts/build-programs.mjs), beside out/renderer/.
  const projectRoot = resolve(import.meta.dirname, '../..');
  const dataDir = resolve(values['data-dir'] ?? process.env.SIDESTAGE_DATA_DIR ?? join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'sidestage-dock'));
  const rendererDir = resolve(values['renderer-dir'] ?? join(projectRoot, 'out/renderer'));
  const logger = createConsoleLogger('dock', process.env.SIDESTAGE_DEBUG ? 'debug' : 'info');

  if (!existsSync(join(rendererDir, 'index.html'))) {
    console.log('sidestage dock: building the renderer first (npm run build)');
    const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: projectRoot, stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }

  // Damaged files are set aside and named, on this console and in the app; none stops the dock.
  const recoveryNotices = new DataRecoveryNotices(logger);
  const printed = new Set<string>();
  const offNoticeLines = recoveryNotices.onChange((list) => {
    for (const notice of list) {
      if (printed.has(notice.id)) continue;
      printed.add(notice.id);
      console.log(`sidestage dock: ${formatNotice(notice)}`);
    }
  });
  const { settings, secret, tokenStore, secretCipher } = await openDockData(dataDir, logger, recoveryNotices);

  const sidestage = await createSidestage({
    transport: 'dock',
    version: __SIDESTAGE_VERSION__,
    env: process.env,
    demo: values.demo,
    dataDir,
    tokenStore,
    secretCipher,
    settings,
    recoveryNotices,
    // A dock has no window of its own to open a browser from: the renderer opens the page.
    openUrl: async () => false,
    logger,
    overlayPagesDir: join(projectRoot, 'out/overlays'),
  });

  const dock = await startDockServer({ router: sidestage.router, rendererDir, secret, port, logger, frameOrigins: () => [sidestage.overlays.origin()].filter((o) => o !== null) });
  if (sidestage.emulator) console.log(`emulator listening on ${sidestage.emulator.url}`);
  console.log(`dock ready at ${dock.url}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    offNoticeLines();
    await dock.close();
    await sidestage.dispose();
    process.exit(0);
  };
  const stopOrExit = () =>
    stop().catch((error: unknown) => {
      logger.error('the dock did not stop cleanly', { error });
      process.exit(1);
    });
  process.on('SIGINT', stopOrExit);
  process.on('SIGTERM', stopOrExit);
}

main().catch((error: unknown) => {
  console.error(`sidestage dock failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
