/**
 * The one backoff (after Signal Desktop's `BackOff`): how long to wait before the next try after
 * a failure. Every retry and reconnect in Sidestage takes its waits from here.
 */
export interface BackoffOptions {
  /** The first wait. Default 1 s. */
  initialMs: number;
  /** No wait is longer than this. Default 60 s. */
  maxMs: number;
  /**
   * `equal` (default): between half and all of each step, so that many clients retrying after
   * one outage spread out while a failing server is never hammered; `none`: exactly each step,
   * for waits a person is shown or a test counts.
   */
  jitter?: 'equal' | 'none';
}

export const defaultBackoff: BackoffOptions = { initialMs: 1000, maxMs: 60_000 };

/** The wait before try number `attempt + 1` (attempt 0: the first retry): min(max, initial * 2^attempt), jittered. */
export function backoffDelay(attempt: number, options: BackoffOptions = defaultBackoff, random: () => number = Math.random): number {
  const { initialMs, maxMs } = options;
  // Capping the exponent keeps 2^n finite however long the outage lasts.
  const step = Math.min(maxMs, initialMs * 2 ** Math.min(Math.max(0, attempt), 30));
  if (options.jitter === 'none') return step;
  const half = step / 2;
  return Math.round(half + random() * half);
}

/** A backoff that counts its own attempts: `next()` after each failure, `reset()` after a success. */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly options: BackoffOptions = defaultBackoff,
    private readonly random: () => number = Math.random,
  ) {}

  /** The wait before the next try; each call doubles the step until it reaches the cap. */
  next(): number {
    return backoffDelay(this.attempt++, this.options, this.random);
  }

  /** Tries made since the last success. */
  get attempts(): number {
    return this.attempt;
  }

  reset(): void {
    this.attempt = 0;
  }
}
