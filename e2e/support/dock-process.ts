/**
 * Starts the real dock in demo mode as a child process, exactly as `npm run dock -- --demo` does
 * (the built program under out/, the real main services and the real emulator), and stops it.
 * Shared by the end-to-end fixture and the Chromium benchmark; it uses no DOM, so the Node project
 * type-checks it too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { builtEntries, staleReason } from '../../scripts/build-output.mjs';

export interface DockProcess {
  /** The URL the dock printed (it carries the secret). */
  url: string;
  origin: string;
  /** The in-process emulator's origin, for its simulation API. */
  emulatorUrl: string;
  dataDir: string;
  logs: () => string;
}

export interface RunningDockProcess {
  dock: DockProcess;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL if it has not exited within 5 s. */
  stop(): Promise<void>;
}

export async function startDockProcess(dataDir: string): Promise<RunningDockProcess> {
  // Parallel workers must not rebuild out/ under each other: the runner builds first
  // (`npm test`, `npm run test:e2e`); a stale build would test yesterday's code.
  const stale = staleReason();
  if (stale) throw new Error(`the dock's build is out of date (${stale}): run \`npm run build\` first`);
  const child = spawn(process.execPath, [builtEntries.dock, '--demo', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, SIDESTAGE_CLIENT_ID: '', SIDESTAGE_CLIENT_SECRET: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const dock = await new Promise<DockProcess>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the dock did not start in time:\n${output}`)), 45_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const dockUrl = /dock ready at (\S+)/.exec(output)?.[1];
      const emulatorUrl = /emulator listening on (\S+)/.exec(output)?.[1];
      if (dockUrl && emulatorUrl) {
        clearTimeout(timer);
        resolve({ url: dockUrl, origin: new URL(dockUrl).origin, emulatorUrl, dataDir, logs: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the dock exited with ${code}:\n${output}`));
    });
  });
  return {
    dock,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
