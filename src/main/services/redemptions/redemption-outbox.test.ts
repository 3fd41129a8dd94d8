import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Redemption } from '../../../shared/ipc/contract';
import { planUpdates, RedemptionOutbox } from './redemption-outbox';

const r = (i: number, rewardId: string): Redemption => ({
  id: `r${i}`,
  rewardId,
  rewardTitle: rewardId,
  rewardCost: 1,
  userId: 'u',
  userLogin: 'u',
  userName: 'U',
  userInput: '',
  redeemedAt: new Date(i * 1000).toISOString(),
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outbox-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('planUpdates', () => {
  it('groups by reward and splits into requests of at most 50 ids', () => {
    const items = [...Array.from({ length: 120 }, (_, i) => r(i, 'a')), ...Array.from({ length: 3 }, (_, i) => r(1000 + i, 'b'))];
    const entries = planUpdates(items, 'FULFILLED', 'b1', new Date(0));
    expect(entries.map((e) => [e.rewardId, e.redemptions.length])).toEqual([
      ['a', 50],
      ['a', 50],
      ['a', 20],
      ['b', 3],
    ]);
    expect(new Set(entries.map((e) => e.id)).size).toBe(4);
  });
});

describe('RedemptionOutbox', () => {
  it('persists entries across a reopen and hides their redemptions', async () => {
    const outbox = await RedemptionOutbox.open(dir);
    const entries = planUpdates([r(1, 'a'), r(2, 'b')], 'CANCELED', 'b1', new Date(0));
    await outbox.add(entries);
    await outbox.noteAttempt(entries[0]!.id, 'offline');
    const again = await RedemptionOutbox.open(dir);
    expect(again.list()).toHaveLength(2);
    expect(again.list()[0]).toMatchObject({ attempts: 1, lastError: 'offline', status: 'CANCELED' });
    expect([...again.redemptionIds()].sort()).toEqual(['r1', 'r2']);
    await again.remove([entries[0]!.id]);
    expect((await RedemptionOutbox.open(dir)).redemptionCount()).toBe(1);
  });

  it('writes atomically: no temporary file is left and the last write wins', async () => {
    const outbox = await RedemptionOutbox.open(dir);
    const writes = Array.from({ length: 20 }, (_, i) => outbox.add(planUpdates([r(i, 'a')], 'FULFILLED', 'b1', new Date(0))));
    await Promise.all(writes);
    expect(await readdir(dir)).toEqual([RedemptionOutbox.fileName]);
    const stored = JSON.parse(await readFile(join(dir, RedemptionOutbox.fileName), 'utf8')) as { entries: unknown[] };
    expect(stored.entries).toHaveLength(20);
  });

  it('reports a failed write for every write that counted on it, and writes again once the disk allows it', async () => {
    const outbox = await RedemptionOutbox.open(dir);
    const path = join(dir, RedemptionOutbox.fileName);
    // A directory where the file goes: the atomic rename onto it fails (even for root).
    await mkdir(join(path, 'blocker'), { recursive: true });
    const first = outbox.add(planUpdates([r(1, 'a')], 'FULFILLED', 'b1', new Date(0)));
    // Queued behind the first and merged into its write: that write failing means this one is not on disk either.
    const second = outbox.add(planUpdates([r(2, 'a')], 'FULFILLED', 'b1', new Date(0)));
    await expect(first).rejects.toThrow();
    await expect(second).rejects.toThrow();
    await rm(path, { recursive: true });
    // A failure earlier does not stop this write.
    await outbox.add(planUpdates([r(3, 'a')], 'FULFILLED', 'b1', new Date(0)));
    expect([...(await RedemptionOutbox.open(dir)).redemptionIds()].sort()).toEqual(['r1', 'r2', 'r3']);
    await expect(outbox.settled()).resolves.toBeUndefined();
  });

  it('sets a broken file aside and starts empty instead of failing', async () => {
    await writeFile(join(dir, RedemptionOutbox.fileName), '{"version":1,"entr');
    const outbox = await RedemptionOutbox.open(dir);
    expect(outbox.list()).toEqual([]);
    expect((await readdir(dir)).some((f) => f.includes('.damaged-'))).toBe(true);
  });
});
