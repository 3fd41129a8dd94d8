/** The one rule for a numbered copy: snapshots and deltas in any order. */
import { describe, expect, it, vi } from 'vitest';
import { earlyDeltaLimit, followDelta, NumberedCopy } from './numbered-copy';

interface List {
  version: number;
  items: string[];
}
interface Delta {
  baseVersion: number;
  version: number;
  added: string[];
}

const change = (copy: List, delta: Delta): List => ({ version: delta.version, items: [...copy.items, ...delta.added] });
const delta = (baseVersion: number, version: number, ...added: string[]): Delta => ({ baseVersion, version, added });

/** A slice's use of it: the copy in a variable, deltas shown as they are applied. */
function slice() {
  let held: List | null = null;
  const reload = vi.fn();
  const copy: NumberedCopy<List, List, Delta> = new NumberedCopy<List, List, Delta>({
    held: () => held,
    change,
    reload,
    replay: (d) => apply(d),
  });
  const apply = (d: Delta) => {
    const next = copy.delta(d);
    if (next) held = next;
  };
  const snapshot = (s: List) => copy.snapshot(s, (shown) => (held = shown));
  return { apply, snapshot, reload, held: () => held };
}

describe('followDelta', () => {
  it('applies a delta that follows on, skips one already held, and calls a missed one a gap', () => {
    const copy = { version: 5, items: ['a'] };
    expect(followDelta(copy, delta(5, 6, 'b'), change)).toEqual({ version: 6, items: ['a', 'b'] });
    expect(followDelta(copy, delta(4, 5, 'a'), change)).toBe('seen');
    expect(followDelta(copy, delta(6, 7, 'c'), change)).toBe('gap');
  });
});

describe('NumberedCopy', () => {
  it('keeps deltas that overtake the first snapshot and applies those it does not hold, in order', () => {
    const s = slice();
    s.apply(delta(1, 2, 'b'));
    s.apply(delta(2, 3, 'c'));
    s.snapshot({ version: 2, items: ['a', 'b'] });
    expect(s.held()).toEqual({ version: 3, items: ['a', 'b', 'c'] });
    expect(s.reload).not.toHaveBeenCalled();
  });

  it('reads the snapshot again on a gap, and ignores a delta already held', () => {
    const s = slice();
    s.snapshot({ version: 4, items: ['a'] });
    s.apply(delta(3, 4, 'a'));
    expect(s.held()).toEqual({ version: 4, items: ['a'] });
    s.apply(delta(6, 7, 'x'));
    expect(s.reload).toHaveBeenCalledTimes(1);
    expect(s.held()).toEqual({ version: 4, items: ['a'] });
  });

  it('ignores a snapshot older than the deltas applied, and takes one as new or newer', () => {
    const s = slice();
    s.snapshot({ version: 1, items: [] });
    s.apply(delta(1, 2, 'a'));
    s.snapshot({ version: 1, items: [] });
    expect(s.held()).toEqual({ version: 2, items: ['a'] });
    s.snapshot({ version: 2, items: ['A'] });
    expect(s.held()).toEqual({ version: 2, items: ['A'] });
  });

  it('keeps the newest early deltas only; the oldest let go make a gap that reads again', () => {
    const s = slice();
    for (let v = 1; v <= earlyDeltaLimit + 1; v++) s.apply(delta(v, v + 1, `i${v}`));
    s.snapshot({ version: 1, items: [] });
    expect(s.reload).toHaveBeenCalled();
    expect(s.held()?.version).toBe(1);
  });
});
