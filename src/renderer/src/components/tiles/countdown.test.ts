import { describe, expect, it } from 'vitest';
import { formatLeft, nextTick, secondsBetween, secondsLeft } from './countdown';

const at = (ms: number) => new Date(ms).toISOString();
const end = Date.parse('2030-01-01T10:01:00.000Z');

describe('countdowns, right to the second', () => {
  it('reads as a clock does: the whole length at the start, 0:01 in the last second, nothing once over', () => {
    expect(formatLeft(at(end), end - 60_000)).toBe('1:00');
    expect(formatLeft(at(end), end - 59_999)).toBe('1:00');
    expect(formatLeft(at(end), end - 59_000)).toBe('0:59');
    expect(formatLeft(at(end), end - 42_000)).toBe('0:42');
    expect(formatLeft(at(end), end - 41_001)).toBe('0:42');
    expect(formatLeft(at(end), end - 1_000)).toBe('0:01');
    expect(formatLeft(at(end), end - 1)).toBe('0:01');
    expect(formatLeft(at(end), end)).toBeNull();
    expect(formatLeft(at(end), end + 1)).toBeNull();
    expect(formatLeft(null, end)).toBeNull();
    expect(formatLeft('not a time', end)).toBeNull();
  });

  it('never shows more than the whole length when the time it is read at is a little old (a 60 s ad is "1:00", not "1:01")', () => {
    expect(formatLeft(at(end), end - 60_700)).toBe('1:01');
    expect(formatLeft(at(end), end - 60_700, 60)).toBe('1:00');
    expect(formatLeft(at(end), end - 30_000, 60)).toBe('0:30');
    expect(secondsLeft(at(end), end - 300_000, secondsBetween(at(end - 60_000), at(end)))).toBe(60);
  });

  it('minutes and hours: "14:05", "59:59", "1:00:00", "1:02:03"', () => {
    expect(formatLeft(at(end), end - (14 * 60 + 5) * 1000)).toBe('14:05');
    expect(formatLeft(at(end), end - 3_599_000)).toBe('59:59');
    expect(formatLeft(at(end), end - 3_599_001)).toBe('1:00:00');
    expect(formatLeft(at(end), end - 3_723_000)).toBe('1:02:03');
  });

  it('says when the shown number changes next, for the nearest of several countdowns', () => {
    // 60 s left exactly: "1:00" until one second has passed.
    expect(nextTick([at(end)], end - 60_000)).toBe(end - 59_000);
    // 59.5 s left: "1:00" for another half second.
    expect(nextTick([at(end)], end - 59_500)).toBe(end - 59_000);
    // In the last second: it changes (to nothing) at the end.
    expect(nextTick([at(end)], end - 400)).toBe(end);
    // Two countdowns of different phases: 10.3 s left of the second reads "0:11" until 0.3 s have passed.
    expect(nextTick([at(end), at(end + 300)], end - 10_000)).toBe(end - 9_700);
    expect(nextTick([null, undefined, at(end - 5)], end)).toBeNull();
  });

  it('a break’s length from its start and end', () => {
    expect(secondsBetween(at(end - 90_000), at(end))).toBe(90);
    expect(secondsBetween(null, at(end))).toBeUndefined();
  });
});
