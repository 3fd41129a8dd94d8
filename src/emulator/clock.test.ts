import { describe, expect, it } from 'vitest';
import { EmulatorClock, toRfc3339 } from './clock';

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

describe('toRfc3339', () => {
  it('drops the milliseconds, the same on a repeated (cached) call', () => {
    const ms = Date.UTC(2019, 4, 4, 17, 21, 8, 456);
    expect(toRfc3339(ms)).toBe('2019-05-04T17:21:08Z');
    expect(toRfc3339(ms)).toBe('2019-05-04T17:21:08Z');
    expect(toRfc3339(ms + 1000)).toBe('2019-05-04T17:21:09Z');
  });

  it('keeps the extended year format outside 0-9999', () => {
    expect(toRfc3339(Date.UTC(12345, 0, 1, 0, 0, 0, 7))).toBe('+012345-01-01T00:00:00Z');
  });
});
