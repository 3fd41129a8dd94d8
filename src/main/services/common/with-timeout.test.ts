import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test-support/fake-clock';
import { AppError } from '../app-error';
import { withTimeout } from './with-timeout';

describe('withTimeout', () => {
  it('answers what the work answers, and lets its timer go', async () => {
    const clock = createFakeClock(0);
    expect(await withTimeout(Promise.resolve(1), clock, 1000, 'late')).toBe(1);
    await expect(withTimeout(Promise.reject(new Error('refused')), clock, 1000, 'late')).rejects.toThrow('refused');
    expect(clock.pendingTimers()).toBe(0);
  });

  it('rejects with a timeout in words once the time has passed', async () => {
    const clock = createFakeClock(0);
    const late = withTimeout(new Promise(() => {}), clock, 1000, 'OBS did not answer within 1 s.');
    clock.advance(999);
    const stillPending = Symbol('still pending');
    expect(await Promise.race([late, Promise.resolve(stillPending)])).toBe(stillPending);
    clock.advance(1);
    await expect(late).rejects.toEqual(new AppError('timeout', 'OBS did not answer within 1 s.'));
  });
});
