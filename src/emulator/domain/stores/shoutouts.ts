/** Send a Shoutout: 2 minutes between any two shoutouts of a channel, 60 minutes per target. */
export const SHOUTOUT_COOLDOWN_MS = 2 * 60_000;
export const SHOUTOUT_TARGET_COOLDOWN_MS = 60 * 60_000;

export interface Shoutout {
  fromBroadcasterId: string;
  toBroadcasterId: string;
  moderatorId: string;
  startedAt: number;
  viewerCount: number;
}

/** Shoutouts given, newest last (for the cooldowns and the simulation API). */
export class ShoutoutStore {
  private readonly shoutouts: Shoutout[] = [];

  /** The last shoutout the channel gave, to anyone or (with `to`) to that channel. */
  last(fromBroadcasterId: string, toBroadcasterId?: string): Shoutout | undefined {
    for (let i = this.shoutouts.length - 1; i >= 0; i--) {
      const s = this.shoutouts[i]!;
      if (s.fromBroadcasterId === fromBroadcasterId && (toBroadcasterId === undefined || s.toBroadcasterId === toBroadcasterId)) return s;
    }
    return undefined;
  }

  add(shoutout: Shoutout): void {
    this.shoutouts.push(shoutout);
  }

  /** Shoutouts given or received by the broadcaster, newest first. */
  list(broadcasterId: string): Shoutout[] {
    return this.shoutouts.filter((s) => s.fromBroadcasterId === broadcasterId || s.toBroadcasterId === broadcasterId).reverse();
  }
}
