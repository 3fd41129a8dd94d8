/**
 * A full disk, for real: the data directory on a small tmpfs filled to the last byte. Settings
 * writes say the disk is full, no temporary file is left, a redemption arriving does not end the
 * process, and the outbox keeps what it had. Needs root and a kernel that allows the mount; skipped
 * with the reason where it does not.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { open, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sidestage } from './composition';
import { redemptionFixture } from './test-support/data-file-fixtures';
import { startDockServices } from './test-support/dock-start-up';
import { createFakeClock } from './test-support/fake-clock';
import { waitUntil } from './test-support/wait-until';
import type { Logger } from './services/logger';
import { FileMarkerLogStore } from './services/markers/marker-log-store';
import { NotifiedLedger } from './services/notifications/notified-ledger';
import { planUpdates, RedemptionOutbox } from './services/redemptions/redemption-outbox';

const mountPoint = mkdtempSync(join(tmpdir(), 'sidestage-full-disk-'));
let skipReason: string | null = null;
if (process.getuid?.() !== 0) {
  skipReason = 'not root: mounting a small tmpfs needs root';
} else {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k,mode=0700', 'tmpfs', mountPoint], { stdio: 'pipe' });
  } catch (error) {
    skipReason = `the tmpfs mount was refused: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
}
if (skipReason) console.log(`full-disk test skipped: ${skipReason}`);

const dataDir = join(mountPoint, 'data');
const errors: string[] = [];
const logger: Logger = { debug() {}, info() {}, warn() {}, error: (message) => errors.push(message) };
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
let sidestage: Sidestage | null = null;

/** Writes until the disk refuses; answers the filler's path. */
async function fillDisk(): Promise<string> {
  const filler = join(mountPoint, 'filler');
  const handle = await open(filler, 'w');
  try {
    const chunk = Buffer.alloc(4096, 1);
    for (;;) await handle.write(chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    await handle.close();
  }
  return filler;
}

const tempFiles = async () => (await readdir(dataDir)).filter((f) => /tmp/i.test(f));

describe.skipIf(skipReason !== null)('a full disk', () => {
  let filler = '';
  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    mkdirSync(dataDir, { recursive: true });
    // The outbox has two actions waiting from before the disk filled up.
    await writeFile(join(dataDir, RedemptionOutbox.fileName), JSON.stringify({ version: 1, entries: planUpdates([redemptionFixture('a'), redemptionFixture('b')], 'FULFILLED', '42', new Date(0)) }));
    sidestage = await startDockServices(dataDir, logger);
    filler = await fillDisk();
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await sidestage?.dispose();
  });

  it('says the disk is full when a setting cannot be saved, and leaves no temporary file', async () => {
    const answer = await sidestage!.router.dispatch('app:setPlatform', { clientId: 'b'.repeat(30) }, { trusted: true, description: 'test' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringMatching(/disk is full/) } });
    expect(await tempFiles()).toEqual([]);
  });

  it('survives a redemption arriving: the failed notification-record save is logged', async () => {
    const clock = createFakeClock();
    const ledger = await NotifiedLedger.open(dataDir, clock, { saveDelayMs: 1, logger });
    ledger.add(['redemption:c']);
    clock.advance(1);
    await waitUntil(() => errors.includes('the notification record could not be saved'), 2000, 'the failed save to be logged');
    expect(await tempFiles()).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  });

  it('keeps what the outbox had when a new action cannot be saved', async () => {
    const outbox = await RedemptionOutbox.open(dataDir);
    expect(outbox.redemptionCount()).toBe(2);
    await expect(outbox.add(planUpdates([redemptionFixture('c')], 'CANCELED', '42', new Date(0)))).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await tempFiles()).toEqual([]);
    expect((await RedemptionOutbox.open(dataDir)).redemptionCount()).toBe(2);
  });

  it('keeps the marker log and leaves no temporary file when it cannot be saved', async () => {
    const store = new FileMarkerLogStore(dataDir, logger);
    await expect(store.save([{ streamId: 's', startedAt: null, title: 't', entries: [] }])).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await tempFiles()).toEqual([]);
  });

  it('saves again once space is freed', async () => {
    await rm(filler);
    const answer = await sidestage!.router.dispatch('app:setPlatform', { clientId: 'b'.repeat(30) }, { trusted: true, description: 'test' });
    expect(answer.ok).toBe(true);
  });
});

afterAll(() => {
  if (!skipReason) {
    try {
      execFileSync('umount', [mountPoint], { stdio: 'pipe' });
    } catch {
      // Still busy: left mounted rather than failing the run; the next boot clears it.
    }
  }
  rmSync(mountPoint, { recursive: true, force: true });
});
