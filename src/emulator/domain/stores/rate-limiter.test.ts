import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('starts full, spends points and refills continuously', () => {
    const limiter = new RateLimiter(800, 60_000);
    const t0 = 1_000_000;
    expect(limiter.take('a', 1, t0)).toEqual({ allowed: true, limit: 800, remaining: 799, resetAt: Math.ceil((t0 + 75) / 1000) });
    expect(limiter.take('a', 799, t0).remaining).toBe(0);
    expect(limiter.take('a', 1, t0)).toMatchObject({ allowed: false, remaining: 0, resetAt: Math.ceil((t0 + 60_000) / 1000) });
    // 800 points a minute: 75 ms per point.
    expect(limiter.take('a', 1, t0 + 150)).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.take('a', 1, t0 + 10 * 60_000).remaining).toBe(799);
  });

  it('keeps buckets apart and charges the cost', () => {
    const limiter = new RateLimiter();
    expect(limiter.take(RateLimiter.keyFor('c', 'u1'), 100, 0).remaining).toBe(700);
    expect(limiter.take(RateLimiter.keyFor('c', 'u2'), 1, 0).remaining).toBe(799);
    expect(limiter.take(RateLimiter.keyFor('c', null), 1, 0).remaining).toBe(799);
  });
});
