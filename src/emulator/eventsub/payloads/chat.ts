/**
 * `channel.chat.message` and `channel.chat.notification` (the platform's reference); a line from
 * another channel of a shared chat session names its source (`source_*`).
 */
import { randomUUID } from 'node:crypto';
import { CHAT_BOT_BADGE, chatBadges, messageFragments, threadStart } from '../../domain/chat';
import type { EmulatorState } from '../../domain/emulator-state';
import type { ChatNotice, PlatformEventOf } from '../../domain/event-bus';
import type { ChatMessage } from '../../domain/stores/chat-messages';
import { userFields } from '../../http/views/user-fields';
import type { Notification } from '../notification';

const SHARED_CHAT_SOURCE = {
  source_broadcaster_user_id: null,
  source_broadcaster_user_login: null,
  source_broadcaster_user_name: null,
  source_message_id: null,
  source_badges: null,
};

/** The notice-specific objects of `channel.chat.notification`, all null but the notice's own. */
const NOTICE_OBJECTS = ['sub', 'resub', 'sub_gift', 'community_sub_gift', 'gift_paid_upgrade', 'prime_paid_upgrade', 'pay_it_forward', 'raid', 'unraid', 'announcement', 'bits_badge_tier', 'charity_donation'] as const;

function replyView(state: EmulatorState, message: ChatMessage) {
  if (message.replyParentMessageId === null) return null;
  const parent = state.chatMessages.get(message.broadcasterId, message.replyParentMessageId);
  if (!parent) return null;
  // The thread starts at the first message of the reply chain.
  const thread = threadStart(state, parent);
  return {
    parent_message_id: parent.id,
    parent_message_body: parent.text,
    ...userFields(state, 'parent_user', parent.senderId),
    thread_message_id: thread.id,
    ...userFields(state, 'thread_user', thread.senderId),
  };
}

export function chatMessageNotification(state: EmulatorState, { type, message }: PlatformEventOf<'channel.chat.message'>): Notification | null {
  const broadcaster = state.users.get(message.broadcasterId);
  const sender = state.users.get(message.senderId);
  if (!broadcaster || !sender) return null;
  return {
    type,
    broadcasterUserId: broadcaster.id,
    event: {
      broadcaster_user_id: broadcaster.id,
      broadcaster_user_login: broadcaster.login,
      broadcaster_user_name: broadcaster.displayName,
      chatter_user_id: sender.id,
      chatter_user_login: sender.login,
      chatter_user_name: sender.displayName,
      message_id: message.id,
      message: { text: message.text, fragments: message.fragments },
      message_type: 'text',
      badges: message.sentAsChatBot ? [...chatBadges(state, broadcaster.id, sender.id), { ...CHAT_BOT_BADGE }] : chatBadges(state, broadcaster.id, sender.id),
      cheer: null,
      color: '',
      reply: replyView(state, message),
      channel_points_custom_reward_id: null,
      channel_points_animation_id: null,
      ...sharedChatSource(state, message),
      is_source_only: null,
    },
  };
}

/** Who a line came from in a shared chat session: null fields for a line sent in this channel. */
function sharedChatSource(state: EmulatorState, message: ChatMessage) {
  if (!message.source) return SHARED_CHAT_SOURCE;
  const { broadcasterId, messageId } = message.source;
  const sourceBadges = chatBadges(state, broadcasterId, message.senderId);
  return {
    ...userFields(state, 'source_broadcaster_user', broadcasterId),
    source_message_id: messageId,
    source_badges: message.sentAsChatBot ? [...sourceBadges, { ...CHAT_BOT_BADGE }] : sourceBadges,
  };
}

/** The chatter a notice is sent as, its text, system message and notice-specific object. */
function noticeParts(state: EmulatorState, notice: ChatNotice) {
  if (notice.kind === 'announcement') {
    return { broadcasterId: notice.broadcasterId, chatterId: notice.moderatorId, text: notice.text, systemMessage: '', details: { color: notice.color.toUpperCase() } };
  }
  const { raid } = notice;
  const from = state.users.get(raid.fromBroadcasterId);
  const viewers = raid.viewers ?? 0;
  return {
    broadcasterId: raid.toBroadcasterId,
    chatterId: raid.fromBroadcasterId,
    text: '',
    systemMessage: `${viewers} raiders from ${from?.displayName ?? ''} have joined!`,
    details: { user_id: raid.fromBroadcasterId, user_login: from?.login ?? '', user_name: from?.displayName ?? '', viewer_count: viewers, profile_image_url: from?.profileImageUrl ?? '' },
  };
}

export function chatNoticeNotification(state: EmulatorState, { type, notice }: PlatformEventOf<'channel.chat.notification'>): Notification | null {
  const parts = noticeParts(state, notice);
  const broadcaster = state.users.get(parts.broadcasterId);
  const chatter = state.users.get(parts.chatterId);
  if (!broadcaster || !chatter) return null;
  const objects = Object.fromEntries(NOTICE_OBJECTS.map((name) => [name, name === notice.kind ? parts.details : null]));
  return {
    type,
    broadcasterUserId: broadcaster.id,
    event: {
      broadcaster_user_id: broadcaster.id,
      broadcaster_user_login: broadcaster.login,
      broadcaster_user_name: broadcaster.displayName,
      chatter_user_id: chatter.id,
      chatter_user_login: chatter.login,
      chatter_user_name: chatter.displayName,
      chatter_is_anonymous: false,
      color: '',
      badges: chatBadges(state, broadcaster.id, chatter.id),
      system_message: parts.systemMessage,
      message_id: randomUUID(),
      message: { text: parts.text, fragments: parts.text === '' ? [] : messageFragments(state, broadcaster.id, chatter.id, parts.text) },
      notice_type: notice.kind,
      ...objects,
      ...SHARED_CHAT_SOURCE,
    },
  };
}

type ChatRemovalEvent = PlatformEventOf<'channel.chat.message_delete' | 'channel.chat.clear_user_messages' | 'channel.chat.clear'>;

/** `channel.chat.message_delete`, `channel.chat.clear_user_messages` and `channel.chat.clear`: what left the channel's chat. */
export function chatRemovalNotification(state: EmulatorState, event: ChatRemovalEvent): Notification {
  const channel = userFields(state, 'broadcaster_user', event.broadcasterId);
  if (event.type === 'channel.chat.clear') return { type: event.type, broadcasterUserId: event.broadcasterId, event: channel };
  const target = userFields(state, 'target_user', event.targetUserId);
  if (event.type === 'channel.chat.clear_user_messages') return { type: event.type, broadcasterUserId: event.broadcasterId, event: { ...channel, ...target } };
  return { type: event.type, broadcasterUserId: event.broadcasterId, event: { ...channel, ...target, message_id: event.messageId } };
}
