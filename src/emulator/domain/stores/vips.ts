import { RateLimiter } from './rate-limiter';

/** Add and Remove Channel VIP and Moderator: at most 10 changes in a 10-second window per broadcaster. */
export const ROLE_CHANGES_PER_WINDOW = 10;
export const ROLE_CHANGE_WINDOW_MS = 10_000;

/** Who is a VIP of which channel, in the order they were made VIPs. */
export class VipStore {
  private readonly byBroadcaster = new Map<string, Set<string>>();
  /** Buckets keyed `moderator:`, `vip-add:` and `vip-remove:` + broadcaster for the API's role changes. */
  readonly roleChangeLimiter = new RateLimiter(ROLE_CHANGES_PER_WINDOW, ROLE_CHANGE_WINDOW_MS);

  isVip(broadcasterId: string, userId: string): boolean {
    return this.byBroadcaster.get(broadcasterId)?.has(userId) ?? false;
  }

  list(broadcasterId: string): string[] {
    return [...(this.byBroadcaster.get(broadcasterId) ?? [])];
  }

  /** False when the user already was a VIP. */
  add(broadcasterId: string, userId: string): boolean {
    const set = this.byBroadcaster.get(broadcasterId) ?? new Set<string>();
    if (set.has(userId)) return false;
    set.add(userId);
    this.byBroadcaster.set(broadcasterId, set);
    return true;
  }

  /** False when the user was not a VIP. */
  remove(broadcasterId: string, userId: string): boolean {
    return this.byBroadcaster.get(broadcasterId)?.delete(userId) ?? false;
  }
}
