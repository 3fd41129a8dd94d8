import { describe, expect, it, vi } from 'vitest';
import { compareRedemptions } from '../../../shared/domain/redemption-order';
import type { QueueDelta, Redemption } from '../../../shared/ipc/contract';
import { followDelta } from './numbered-copy';
import { actionTargets, changeQueue, filterQueue, focusAfterRemoval, formatAge, formatQueueSync, moveFocus } from './queue-model';

// The queue's order, counted: how many comparisons a change costs says whether it sorts or copies the list.
vi.mock('../../../shared/domain/redemption-order', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../shared/domain/redemption-order')>();
  return { ...original, compareRedemptions: vi.fn(original.compareRedemptions) };
});
const compare = vi.mocked(compareRedemptions);

const r = (id: string, at: number, rewardId = 'a', userName = `User ${id}`): Redemption => ({
  id,
  rewardId,
  rewardTitle: rewardId,
  rewardCost: 1,
  userId: id,
  userLogin: userName.toLowerCase().replace(/\s/g, '_'),
  userName,
  userInput: '',
  redeemedAt: new Date(at * 1000).toISOString(),
});

const status = { lastSyncedAt: null, syncing: false, error: null, outboxCount: 0, outboxError: null, size: 0, pendingCancel: null };
const delta = (baseVersion: number, added: Redemption[], removed: string[] = []): QueueDelta => ({ baseVersion, version: baseVersion + 1, added, removed, status, failures: [] });

describe('changeQueue', () => {
  it('adds in order and removes by id', () => {
    const copy = { version: 1, items: [r('a', 1), r('c', 3)] };
    const next = changeQueue(copy, delta(1, [r('d', 4), r('b', 2)], ['a']));
    expect(next.version).toBe(2);
    expect(next.items.map((x) => x.id)).toEqual(['b', 'c', 'd']);
  });

  it('asks for a snapshot when a delta was missed, and ignores one already covered', () => {
    const copy = { version: 5, items: [] };
    expect(followDelta(copy, delta(6, [r('x', 1)]), changeQueue)).toBe('gap');
    expect(followDelta(copy, delta(3, [r('x', 1)]), changeQueue)).toBe('seen');
  });

  it('never holds one id twice', () => {
    const copy = { version: 1, items: [r('a', 1)] };
    expect(changeQueue(copy, delta(1, [r('a', 1)])).items).toHaveLength(1);
  });

  // Counted, not timed: a time limit measures the machine's load. Sorting 10,000 items costs about
  // 130,000 comparisons; a live addition (the newest) must cost a few, and an older one at most one pass.
  it('appends 100 live redemptions to 10,000 without sorting the list', () => {
    let copy = { version: 0, items: Array.from({ length: 10_000 }, (_, i) => r(`r${i}`, i)) };
    compare.mockClear();
    for (let i = 0; i < 100; i++) copy = changeQueue(copy, delta(i, [r(`n${i}`, 20_000 + i)], [`r${i}`]));
    expect(copy.items).toHaveLength(10_000);
    expect(copy.items.at(-1)!.id).toBe('n99');
    expect(compare.mock.calls.length).toBeLessThanOrEqual(100 * 2);
  });

  it('merges an older redemption into 10,000 in one pass', () => {
    const copy = { version: 0, items: Array.from({ length: 10_000 }, (_, i) => r(`r${i}`, i * 2)) };
    compare.mockClear();
    const next = changeQueue(copy, delta(0, [r('late', 5_001)]));
    expect(next.items[2_501]!.id).toBe('late');
    expect(compare.mock.calls.length).toBeLessThanOrEqual(10_000 + 2);
  });
});

describe('filtering, focus and targets', () => {
  const items = [r('1', 1, 'a', 'PixelPal'), r('2', 2, 'b', 'cozy_carrot'), r('3', 3, 'a', 'Speedrun_Sam')];

  it('filters by reward and by part of the user name or login, any case', () => {
    expect(filterQueue(items, { rewardId: 'a', user: '' }).map((x) => x.id)).toEqual(['1', '3']);
    expect(filterQueue(items, { rewardId: null, user: 'PIXEL' }).map((x) => x.id)).toEqual(['1']);
  });

  it('moves the focus within bounds', () => {
    expect(moveFocus(items, null, 1)).toBe('1');
    expect(moveFocus(items, null, -1)).toBe('3');
    expect(moveFocus(items, '1', 1)).toBe('2');
    expect(moveFocus(items, '3', 5)).toBe('3');
    expect(moveFocus(items, '2', -10)).toBe('1');
    expect(moveFocus([], '2', 1)).toBeNull();
  });

  it('acts on the selection, else the focused row', () => {
    expect(actionTargets(items, new Set(['3', '1']), '2')).toEqual(['1', '3']);
    expect(actionTargets(items, new Set(), '2')).toEqual(['2']);
    expect(actionTargets(items, new Set(['gone']), null)).toEqual([]);
  });

  it('moves the focus to the next row when the focused one leaves', () => {
    expect(focusAfterRemoval(items, [items[0]!, items[2]!], '2')).toBe('3');
    expect(focusAfterRemoval(items, [items[0]!], '3')).toBe('1');
    expect(focusAfterRemoval(items, [], '3')).toBeNull();
    expect(focusAfterRemoval(items, items, '2')).toBe('2');
  });

  it('says how old a redemption is', () => {
    const now = Date.UTC(2025, 0, 1, 12);
    expect(formatAge(new Date(now - 5_000).toISOString(), now)).toBe('5 s ago');
    expect(formatAge(new Date(now - 10 * 60_000).toISOString(), now)).toBe('10 min ago');
    expect(formatAge(new Date(now - 3 * 3_600_000).toISOString(), now)).toBe('3 h ago');
  });
});

describe('the sync status in words', () => {
  const at = Date.parse('2026-01-01T10:00:00Z');
  const status = { lastSyncedAt: '2026-01-01T10:00:00Z', syncing: false };
  it('says its age rather than a clock time', () => {
    expect(formatQueueSync(status, at, 'connected')).toBe('In sync with the platform, checked just now.');
    expect(formatQueueSync(status, at + 125_000, 'connected')).toBe('In sync with the platform, checked 2 min ago.');
    expect(formatQueueSync({ lastSyncedAt: null, syncing: false }, at, 'connected')).toBe('Not checked with the platform yet.');
    expect(formatQueueSync({ ...status, syncing: true }, at, 'connected')).toBe('Bringing the queue up to date…');
  });
  it('never says "in sync" while the connection to Sidestage is gone', () => {
    expect(formatQueueSync(status, at, 'disconnected')).toBe('Disconnected from Sidestage: the queue may be out of date.');
    expect(formatQueueSync(status, at, 'connecting')).toBe('Reconnecting to Sidestage…');
  });
  it('says so while the platform’s live events (EventSub) are gone', () => {
    expect(formatQueueSync(status, at + 60_000, 'connected', 'reconnecting')).toBe("Disconnected from the platform's live events: new redemptions may be missing. Last checked 1 min ago.");
    expect(formatQueueSync(status, at, 'connected', 'connected')).toBe('In sync with the platform, checked just now.');
  });
});
