/**
 * Whether a viewer follows the channel, for "followers and above" commands: Get Channel Followers
 * with `user_id` (one row or none), each answer kept a short while (a command spammed by one viewer
 * asks once), at most `maxCached` viewers (the oldest forgotten first), one request at a time per
 * viewer. A refusal rejects in words (the run log says why the command did not run).
 */
import type { Clock } from '../../../../shared/primitives/clock';
import { systemClock } from '../../../../shared/primitives/clock';
import { refusalInWords } from '../../api/refusal-words';

export interface FollowerCheck {
  follows(userId: string): Promise<boolean>;
}

export interface FollowerLookupOptions {
  /** Asks the platform: whether `userId` follows the current broadcaster. */
  lookup(userId: string): Promise<boolean>;
  /** Whose channel the answers are about (the current broadcaster): an answer about another channel is never reused. */
  channel?(): string | null;
  clock?: Clock;
  /** How long an answer is kept. Default 5 minutes. */
  ttlMs?: number;
  /** Viewers kept at once. Default 5,000. */
  maxCached?: number;
}

export class FollowerLookup implements FollowerCheck {
  private readonly cache = new Map<string, { follows: boolean; until: number }>();
  private readonly asking = new Map<string, Promise<boolean>>();
  private readonly clock: Clock;

  constructor(private readonly options: FollowerLookupOptions) {
    this.clock = options.clock ?? systemClock;
  }

  follows(userId: string): Promise<boolean> {
    const now = this.clock.now();
    const key = `${this.options.channel?.() ?? ''}:${userId}`;
    const kept = this.cache.get(key);
    if (kept && kept.until > now) return Promise.resolve(kept.follows);
    const pending = this.asking.get(key);
    if (pending) return pending;
    const asked = this.options
      .lookup(userId)
      .then((follows) => {
        this.keep(key, follows);
        return follows;
      })
      .catch((error: unknown) => {
        throw refusalInWords('The follow was not read', error);
      })
      .finally(() => this.asking.delete(key));
    this.asking.set(key, asked);
    return asked;
  }

  /** Forgets every answer (the account changed). */
  clear(): void {
    this.cache.clear();
  }

  get cached(): number {
    return this.cache.size;
  }

  private keep(key: string, follows: boolean): void {
    this.cache.delete(key);
    this.cache.set(key, { follows, until: this.clock.now() + (this.options.ttlMs ?? 300_000) });
    if (this.cache.size > (this.options.maxCached ?? 5000)) this.cache.delete(this.cache.keys().next().value!);
  }
}
