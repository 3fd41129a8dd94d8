import { describe, expect, it } from 'vitest';
import { Backoff } from './backoff';

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
