/**
 * The one way to do a kept "put it back at time T": each pending revert is kept by its owner with
 * an absolute due time (on disk, so it survives a quit or a crash), and this schedules each at its
 * due time, or at once when Sidestage starts after it has passed; a revert that fails is tried again
 * after `retryMs`. The owner says which are ready to run now (signed in to their channel, OBS
 * connected), calls `reschedule()` when that or the list changes, and removes an entry once done.
 *
 * Used by chat settings' kept revert (presets, an automation's "chat mode for N s") and by
 * automations' OBS reverts ("scene back after N s", "hide the source again").
 */
import type { Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import { background } from './background';

export interface DueRevertsOptions<E> {
  clock: Clock;
  /** The pending reverts as the owner keeps them now. */
  list(): readonly E[];
  key(entry: E): string;
  /** Epoch ms. */
  dueAt(entry: E): number;
  /** Whether it may run now; one that is not waits for the next `reschedule()`. Default: always. */
  ready?(entry: E): boolean;
  /** Does the revert; the owner removes the entry when it is done (or no longer appropriate). Rejects to be tried again. */
  run(entry: E): Promise<void>;
  /** Wait before a failed revert is tried again. */
  retryMs: number;
  onError(entry: E, error: unknown): void;
  logger: Logger;
}

export class DueReverts<E> {
  private readonly timers = new Map<string, unknown>();
  private readonly running = new Set<string>();
  private disposed = false;

  constructor(private readonly options: DueRevertsOptions<E>) {}

  /** Times every ready entry at its due time (at once when past); forgets timers of entries gone. */
  reschedule(): void {
    if (this.disposed) return;
    const { clock } = this.options;
    const wanted = new Map<string, E>();
    for (const entry of this.options.list()) if (this.options.ready?.(entry) ?? true) wanted.set(this.options.key(entry), entry);
    for (const [key, timer] of this.timers) {
      if (wanted.has(key)) continue;
      clock.clearTimeout(timer);
      this.timers.delete(key);
    }
    for (const [key, entry] of wanted) {
      if (this.timers.has(key) || this.running.has(key)) continue;
      this.at(key, Math.max(0, this.options.dueAt(entry) - clock.now()));
    }
  }

  /** Runs one now (a "revert now" button); a failure is tried again as a timed one is. */
  async runNow(key: string): Promise<void> {
    const timer = this.timers.get(key);
    if (timer !== undefined) this.options.clock.clearTimeout(timer);
    this.timers.delete(key);
    await this.attempt(key, true);
  }

  /** How many are timed now (tests). */
  get scheduled(): number {
    return this.timers.size;
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.timers.values()) this.options.clock.clearTimeout(timer);
    this.timers.clear();
  }

  private at(key: string, ms: number): void {
    this.timers.set(
      key,
      this.options.clock.setTimeout(() => {
        this.timers.delete(key);
        // A failed revert is reported through onError and timed again; what is left (the owner's own callbacks throwing) is logged.
        background(this.attempt(key, false), this.options.logger, 'a kept revert');
      }, ms),
    );
  }

  private async attempt(key: string, rethrow: boolean): Promise<void> {
    const entry = this.options.list().find((e) => this.options.key(e) === key);
    if (!entry || this.disposed || this.running.has(key)) return;
    this.running.add(key);
    try {
      await this.options.run(entry);
    } catch (error) {
      this.options.onError(entry, error);
      const still = this.options.list().find((e) => this.options.key(e) === key);
      if (!this.disposed && still && (this.options.ready?.(still) ?? true)) this.at(key, this.options.retryMs);
      if (rethrow) throw error;
    } finally {
      this.running.delete(key);
    }
  }
}
