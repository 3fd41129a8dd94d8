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
