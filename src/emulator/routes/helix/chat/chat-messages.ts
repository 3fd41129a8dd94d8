/**
 * Sending chat (spec part 4 names these only; shapes from the platform's reference): Send Chat
 * Message and Send Chat Announcement, with `channel.chat.message` and `channel.chat.notification`.
 * The simulation API posts viewers' messages through `postChatMessage`, the same path as the API.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { GLOBAL_EMOTE_OWNER_ID, GLOBAL_EMOTE_SET_ID, GLOBAL_EMOTES } from '../../../catalogue/emotes';
import { userFields } from '../../../http/views/helix-shapes';
import { ApiError, badRequest, forbidden, invalidParameter, missingParameter, unauthorized } from '../../../http/api-error';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import type { ChatMessage, DropReason, EmoteFragment, MessageFragment } from '../../../domain/chat-messages';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { User } from '../../../domain/users';
import { requireActingModerator } from '../moderation/bans';
import { requireBroadcaster } from './chat';

export const MAX_MESSAGE_LENGTH = 500;
export const SENDER_ID_MISMATCH = "The ID in sender_id must match the user ID found in the request's OAuth token.";
export const SENDER_NOT_PERMITTED = "The sender is not permitted to send chat messages to the broadcaster's chat room.";
export const MESSAGE_TOO_LARGE = 'The message is too large.';
export const INVALID_COLOR = 'The specified color is not valid.';
export const SOURCE_ONLY_WITH_USER_TOKEN = 'Cannot set for_source_only if User Access Token is used.';
/** Drop reasons that the API answers as 403 (the simulation API reports them as drops). */
const REFUSED_SENDER_CODES = new Set(['msg_banned', 'msg_timedout']);
export const MESSAGE_NOT_FOUND = 'The ID in message_id was not found.';
export const MAY_NOT_DELETE_BROADCASTER = "You may not delete the broadcaster's messages.";
export const MAY_NOT_DELETE_MODERATOR = "You may not delete another moderator's messages.";
export const ANNOUNCEMENT_COLORS = ['blue', 'green', 'orange', 'purple', 'primary'] as const;
/** Unique-chat mode refuses the same message from the same user within this window. */
const DUPLICATE_WINDOW_MS = 30_000;

/** The emotes `sender` may use in `broadcasterId`'s chat, by name. */
function usableEmotes(state: EmulatorState, broadcasterId: string, senderId: string): Map<string, EmoteFragment> {
  const emotes = new Map<string, EmoteFragment>();
  for (const emote of GLOBAL_EMOTES) {
    emotes.set(emote.name, { id: emote.id, emote_set_id: GLOBAL_EMOTE_SET_ID, owner_id: GLOBAL_EMOTE_OWNER_ID, format: [...emote.format] });
  }
  const granted = new Set(state.userEmoteSets.sets(senderId));
  const follows = state.follows.get(senderId, broadcasterId) !== undefined;
  for (const { ownerId, emote } of state.chat.allChannelEmotes()) {
    // Own emotes, granted sets (subscriptions, bits...), and a channel's follower emotes in that channel.
    const usable = ownerId === senderId || granted.has(emote.emoteSetId) || (emote.emoteType === 'follower' && ownerId === broadcasterId && follows);
    if (usable) emotes.set(emote.name, { id: emote.id, emote_set_id: emote.emoteSetId, owner_id: ownerId, format: [...emote.format] });
  }
  return emotes;
}

/** Splits a message into text, emote and mention fragments (words separated by spaces). */
export function messageFragments(state: EmulatorState, broadcasterId: string, senderId: string, text: string): MessageFragment[] {
  const emotes = usableEmotes(state, broadcasterId, senderId);
  const fragments: MessageFragment[] = [];
  const appendText = (piece: string) => {
    const last = fragments[fragments.length - 1];
    if (last?.type === 'text') last.text += piece;
    else fragments.push({ type: 'text', text: piece, cheermote: null, emote: null, mention: null });
  };
  text.split(' ').forEach((word, index) => {
    if (index > 0) appendText(' ');
    if (word === '') return;
    const emote = emotes.get(word);
    if (emote) {
      fragments.push({ type: 'emote', text: word, cheermote: null, emote, mention: null });
      return;
    }
    const mentioned = /^@([A-Za-z0-9_]{1,25})$/.exec(word);
    const user = mentioned ? state.users.byLogin(mentioned[1]!) : undefined;
    if (user) {
      fragments.push({ type: 'mention', text: word, cheermote: null, emote: null, mention: { user_id: user.id, user_login: user.login, user_name: user.displayName } });
      return;
    }
    appendText(word);
  });
  return fragments;
}

/** The chat badges the platform shows for the sender's roles in the channel. */
export function chatBadges(state: EmulatorState, broadcasterId: string, userId: string) {
  const badges: { set_id: string; id: string; info: string }[] = [];
  if (userId === broadcasterId) badges.push({ set_id: 'broadcaster', id: '1', info: '' });
  if (state.moderators.isModerator(broadcasterId, userId)) badges.push({ set_id: 'moderator', id: '1', info: '' });
  if (state.vips.isVip(broadcasterId, userId)) badges.push({ set_id: 'vip', id: '1', info: '' });
  const subscription = state.subscriptions.get(broadcasterId, userId);
  // The platform's version is the badge's month step (the channel's subscriber badge versions 0, 3, 6, 12...); info the months.
  if (subscription) badges.push({ set_id: 'subscriber', id: subscriberBadgeVersion(subscription.cumulativeMonths), info: String(subscription.cumulativeMonths) });
  return badges;
}

const SUBSCRIBER_BADGE_STEPS = [0, 3, 6, 9, 12, 18, 24, 36, 48, 60, 72, 84, 96, 108, 120];

function subscriberBadgeVersion(months: number): string {
  let version = 0;
  for (const step of SUBSCRIBER_BADGE_STEPS) if (months >= step) version = step;
  return String(version);
}

/** Why the platform would not deliver the message (chat modes, bans), or null. */
function dropReason(state: EmulatorState, broadcaster: User, sender: User, text: string, fragments: MessageFragment[], now: number): DropReason | null {
  const ban = state.bans.active(broadcaster.id, sender.id, now);
  if (ban) {
    return ban.endsAt === null
      ? { code: 'msg_banned', message: `You are permanently banned from talking in ${broadcaster.login}.` }
      : { code: 'msg_timedout', message: `You are timed out for ${Math.ceil((ban.endsAt - now) / 1000)} more seconds.` };
  }
  if (state.moderators.canModerate(broadcaster.id, sender.id)) return null;
  const settings = state.chat.settings(broadcaster.id);
  const vip = state.vips.isVip(broadcaster.id, sender.id);
  if (settings.emoteMode && fragments.some((f) => f.type !== 'emote' && f.text.trim() !== '')) {
    return { code: 'msg_emoteonly', message: 'This room is in emote-only mode.' };
  }
  if (settings.subscriberMode && !vip) {
    return { code: 'msg_subsonly', message: `This room is in subscribers-only mode. To talk, purchase a channel subscription at https://www.twitch.tv/products/${broadcaster.login}/ticket?ref=subscriber_only_mode_chat.` };
  }
  if (settings.followerMode && !vip) {
    const follow = state.follows.get(sender.id, broadcaster.id);
    const minutes = settings.followerModeDuration ?? 0;
    if (!follow || now - follow.followedAt < minutes * 60_000) {
      return { code: 'msg_followersonly', message: `This room is in ${minutes} minutes followers-only mode. Follow ${broadcaster.login} to join the community!` };
    }
  }
  const last = state.chatMessages.lastSent(broadcaster.id, sender.id);
  if (settings.slowMode && !vip && last && now - last.sentAt < (settings.slowModeWaitTime ?? 0) * 1000) {
    const wait = Math.ceil(((settings.slowModeWaitTime ?? 0) * 1000 - (now - last.sentAt)) / 1000);
    return { code: 'msg_slowmode', message: `This room is in slow mode and you are sending messages too quickly. You will be able to talk again in ${wait} seconds.` };
  }
  if (settings.uniqueChatMode && last && last.text === text && now - last.sentAt < DUPLICATE_WINDOW_MS) {
    return { code: 'msg_duplicate', message: 'Your message was not sent because it is identical to the previous one you sent, less than 30 seconds ago.' };
  }
  return null;
}

function replyView(state: EmulatorState, broadcasterId: string, parentId: string | null) {
  if (parentId === null) return null;
  const parent = state.chatMessages.get(broadcasterId, parentId);
  if (!parent) return null;
  // The thread starts at the first message of the reply chain.
  let thread = parent;
  for (let guard = 0; thread.replyParentMessageId !== null && guard < 1000; guard++) {
    const up = state.chatMessages.get(broadcasterId, thread.replyParentMessageId);
    if (!up) break;
    thread = up;
  }
  return {
    parent_message_id: parent.id,
    parent_message_body: parent.text,
    ...userFields(state, 'parent_user', parent.senderId),
    thread_message_id: thread.id,
    ...userFields(state, 'thread_user', thread.senderId),
  };
}

const SHARED_CHAT_SOURCE = {
  source_broadcaster_user_id: null,
  source_broadcaster_user_login: null,
  source_broadcaster_user_name: null,
  source_message_id: null,
  source_badges: null,
};

/** `channel.chat.message`'s event. */
export function chatMessageEvent(state: EmulatorState, broadcaster: User, sender: User, message: ChatMessage) {
  return {
    broadcaster_user_id: broadcaster.id,
    broadcaster_user_login: broadcaster.login,
    broadcaster_user_name: broadcaster.displayName,
    chatter_user_id: sender.id,
    chatter_user_login: sender.login,
    chatter_user_name: sender.displayName,
    message_id: message.id,
    message: { text: message.text, fragments: message.fragments },
    message_type: 'text',
    badges: chatBadges(state, broadcaster.id, sender.id),
    cheer: null,
    color: '',
    reply: replyView(state, broadcaster.id, message.replyParentMessageId),
    channel_points_custom_reward_id: null,
    channel_points_animation_id: null,
    ...SHARED_CHAT_SOURCE,
    is_source_only: null,
  };
}

/** The notice-specific objects of `channel.chat.notification`, all null but the notice's own. */
const NOTICE_OBJECTS = ['sub', 'resub', 'sub_gift', 'community_sub_gift', 'gift_paid_upgrade', 'prime_paid_upgrade', 'pay_it_forward', 'raid', 'unraid', 'announcement', 'bits_badge_tier', 'charity_donation'] as const;

/** `channel.chat.notification`'s event for a notice (`announcement`, `raid`...) sent by `chatter`. */
export function chatNotificationEvent(
  state: EmulatorState,
  broadcaster: User,
  chatter: User,
  notice: { type: (typeof NOTICE_OBJECTS)[number]; text: string; systemMessage: string; details: Record<string, unknown> },
) {
  const objects = Object.fromEntries(NOTICE_OBJECTS.map((name) => [name, name === notice.type ? notice.details : null]));
  return {
    broadcaster_user_id: broadcaster.id,
    broadcaster_user_login: broadcaster.login,
    broadcaster_user_name: broadcaster.displayName,
    chatter_user_id: chatter.id,
    chatter_user_login: chatter.login,
    chatter_user_name: chatter.displayName,
    chatter_is_anonymous: false,
    color: '',
    badges: chatBadges(state, broadcaster.id, chatter.id),
    system_message: notice.systemMessage,
    message_id: randomUUID(),
    message: { text: notice.text, fragments: notice.text === '' ? [] : messageFragments(state, broadcaster.id, chatter.id, notice.text) },
    notice_type: notice.type,
    ...objects,
    ...SHARED_CHAT_SOURCE,
  };
}

/**
 * Sends a message as `sender`: checks the channel's bans and chat modes, keeps the message (sent or
 * dropped) and publishes `channel.chat.message` when it went out.
 */
export function postChatMessage(
  state: EmulatorState,
  input: { broadcaster: User; sender: User; text: string; replyParentMessageId?: string | null; now: number },
): ChatMessage {
  const { broadcaster, sender, text, now } = input;
  const fragments = messageFragments(state, broadcaster.id, sender.id, text);
  const drop = dropReason(state, broadcaster, sender, text, fragments, now);
  const message: ChatMessage = {
    id: randomUUID(),
    broadcasterId: broadcaster.id,
    senderId: sender.id,
    text,
    fragments,
    sentAt: now,
    isSent: drop === null,
    dropReason: drop,
    replyParentMessageId: input.replyParentMessageId ?? null,
  };
  state.chatMessages.add(message);
  if (message.isSent) state.events.publish({ type: 'channel.chat.message', broadcasterUserId: broadcaster.id, event: chatMessageEvent(state, broadcaster, sender, message) });
  return message;
}

function readMessageText(body: Record<string, unknown>): string {
  const message = body.message;
  if (message === undefined || message === null || message === '') throw missingParameter('message');
  if (typeof message !== 'string') throw invalidParameter('message', 'must be a string');
  if (message.trim() === '') throw badRequest('The message field may not contain an empty string.');
  if ([...message].length > MAX_MESSAGE_LENGTH) throw new ApiError(422, MESSAGE_TOO_LARGE);
  return message;
}

function readBodyString(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (value === undefined || value === null || value === '') throw missingParameter(name);
  if (typeof value !== 'string') throw invalidParameter(name, 'must be a string');
  return value;
}

export function registerChatMessageRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'POST', path: '/chat/messages', auth: 'user', scopes: ['user:write:chat'] }, ({ state, user, body, now }) => {
    const fields = jsonObjectBody(body);
    const broadcasterId = readBodyString(fields, 'broadcaster_id');
    const senderId = readBodyString(fields, 'sender_id');
    const text = readMessageText(fields);
    const parentId = fields.reply_parent_message_id;
    if (parentId !== undefined && parentId !== null && typeof parentId !== 'string') throw invalidParameter('reply_parent_message_id', 'must be a string');
    // Shared-chat targeting is for app tokens; the emulator takes user tokens only.
    if (fields.for_source_only !== undefined && fields.for_source_only !== null) throw badRequest(SOURCE_ONLY_WITH_USER_TOKEN);
    if (senderId !== user.id) throw unauthorized(SENDER_ID_MISMATCH);
    const broadcaster = requireBroadcaster(state, broadcasterId);
    const replyTo = typeof parentId === 'string' && parentId !== '' ? parentId : null;
    if (replyTo !== null && !state.chatMessages.get(broadcaster.id, replyTo)) {
      throw invalidParameter('reply_parent_message_id', 'no message with this ID in the channel');
    }
    const message = postChatMessage(state, { broadcaster, sender: user, text, replyParentMessageId: replyTo, now });
    if (message.dropReason && REFUSED_SENDER_CODES.has(message.dropReason.code)) throw forbidden(SENDER_NOT_PERMITTED);
    return { data: [{ message_id: message.id, is_sent: message.isSent, drop_reason: message.dropReason }] };
  });

  registerHelixRoute(
    app,
    { method: 'POST', path: '/chat/announcements', auth: 'user', scopes: ['moderator:manage:announcements'] },
    ({ state, query, user, body }) => {
      const { broadcaster, moderator } = requireActingModerator(state, query, user);
      const fields = jsonObjectBody(body);
      const text = readMessageText(fields);
      let color = 'primary';
      if (fields.color !== undefined && fields.color !== null && fields.color !== '') {
        if (typeof fields.color !== 'string' || !(ANNOUNCEMENT_COLORS as readonly string[]).includes(fields.color.toLowerCase())) {
          throw badRequest(INVALID_COLOR);
        }
        color = fields.color.toLowerCase();
      }
      state.events.publish({
        type: 'channel.chat.notification',
        broadcasterUserId: broadcaster.id,
        event: chatNotificationEvent(state, broadcaster, moderator, { type: 'announcement', text, systemMessage: '', details: { color: color.toUpperCase() } }),
      });
      return undefined;
    },
  );

  // Delete Chat Messages (the platform's reference): one message by message_id; the emulator keeps
  // no "clear all" (no message_id), which the platform also allows, and answers it 400.
  registerHelixRoute(
    app,
    { method: 'DELETE', path: '/moderation/chat', auth: 'user', scopes: ['moderator:manage:chat_messages'] },
    ({ state, query, user }) => {
      const { broadcaster } = requireActingModerator(state, query, user);
      const messageId = query.required('message_id');
      const message = state.chatMessages.get(broadcaster.id, messageId);
      if (!message) throw new ApiError(404, MESSAGE_NOT_FOUND);
      if (message.senderId === broadcaster.id) throw badRequest(MAY_NOT_DELETE_BROADCASTER);
      // A moderator may not delete another moderator's messages; the broadcaster may.
      if (user.id !== broadcaster.id && message.senderId !== user.id && state.moderators.canModerate(broadcaster.id, message.senderId)) throw badRequest(MAY_NOT_DELETE_MODERATOR);
      state.chatMessages.remove(broadcaster.id, messageId);
      return undefined;
    },
  );
}
