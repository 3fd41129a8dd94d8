/**
 * Starts the real dock mode in demo (the real main services and the real emulator in one child
 * process, exactly as `npm run dock -- --demo` does) with a fresh data directory per test.
 * Its output is attached to the report when a test fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';

export interface DockProcess {
  /** The URL the dock printed (it carries the secret). */
  url: string;
  origin: string;
  /** The in-process emulator's origin, for its simulation API. */
  emulatorUrl: string;
  dataDir: string;
  logs: () => string;
}

async function startDock(dataDir: string): Promise<{ child: ChildProcess; dock: DockProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/dock/cli.ts', '--demo', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, SIDESTAGE_CLIENT_ID: '', SIDESTAGE_CLIENT_SECRET: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<DockProcess>((resolve, reject) => {
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
  return { child, dock: await ready };
}

export const test = base.extend<{ dock: DockProcess }>({
  // eslint-disable-next-line no-empty-pattern
  dock: async ({}, use, testInfo) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sidestage-e2e-'));
    const { child, dock } = await startDock(dataDir);
    try {
      await use(dock);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('dock-output.txt', { body: dock.logs(), contentType: 'text/plain' });
      }
      await rm(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect } from '@playwright/test';
