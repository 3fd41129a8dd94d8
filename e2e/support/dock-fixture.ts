/**
 * Each test gets the real dock in demo mode (e2e/support/dock-process.ts) with a fresh data
 * directory. Its output is attached to the report when a test fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { startDockProcess, type DockProcess } from './dock-process';

export type { DockProcess } from './dock-process';

export const test = base.extend<{ dock: DockProcess }>({
  // eslint-disable-next-line no-empty-pattern
  dock: async ({}, use, testInfo) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sidestage-e2e-'));
    const running = await startDockProcess(dataDir);
    try {
      await use(running.dock);
    } finally {
      await running.stop();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('dock-output.txt', { body: running.dock.logs(), contentType: 'text/plain' });
      }
      await rm(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect } from '@playwright/test';
