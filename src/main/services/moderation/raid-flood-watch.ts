/**
 * Tells a hate raid from a raid: after a raid into the channel, more than `newChatters` chatters
 * Sidestage has not seen before speak within `withinMs`. A chatter counts as new the first time
 * they speak while Sidestage watches; the channel's own moderators, VIPs and subscribers never do.
 * A friendly raid brings first-time chatters too, so this only ever makes a suggestion.
 */
import type { ChannelUser, ChatRoles } from '../../../shared/ipc/contract';

export interface RaidFloodOptions {
  /** More than this many new chatters... Default 10. */
  newChatters?: number;
  /** ...within this long of the raid. Default 30 s. */
  withinMs?: number;
  /** Chatters remembered as seen; the oldest are forgotten past it. Default 50,000. */
  remembered?: number;
}

export interface RaidFlood {
  raider: ChannelUser | null;
  newChatters: number;
  withinMs: number;
}

const defaultRaidFlood = { newChatters: 10, withinMs: 30_000 } as const;

export class RaidFloodWatch {
  readonly newChatters: number;
  readonly withinMs: number;
  private readonly remembered: number;
  /** Insertion-ordered: the oldest are forgotten first. */
  private readonly seen = new Set<string>();
  private raid: { raider: ChannelUser | null; at: number; newIds: Set<string>; told: boolean } | null = null;

  constructor(options: RaidFloodOptions = {}) {
    this.newChatters = options.newChatters ?? defaultRaidFlood.newChatters;
    this.withinMs = options.withinMs ?? defaultRaidFlood.withinMs;
    this.remembered = options.remembered ?? 50_000;
  }

  /** A raid into the channel at `at` (ms): its window starts. */
  raided(raider: ChannelUser | null, at: number): void {
    this.raid = { raider, at, newIds: new Set(), told: false };
  }

  /**
   * A chat message at `at` (ms). Answers the flood the first time the count passes the threshold
   * within a raid's window, else null.
   */
  chatted(userId: string, roles: ChatRoles, at: number): RaidFlood | null {
    const known = this.seen.has(userId);
    if (!known) this.remember(userId);
    const raid = this.raid;
    if (!raid || known || roles.broadcaster || roles.moderator || roles.vip || roles.subscriber) return null;
    if (at - raid.at > this.withinMs) {
      this.raid = null;
      return null;
    }
    raid.newIds.add(userId);
    if (raid.told || raid.newIds.size <= this.newChatters) return null;
    raid.told = true;
    return { raider: raid.raider, newChatters: raid.newIds.size, withinMs: this.withinMs };
  }

  /** Another channel: nobody has been seen there. */
  reset(): void {
    this.seen.clear();
    this.raid = null;
  }

  private remember(userId: string): void {
    this.seen.add(userId);
    if (this.seen.size <= this.remembered) return;
    const oldest = this.seen.values().next().value;
    if (oldest !== undefined) this.seen.delete(oldest);
  }
}
