/**
 * Shield Mode per channel: whether it is on, who last turned it on and when, and the overrides it
 * applies to chat while on (the platform lets the broadcaster configure them in its own pages; a
 * channel that did not has the defaults).
 */

/** What Shield Mode applies to chat while on; moderators, the broadcaster and VIPs are exempt. */
export interface ShieldModeOverrides {
  /** Followers-only chat: the minutes a chatter must have followed (null: no follower rule). */
  followerModeMinutes: number | null;
  /** Only accounts with a verified email address may chat. */
  requireVerifiedEmail: boolean;
  /** Chatters whose message would be their first in the channel may not chat. */
  restrictFirstTimeChatters: boolean;
}

/** The emulator's default overrides (the platform documents that it applies defaults, not which). */
export const DEFAULT_SHIELD_MODE_OVERRIDES: Readonly<ShieldModeOverrides> = Object.freeze({
  followerModeMinutes: 10,
  requireVerifiedEmail: true,
  restrictFirstTimeChatters: true,
});

export interface ShieldModeStatus {
  isActive: boolean;
  /** Who last turned it on; null when it never was. */
  moderatorId: string | null;
  /** When it was last turned on (ms); null when it never was. */
  lastActivatedAt: number | null;
}

const NEVER_ACTIVATED: Readonly<ShieldModeStatus> = Object.freeze({ isActive: false, moderatorId: null, lastActivatedAt: null });

export class ShieldModeStore {
  private readonly statusByBroadcaster = new Map<string, ShieldModeStatus>();
  private readonly overridesByBroadcaster = new Map<string, ShieldModeOverrides>();

  /** A copy. */
  status(broadcasterId: string): ShieldModeStatus {
    return { ...(this.statusByBroadcaster.get(broadcasterId) ?? NEVER_ACTIVATED) };
  }

  isActive(broadcasterId: string): boolean {
    return this.statusByBroadcaster.get(broadcasterId)?.isActive ?? false;
  }

  activate(broadcasterId: string, moderatorId: string, now: number): void {
    this.statusByBroadcaster.set(broadcasterId, { isActive: true, moderatorId, lastActivatedAt: now });
  }

  /** Keeps who last turned it on and when, as the platform reports them. */
  deactivate(broadcasterId: string): void {
    const status = this.status(broadcasterId);
    this.statusByBroadcaster.set(broadcasterId, { ...status, isActive: false });
  }

  /** A copy. */
  overrides(broadcasterId: string): ShieldModeOverrides {
    return { ...(this.overridesByBroadcaster.get(broadcasterId) ?? DEFAULT_SHIELD_MODE_OVERRIDES) };
  }

  setOverrides(broadcasterId: string, overrides: ShieldModeOverrides): void {
    this.overridesByBroadcaster.set(broadcasterId, { ...overrides });
  }
}
