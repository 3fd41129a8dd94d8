import { describe, expect, it } from 'vitest';
import { EmulatorClock } from './clock';

describe('EmulatorClock.onAdvance', () => {
  it('tells listeners after the clock has moved, until they unsubscribe', () => {
    const clock = new EmulatorClock();
    const seen: number[] = [];
    const stop = clock.onAdvance(() => seen.push(clock.offsetSeconds));
    clock.advance(5);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    clock.advance(2);
    stop();
    clock.advance(1);
    expect(seen).toEqual([5, 7]);
  });
});
