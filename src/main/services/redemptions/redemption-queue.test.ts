import { describe, expect, it } from 'vitest';
import type { Redemption } from '../../../shared/ipc/contract';
import { RedemptionQueue } from './redemption-queue';

const r = (id: string, at: number, rewardId = 'a'): Redemption => ({
  id,
  rewardId,
  rewardTitle: rewardId,
  rewardCost: 1,
  userId: 'u',
  userLogin: 'u',
  userName: 'U',
  userInput: '',
  redeemedAt: new Date(at * 1000).toISOString(),
});

describe('RedemptionQueue', () => {
  it('keeps one of each id, oldest first (id breaking ties)', () => {
    const q = new RedemptionQueue();
    expect(q.add(r('c', 3))).toBe(true);
    expect(q.add(r('b', 1))).toBe(true);
    expect(q.add(r('a', 1))).toBe(true);
    expect(q.add(r('c', 3))).toBe(false);
    expect(q.list().map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(q.size).toBe(3);
  });

  it('reports the net changes since the last delta', () => {
    const q = new RedemptionQueue();
    q.add(r('a', 1));
    q.add(r('b', 2));
    expect(q.takeChanges()).toEqual({ added: [r('a', 1), r('b', 2)], removed: [] });
    // Added and removed before anyone heard of it: nothing to tell.
    q.add(r('c', 3));
    q.remove(['c']);
    // Removed and put back: the renderer still holds it.
    q.remove(['a']);
    q.add(r('a', 1));
    expect(q.hasChanges()).toBe(false);
    q.remove(['b', 'zzz']);
    expect(q.takeChanges()).toEqual({ added: [], removed: ['b'] });
  });

  it('replace makes the queue exactly the list and says what was new', () => {
    const q = new RedemptionQueue();
    q.add(r('a', 1));
    q.add(r('b', 2));
    q.takeChanges();
    const added = q.replace([r('b', 2), r('c', 3), r('c', 3)]);
    expect(added.map((x) => x.id)).toEqual(['c']);
    expect(q.list().map((x) => x.id)).toEqual(['b', 'c']);
    expect(q.takeChanges()).toEqual({ added: [r('c', 3)], removed: ['a'] });
    expect(q.ofReward('a').length).toBe(2);
  });

  it('holds what an action is under way for: hidden from the list and the deltas, whatever a reconciliation or an event says, until done or put back', () => {
    const q = new RedemptionQueue();
    q.add(r('a', 1));
    q.add(r('b', 2));
    q.takeChanges();
    expect(q.take(['a', 'zzz', 'a']).map((x) => x.id)).toEqual(['a']);
    expect(q.list().map((x) => x.id)).toEqual(['b']);
    expect(q.size).toBe(1);
    expect(q.get('a')).toBeUndefined();
    expect(q.takeChanges()).toEqual({ added: [], removed: ['a'] });
    // A reconciliation that still lists it, or a resent event, does not show it again.
    expect(q.replace([r('a', 1), r('b', 2)])).toEqual([]);
    expect(q.add(r('a', 1))).toBe(false);
    expect(q.hasChanges()).toBe(false);
    // Refused: shown again.
    q.release(['a']);
    expect(q.list().map((x) => x.id)).toEqual(['a', 'b']);
    expect(q.takeChanges()).toEqual({ added: [r('a', 1)], removed: [] });
    // Done: gone, and no longer held.
    q.take(['b']);
    q.forget(['b']);
    expect(q.isHeld('b')).toBe(false);
    expect(q.add(r('b', 2))).toBe(true);
  });

  it('holds ids it does not have yet (a previous run\'s outbox), through a clear, and shows what is put back', () => {
    const q = new RedemptionQueue();
    q.hold(['a']);
    expect(q.add(r('a', 1))).toBe(false);
    expect(q.size).toBe(0);
    q.clear();
    expect(q.add(r('a', 1))).toBe(false);
    q.clear();
    // Put back with its data: the queue had lost it (another account's list in between).
    q.release(['a'], [r('a', 1)]);
    expect(q.list().map((x) => x.id)).toEqual(['a']);
    expect(q.takeChanges()).toEqual({ added: [r('a', 1)], removed: [] });
    q.take(['a']);
    q.removeWhere((x) => x.rewardId === 'a');
    q.release(['a']);
    expect(q.size).toBe(0);
  });

  it('stays quick with 10,000 items', () => {
    const q = new RedemptionQueue();
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) q.add(r(`id${i}`, 10_000 - i));
    expect(q.list()[0]!.id).toBe('id9999');
    q.remove(Array.from({ length: 50 }, (_, i) => `id${i}`));
    expect(q.list()).toHaveLength(9_950);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
