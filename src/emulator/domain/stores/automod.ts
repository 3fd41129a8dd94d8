/**
 * AutoMod per channel: its settings (an overall level, or a level per category), the messages it
 * holds for the moderators' review, and the budget of Check AutoMod Status.
 */
import type { ChatMessage } from './chat-messages';
import { RateLimiter } from './rate-limiter';
import type { BroadcasterType } from './users';

/** AutoMod's categories, by their names in the AutoMod settings, in the order the platform lists them. */
export const AUTOMOD_CATEGORIES = [
  'disability',
  'aggression',
  'sexuality_sex_or_gender',
  'misogyny',
  'bullying',
  'swearing',
  'race_ethnicity_or_religion',
  'sex_based_terms',
] as const;

export type AutoModCategory = (typeof AUTOMOD_CATEGORIES)[number];

/** 0 (no filtering) to 4 (the most) per category. */
export type AutoModLevels = Record<AutoModCategory, number>;

export interface AutoModSettings {
  /** Null when the levels were set one by one and match no overall level. */
  overallLevel: number | null;
  levels: AutoModLevels;
}

export type HeldMessageStatus = 'pending' | 'approved' | 'denied';

/** A chat message AutoMod holds: the category it fell in and how severe it is (1-4). */
export interface HeldMessage {
  message: ChatMessage;
  category: AutoModCategory;
  level: number;
  heldAt: number;
  status: HeldMessageStatus;
  /** Who allowed or denied it. */
  moderatorId: string | null;
}

/** Held messages kept per channel; past it the oldest go (the platform lets held messages expire). */
export const HELD_MESSAGES_KEPT_PER_CHANNEL = 1000;

/** Check AutoMod Status per channel and account type: [per minute, per hour] (the platform's reference). */
export const CHECK_LIMITS: Readonly<Record<BroadcasterType, readonly [number, number]>> = Object.freeze({
  '': [5, 50],
  affiliate: [10, 100],
  partner: [30, 300],
});

const ZERO_LEVELS: Readonly<AutoModLevels> = Object.freeze(Object.fromEntries(AUTOMOD_CATEGORIES.map((c) => [c, 0])) as AutoModLevels);

export class AutoModStore {
  private readonly settingsByBroadcaster = new Map<string, AutoModSettings>();
  /** Pending held messages by message ID, in the order they were held. */
  private readonly pending = new Map<string, HeldMessage>();
  private readonly checkLimiters = new Map<string, { minute: RateLimiter; hour: RateLimiter }>();

  /** A copy; a channel that never set AutoMod has it off (level 0). */
  settings(broadcasterId: string): AutoModSettings {
    const settings = this.settingsByBroadcaster.get(broadcasterId);
    return settings ? { overallLevel: settings.overallLevel, levels: { ...settings.levels } } : { overallLevel: 0, levels: { ...ZERO_LEVELS } };
  }

  setSettings(broadcasterId: string, settings: AutoModSettings): void {
    this.settingsByBroadcaster.set(broadcasterId, { overallLevel: settings.overallLevel, levels: { ...settings.levels } });
  }

  hold(held: HeldMessage): void {
    this.pending.set(held.message.id, held);
    const channel = this.pendingIn(held.message.broadcasterId);
    for (const old of channel.slice(0, Math.max(0, channel.length - HELD_MESSAGES_KEPT_PER_CHANNEL))) this.pending.delete(old.message.id);
  }

  /** A message still waiting for a moderator, in any channel. */
  pendingMessage(messageId: string): HeldMessage | undefined {
    return this.pending.get(messageId);
  }

  /** The message is allowed or denied: no longer held. */
  release(messageId: string): void {
    this.pending.delete(messageId);
  }

  /** The channel's held messages, oldest first. */
  pendingIn(broadcasterId: string): HeldMessage[] {
    return [...this.pending.values()].filter((held) => held.message.broadcasterId === broadcasterId);
  }

  /** Takes one check of the channel's Check AutoMod Status budget; false when it is spent. */
  takeCheck(broadcasterId: string, type: BroadcasterType, now: number): boolean {
    const key = `${broadcasterId}:${type}`;
    let limiters = this.checkLimiters.get(key);
    if (!limiters) {
      const [perMinute, perHour] = CHECK_LIMITS[type];
      limiters = { minute: new RateLimiter(perMinute, 60_000), hour: new RateLimiter(perHour, 3_600_000) };
      this.checkLimiters.set(key, limiters);
    }
    return limiters.minute.take(broadcasterId, 1, now).allowed && limiters.hour.take(broadcasterId, 1, now).allowed;
  }
}
