import { Backoff, type BackoffOptions } from '../../../shared/primitives/backoff';
import type { Clock } from '../../../shared/primitives/clock';

/**
 * One retry waiting on a timer, its waits taken from `Backoff`: the queue's reconciliation and its
 * outbox each have one. At most one run waits at a time.
 */
export class RetryTimer {
  private readonly backoff: Backoff;
  private timer: unknown = null;

  constructor(
    private readonly clock: Clock,
    options: BackoffOptions,
    random?: () => number,
  ) {
    this.backoff = new Backoff(options, random);
  }

  /** Runs `run` after the next wait (or `atLeastMs`, when the platform asked for longer); nothing if a run already waits. */
  schedule(run: () => void, atLeastMs: number | null = null): void {
    if (this.timer !== null) return;
    const delay = Math.max(atLeastMs ?? 0, this.backoff.next());
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      run();
    }, delay);
  }

  /** After a success: the next failure waits the first step again. */
  reset(): void {
    this.backoff.reset();
  }

  /** The waiting run, if any, will not happen. */
  cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
