import { describe, expect, it } from 'vitest';
import { Backoff, backoffDelay } from './backoff';

describe('Backoff', () => {
  it('doubles up to the cap, with the jitter between half and all of each step', () => {
    const top = new Backoff({ initialMs: 100, maxMs: 1000 }, () => 1);
    expect(Array.from({ length: 6 }, () => top.next())).toEqual([100, 200, 400, 800, 1000, 1000]);
    const bottom = new Backoff({ initialMs: 100, maxMs: 1000 }, () => 0);
    expect(Array.from({ length: 6 }, () => bottom.next())).toEqual([50, 100, 200, 400, 500, 500]);
  });

  it('stays bounded however many attempts fail, and starts over after reset', () => {
    const backoff = new Backoff({ initialMs: 1000, maxMs: 60_000 });
    for (let i = 0; i < 5000; i++) {
      const wait = backoff.next();
      expect(wait).toBeGreaterThanOrEqual(500);
      expect(wait).toBeLessThanOrEqual(60_000);
    }
    expect(backoff.attempts).toBe(5000);
    backoff.reset();
    expect(backoff.attempts).toBe(0);
    expect(backoff.next()).toBeLessThanOrEqual(1000);
  });
});

describe('backoffDelay', () => {
  it('gives exact steps without jitter and never goes past the cap', () => {
    const steps = Array.from({ length: 6 }, (_, attempt) => backoffDelay(attempt, { initialMs: 250, maxMs: 2000, jitter: 'none' }));
    expect(steps).toEqual([250, 500, 1000, 2000, 2000, 2000]);
    expect(backoffDelay(10_000, { initialMs: 250, maxMs: 2000, jitter: 'none' })).toBe(2000);
  });

  it('jitters between half and all of the step by default', () => {
    expect(backoffDelay(2, { initialMs: 100, maxMs: 1000 }, () => 0)).toBe(200);
    expect(backoffDelay(2, { initialMs: 100, maxMs: 1000 }, () => 1)).toBe(400);
  });
});
