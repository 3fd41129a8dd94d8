import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test-support/fake-clock';
import { RetryTimer } from './retry-timer';

describe('RetryTimer', () => {
  it('waits the backoff steps (or longer when asked), keeps one run waiting at a time, and starts over after a success', () => {
    const clock = createFakeClock();
    const retry = new RetryTimer(clock, { initialMs: 100, maxMs: 1000, jitter: 'none' });
    const runs: number[] = [];
    const run = () => runs.push(clock.now());
    const start = clock.now();
    retry.schedule(run);
    retry.schedule(run);
    clock.advance(100);
    retry.schedule(run);
    clock.advance(200);
    retry.schedule(run, 500);
    clock.advance(500);
    expect(runs.map((t) => t - start)).toEqual([100, 300, 800]);
    retry.reset();
    retry.schedule(run);
    retry.cancel();
    clock.advance(1000);
    expect(runs).toHaveLength(3);
    expect(clock.pendingTimers()).toBe(0);
  });
});
