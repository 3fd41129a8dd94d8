export interface BackoffOptions {
  /** The first wait. Default 1 s. */
  initialMs: number;
  /** No wait is longer than this. Default 60 s. */
  maxMs: number;
}

export const defaultBackoff: BackoffOptions = { initialMs: 1000, maxMs: 60_000 };

/**
 * Exponential backoff with "equal jitter": the n-th wait lies between half and all of
 * min(max, initial * 2^n). The random half spreads the reconnects of many clients after one
 * outage; the fixed half keeps a floor so that a failing server is never hammered.
 */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly options: BackoffOptions = defaultBackoff,
    private readonly random: () => number = Math.random,
  ) {}

  /** The wait before the next try; each call doubles the step until it reaches the cap. */
  next(): number {
    const { initialMs, maxMs } = this.options;
    // Capping the exponent keeps 2^n finite however long the outage lasts.
    const step = Math.min(maxMs, initialMs * 2 ** Math.min(this.attempt, 30));
    this.attempt++;
    const half = step / 2;
    return Math.round(half + this.random() * half);
  }

  /** Tries made since the last success. */
  get attempts(): number {
    return this.attempt;
  }

  reset(): void {
    this.attempt = 0;
  }
}
