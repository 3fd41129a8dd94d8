/**
 * Per-channel chat state: who is in chat, the chat room settings, the channel's own emotes and
 * badges. Channels without a record have the platform's defaults (nobody in chat, every mode off,
 * no emotes, no badges).
 */

export interface ChatSettings {
  emoteMode: boolean;
  followerMode: boolean;
  /** Minutes; null when follower mode is off. */
  followerModeDuration: number | null;
  slowMode: boolean;
  /** Seconds; null when slow mode is off. */
  slowModeWaitTime: number | null;
  subscriberMode: boolean;
  uniqueChatMode: boolean;
  nonModeratorChatDelay: boolean;
  /** Seconds; null when the delay is off. */
  nonModeratorChatDelayDuration: number | null;
}

export const DEFAULT_CHAT_SETTINGS: Readonly<ChatSettings> = Object.freeze({
  emoteMode: false,
  followerMode: false,
  followerModeDuration: null,
  slowMode: false,
  slowModeWaitTime: null,
  subscriberMode: false,
  uniqueChatMode: false,
  nonModeratorChatDelay: false,
  nonModeratorChatDelayDuration: null,
});

export type EmoteType = 'subscriptions' | 'follower' | 'bitstier';
export type EmoteFormat = 'static' | 'animated';

export interface ChannelEmote {
  id: string;
  name: string;
  /** Subscriber tier (`1000`, `2000`, `3000`) for subscription emotes, else empty. */
  tier: string;
  emoteType: EmoteType;
  emoteSetId: string;
  format: EmoteFormat[];
}

export interface BadgeVersion {
  id: string;
  /** The path segment of the badge's image URLs (`/static/badges/v1/<imageId>/<1|2|3>`). */
  imageId: string;
  title: string;
  description: string;
  clickAction: string | null;
  clickUrl: string | null;
}

export interface BadgeSet {
  setId: string;
  versions: BadgeVersion[];
}

export class ChatStore {
  /** Chatters per broadcaster, in join order. */
  private readonly chattersByBroadcaster = new Map<string, Set<string>>();
  private readonly settingsByBroadcaster = new Map<string, ChatSettings>();
  private readonly emotesByBroadcaster = new Map<string, ChannelEmote[]>();
  private readonly badgesByBroadcaster = new Map<string, BadgeSet[]>();

  /** False when the user was already in chat. */
  join(broadcasterId: string, userId: string): boolean {
    const chatters = this.chattersByBroadcaster.get(broadcasterId) ?? new Set<string>();
    if (chatters.has(userId)) return false;
    chatters.add(userId);
    this.chattersByBroadcaster.set(broadcasterId, chatters);
    return true;
  }

  /** False when the user was not in chat. */
  leave(broadcasterId: string, userId: string): boolean {
    return this.chattersByBroadcaster.get(broadcasterId)?.delete(userId) ?? false;
  }

  isInChat(broadcasterId: string, userId: string): boolean {
    return this.chattersByBroadcaster.get(broadcasterId)?.has(userId) ?? false;
  }

  /** User IDs in join order. */
  chatters(broadcasterId: string): string[] {
    return [...(this.chattersByBroadcaster.get(broadcasterId) ?? [])];
  }

  /** A copy: change settings through `updateSettings`. */
  settings(broadcasterId: string): ChatSettings {
    return { ...(this.settingsByBroadcaster.get(broadcasterId) ?? DEFAULT_CHAT_SETTINGS) };
  }

  updateSettings(broadcasterId: string, changes: Partial<ChatSettings>): ChatSettings {
    const next = { ...this.settings(broadcasterId), ...changes };
    this.settingsByBroadcaster.set(broadcasterId, next);
    return { ...next };
  }

  channelEmotes(broadcasterId: string): readonly ChannelEmote[] {
    return this.emotesByBroadcaster.get(broadcasterId) ?? [];
  }

  setChannelEmotes(broadcasterId: string, emotes: ChannelEmote[]): void {
    this.emotesByBroadcaster.set(broadcasterId, emotes);
  }

  /** Every channel's emotes with their owner, for emote-set lookups. */
  *allChannelEmotes(): Iterable<{ ownerId: string; emote: ChannelEmote }> {
    for (const [ownerId, emotes] of this.emotesByBroadcaster) {
      for (const emote of emotes) yield { ownerId, emote };
    }
  }

  channelBadges(broadcasterId: string): readonly BadgeSet[] {
    return this.badgesByBroadcaster.get(broadcasterId) ?? [];
  }

  setChannelBadges(broadcasterId: string, badges: BadgeSet[]): void {
    this.badgesByBroadcaster.set(broadcasterId, badges);
  }
}
