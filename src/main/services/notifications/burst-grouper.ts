import type { Clock } from '../../../shared/primitives/clock';

export interface BurstOptions {
  /** More than this many within `windowMs` is a burst. Default 5. */
  max: number;
  /** Default 10 s. */
  windowMs: number;
  /** How long a burst's items are gathered before their summary shows. Default 2 s. */
  settleMs: number;
}

export const defaultBurst: BurstOptions = { max: 5, windowMs: 10_000, settleMs: 2_000 };

/**
 * Shows items one by one until more than `max` arrive within `windowMs`; from then on they are
 * gathered into one summary (per `settleMs`), until a whole window passes without a new one.
 */
export class BurstGrouper<T> {
  private shownAt: number[] = [];
  private held: T[] = [];
  private timer: unknown = null;
  private summarisingUntil = 0;

  constructor(
    private readonly clock: Clock,
    private readonly options: BurstOptions,
    private readonly showOne: (item: T) => void,
    private readonly showSummary: (items: T[]) => void,
  ) {}

  push(item: T): void {
    const now = this.clock.now();
    this.shownAt = this.shownAt.filter((t) => now - t < this.options.windowMs);
    if (this.summarisingUntil > now || this.shownAt.length >= this.options.max) {
      this.held.push(item);
      this.summarisingUntil = now + this.options.windowMs;
      if (this.timer === null) this.timer = this.clock.setTimeout(() => this.flush(), this.options.settleMs);
      return;
    }
    this.shownAt.push(now);
    this.showOne(item);
  }

  /** Shows the gathered summary now (also on quit). */
  flush(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    if (this.held.length === 0) return;
    this.showSummary(this.held.splice(0));
  }

  /** Forgets what is gathered (do-not-disturb switched on) and returns it. */
  drop(): T[] {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    return this.held.splice(0);
  }

  dispose(): void {
    this.drop();
  }
}
