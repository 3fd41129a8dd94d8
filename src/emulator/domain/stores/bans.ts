/** A ban (no end) or a timeout (an end) of a user in a broadcaster's chat. */
export interface Ban {
  broadcasterId: string;
  userId: string;
  moderatorId: string;
  reason: string;
  createdAt: number;
  /** Milliseconds since the epoch when a timeout ends; null for a ban. */
  endsAt: number | null;
}

/**
 * Bans and timeouts per channel. A timeout whose end has passed (on the emulator clock) no longer
 * counts and is dropped when next looked at, so moving the clock ends timeouts.
 */
export class BanStore {
  private readonly byBroadcaster = new Map<string, Map<string, Ban>>();

  /** The user's ban or running timeout, if any. */
  active(broadcasterId: string, userId: string, now: number): Ban | undefined {
    const bans = this.byBroadcaster.get(broadcasterId);
    const ban = bans?.get(userId);
    if (!ban) return undefined;
    if (ban.endsAt !== null && ban.endsAt <= now) {
      bans!.delete(userId);
      return undefined;
    }
    return ban;
  }

  /** Records a ban or timeout, replacing a running timeout. */
  put(ban: Ban): void {
    const bans = this.byBroadcaster.get(ban.broadcasterId) ?? new Map<string, Ban>();
    bans.delete(ban.userId);
    bans.set(ban.userId, ban);
    this.byBroadcaster.set(ban.broadcasterId, bans);
  }

  remove(broadcasterId: string, userId: string): boolean {
    return this.byBroadcaster.get(broadcasterId)?.delete(userId) ?? false;
  }

  /** The channel's bans and running timeouts, newest first. */
  list(broadcasterId: string, now: number): Ban[] {
    const bans = [...(this.byBroadcaster.get(broadcasterId)?.values() ?? [])];
    return bans.filter((ban) => this.active(broadcasterId, ban.userId, now) !== undefined).reverse();
  }
}
