import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test-support/fake-clock';
import { BurstGrouper, defaultBurst } from './burst-grouper';

function setup() {
  const clock = createFakeClock();
  const shown: (number | number[])[] = [];
  const grouper = new BurstGrouper<number>(clock, defaultBurst, (n) => shown.push(n), (ns) => shown.push(ns));
  return { clock, shown, grouper };
}

describe('BurstGrouper', () => {
  it('shows up to 5 in 10 s one by one, then one summary for the rest of the burst', () => {
    const { clock, shown, grouper } = setup();
    for (let i = 1; i <= 12; i++) {
      grouper.push(i);
      clock.advance(100);
    }
    expect(shown).toEqual([1, 2, 3, 4, 5]);
    clock.advance(2_000);
    expect(shown).toEqual([1, 2, 3, 4, 5, [6, 7, 8, 9, 10, 11, 12]]);
  });

  it('keeps summarising while the burst goes on, and goes back to single notifications after a calm window', () => {
    const { clock, shown, grouper } = setup();
    for (let i = 1; i <= 6; i++) grouper.push(i);
    clock.advance(2_000);
    // 9 s after the last item: still the same burst.
    clock.advance(7_000);
    grouper.push(7);
    clock.advance(2_000);
    expect(shown.slice(5)).toEqual([[6], [7]]);
    clock.advance(10_001);
    grouper.push(8);
    expect(shown.at(-1)).toBe(8);
  });

  it('spaced-out items are never summarised', () => {
    const { clock, shown, grouper } = setup();
    for (let i = 1; i <= 20; i++) {
      grouper.push(i);
      clock.advance(2_500);
    }
    expect(shown).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('drops what it gathered when asked (do-not-disturb)', () => {
    const { clock, shown, grouper } = setup();
    for (let i = 1; i <= 8; i++) grouper.push(i);
    grouper.drop();
    clock.advance(20_000);
    expect(shown).toEqual([1, 2, 3, 4, 5]);
  });
});
