import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test-support/fake-clock';
import { waitUntil } from '../../test-support/wait-until';
import type { Logger } from '../logger';
import { NotifiedLedger } from './notified-ledger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ledger-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('NotifiedLedger', () => {
  it('reports a save that fails from its timer instead of leaving the rejection unhandled', async () => {
    const errors: string[] = [];
    const logger: Logger = { debug() {}, info() {}, warn() {}, error: (message) => errors.push(message) };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const clock = createFakeClock();
      const ledger = await NotifiedLedger.open(dir, clock, { saveDelayMs: 10, logger });
      // A folder where the file goes: every write fails, as on a full disk.
      await mkdir(join(dir, NotifiedLedger.fileName));
      expect(ledger.add(['redemption:1'])).toEqual(['redemption:1']);
      clock.advance(10);
      await waitUntil(() => errors.length > 0, 2000, 'the failed save to be logged');
      expect(errors).toEqual(['the notification record could not be saved']);
      // What was noted stays noted in memory: nothing is notified twice.
      expect(ledger.has('redemption:1')).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
