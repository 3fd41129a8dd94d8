/**
 * Chat in the current API's shapes (spec 4.8, the platform's reference): chat settings, emotes
 * (channel, global, sets, a user's), badges; and the simulation API's chat records, raids and
 * shoutouts.
 */
import { toRfc3339 } from '../../clock';
import { badgeImageUrls } from '../../catalogue/badges';
import { EMOTE_SCALES, EMOTE_THEME_MODES, emoteImages, type GlobalEmote } from '../../catalogue/emotes';
import { CHAT_BOT_BADGE, chatBadges } from '../../domain/chat';
import type { EmulatorState } from '../../domain/emulator-state';
import type { BadgeSet, ChannelEmote, ChatSettings } from '../../domain/stores/chat';
import type { ChatMessage } from '../../domain/stores/chat-messages';
import type { Raid } from '../../domain/stores/raids';
import type { Shoutout } from '../../domain/stores/shoutouts';
import { userFields } from './user-fields';
import type { ChannelEmoteView, ChatMessageRecord, OwnedEmoteView, RaidView, ShoutoutView } from './wire/chat';

export function chatSettingsView(broadcasterId: string, settings: ChatSettings, options: { moderatorId: string | undefined; withDelay: boolean }) {
  return {
    broadcaster_id: broadcasterId,
    slow_mode: settings.slowMode,
    slow_mode_wait_time: settings.slowModeWaitTime,
    follower_mode: settings.followerMode,
    follower_mode_duration: settings.followerModeDuration,
    subscriber_mode: settings.subscriberMode,
    emote_mode: settings.emoteMode,
    unique_chat_mode: settings.uniqueChatMode,
    ...(options.moderatorId !== undefined ? { moderator_id: options.moderatorId } : {}),
    ...(options.withDelay
      ? { non_moderator_chat_delay: settings.nonModeratorChatDelay, non_moderator_chat_delay_duration: settings.nonModeratorChatDelayDuration }
      : {}),
  };
}

const emoteVariants = (format: readonly string[]) => ({
  format: [...format],
  scale: [...EMOTE_SCALES],
  theme_mode: [...EMOTE_THEME_MODES],
});

export function channelEmoteView(state: EmulatorState, emote: ChannelEmote): ChannelEmoteView {
  return {
    id: emote.id,
    name: emote.name,
    images: emoteImages(state.baseUrl, emote.id),
    tier: emote.tier,
    emote_type: emote.emoteType,
    emote_set_id: emote.emoteSetId,
    ...emoteVariants(emote.format),
  };
}

export function ownedEmoteView(state: EmulatorState, ownerId: string, emote: ChannelEmote): OwnedEmoteView {
  return { ...channelEmoteView(state, emote), owner_id: ownerId };
}

export function globalEmoteView(state: EmulatorState, emote: GlobalEmote) {
  return { id: emote.id, name: emote.name, images: emoteImages(state.baseUrl, emote.id), ...emoteVariants(emote.format) };
}

/** An emote as Get Emote Sets lists it. */
export function setEmoteView(state: EmulatorState, emote: { id: string; name: string; format: readonly string[] }, emoteType: string, setId: string, ownerId: string) {
  return {
    id: emote.id,
    name: emote.name,
    images: emoteImages(state.baseUrl, emote.id),
    emote_type: emoteType,
    emote_set_id: setId,
    owner_id: ownerId,
    ...emoteVariants(emote.format),
  };
}

/** An emote as Get User Emotes lists it (no images: the answer's template builds their URLs). */
export function userEmoteView(emote: { id: string; name: string; format: readonly string[] }, emoteType: string, setId: string, ownerId: string) {
  return { id: emote.id, name: emote.name, emote_type: emoteType, emote_set_id: setId, owner_id: ownerId, ...emoteVariants(emote.format) };
}

/** Numeric IDs in numeric order, others by code point: "1" < "2" < "10" < "a". */
function compareIds(a: string, b: string): number {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b)) return Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);
  if (numeric.test(a) !== numeric.test(b)) return numeric.test(a) ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function badgeSetsView(state: EmulatorState, sets: readonly BadgeSet[]) {
  return [...sets]
    .sort((a, b) => (a.setId < b.setId ? -1 : a.setId > b.setId ? 1 : 0))
    .map((set) => ({
      set_id: set.setId,
      versions: [...set.versions]
        .sort((a, b) => compareIds(a.id, b.id))
        .map((v) => ({
          id: v.id,
          ...badgeImageUrls(state.baseUrl, v.imageId),
          title: v.title,
          description: v.description,
          click_action: v.clickAction,
          click_url: v.clickUrl,
        })),
    }));
}

export function chatMessageRecordView(state: EmulatorState, message: ChatMessage): ChatMessageRecord {
  return {
    message_id: message.id,
    broadcaster_id: message.broadcasterId,
    ...userFields(state, 'user', message.senderId),
    text: message.text,
    fragments: message.fragments,
    sent_at: toRfc3339(message.sentAt),
    is_sent: message.isSent,
    drop_reason: message.dropReason,
    reply_parent_message_id: message.replyParentMessageId,
    // What the line wears in its channel, the chat-bot badge included (the simulation API's tests read it).
    badges: message.sentAsChatBot ? [...chatBadges(state, message.broadcasterId, message.senderId), { ...CHAT_BOT_BADGE }] : chatBadges(state, message.broadcasterId, message.senderId),
    source_broadcaster_id: message.source?.broadcasterId ?? null,
    source_message_id: message.source?.messageId ?? null,
  };
}

export function raidView(state: EmulatorState, raid: Raid): RaidView {
  const user = (id: string) => state.users.get(id);
  return {
    id: raid.id,
    from_broadcaster_id: raid.fromBroadcasterId,
    from_broadcaster_login: user(raid.fromBroadcasterId)?.login ?? '',
    to_broadcaster_id: raid.toBroadcasterId,
    to_broadcaster_login: user(raid.toBroadcasterId)?.login ?? '',
    status: raid.status,
    created_at: toRfc3339(raid.createdAt),
    due_at: toRfc3339(raid.dueAt),
    is_mature: raid.isMature,
    viewers: raid.viewers,
    completed_at: raid.completedAt === null ? null : toRfc3339(raid.completedAt),
  };
}

export function shoutoutView(state: EmulatorState, shoutout: Shoutout): ShoutoutView {
  const user = (id: string) => state.users.get(id);
  return {
    from_broadcaster_id: shoutout.fromBroadcasterId,
    from_broadcaster_login: user(shoutout.fromBroadcasterId)?.login ?? '',
    to_broadcaster_id: shoutout.toBroadcasterId,
    to_broadcaster_login: user(shoutout.toBroadcasterId)?.login ?? '',
    moderator_id: shoutout.moderatorId,
    started_at: toRfc3339(shoutout.startedAt),
    viewer_count: shoutout.viewerCount,
  };
}
