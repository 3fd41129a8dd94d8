import { describe, expect, it } from 'vitest';
import { MessageDeduper } from './message-deduper';

describe('MessageDeduper', () => {
  it('reports an id seen before as a duplicate', () => {
    const deduper = new MessageDeduper();
    expect(deduper.isDuplicate('a')).toBe(false);
    expect(deduper.isDuplicate('b')).toBe(false);
    expect(deduper.isDuplicate('a')).toBe(true);
    expect(deduper.size).toBe(2);
  });

  it('forgets the oldest ids beyond its capacity', () => {
    const deduper = new MessageDeduper({ maxEntries: 3 });
    for (const id of ['a', 'b', 'c', 'd']) deduper.isDuplicate(id);
    expect(deduper.size).toBe(3);
    expect(deduper.isDuplicate('d')).toBe(true);
    expect(deduper.isDuplicate('a')).toBe(false);
  });

  it('forgets ids older than its time window', () => {
    let now = 0;
    const deduper = new MessageDeduper({ maxAgeMs: 1000, now: () => now });
    deduper.isDuplicate('a');
    now = 500;
    deduper.isDuplicate('b');
    now = 999;
    expect(deduper.isDuplicate('a')).toBe(true);
    now = 1000;
    expect(deduper.isDuplicate('a')).toBe(false);
    expect(deduper.isDuplicate('b')).toBe(true);
  });

  it('adds ids with the time they were seen, and lists them oldest first', () => {
    let now = 100;
    const deduper = new MessageDeduper({ maxEntries: 2, maxAgeMs: Infinity, now: () => now });
    deduper.add('a', 1);
    deduper.add('b');
    deduper.add('a', 50);
    expect(deduper.entries()).toEqual([
      ['a', 1],
      ['b', 100],
    ]);
    now = 200;
    deduper.add('c');
    expect(deduper.entries().map(([id]) => id)).toEqual(['b', 'c']);
  });

  it('answers whether an id was seen without recording it', () => {
    const deduper = new MessageDeduper();
    expect(deduper.has('a')).toBe(false);
    expect(deduper.size).toBe(0);
    deduper.isDuplicate('a');
    expect(deduper.has('a')).toBe(true);
  });
});
