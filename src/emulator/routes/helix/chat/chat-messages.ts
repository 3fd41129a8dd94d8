/**
 * Sending chat (spec part 4 names these only; shapes from the platform's reference): Send Chat
 * Message, Send Chat Announcement and Delete Chat Messages. The rules (chat modes, bans, who may
 * delete what) and `channel.chat.message`/`channel.chat.notification`: `domain/chat.ts`. Send Chat
 * Message takes a user token (the user speaks) or an app token (a chat bot speaks, with the chat-bot
 * badge, on the bot's and the channel's grants).
 */
import type { FastifyInstance } from 'fastify';
import { ANNOUNCEMENT_COLORS, announce, clearChat, deleteChatMessage, MAX_MESSAGE_LENGTH, postChatMessage } from '../../../domain/chat';
import { ApiError, badRequest, forbidden, invalidParameter, missingParameter, unauthorized } from '../../../domain/api-error';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { User } from '../../../domain/stores/users';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { requireActingModerator, requireBroadcaster } from '../../../http/request-users';

export const SENDER_ID_MISMATCH = "The ID in sender_id must match the user ID found in the request's OAuth token.";
export const SENDER_NOT_PERMITTED = "The sender is not permitted to send chat messages to the broadcaster's chat room.";
export const MESSAGE_TOO_LARGE = 'The message is too large.';
export const INVALID_COLOR = 'The specified color is not valid.';
export const SOURCE_ONLY_WITH_USER_TOKEN = 'Cannot set for_source_only if User Access Token is used.';
/** App token: the bot has not granted the app what a chat bot needs (the platform answers 401; the words are the emulator's). */
export const SENDER_NOT_A_CHAT_BOT = 'The sender has not authorized this client ID with the user:bot and user:write:chat scopes.';
/** App token: the channel has neither granted channel:bot nor made the bot a moderator (401; the emulator's words). */
export const CHANNEL_NOT_ALLOWING_BOT = "The broadcaster has not authorized this client ID with the channel:bot scope, and the sender is not a moderator in the broadcaster's chat room.";
const CHAT_WRITE_SCOPE = 'user:write:chat';
/** Drop reasons that the API answers as 403 (the simulation API reports them as drops). */
const REFUSED_SENDER_CODES = new Set(['msg_banned', 'msg_timedout']);

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

/**
 * Send Chat Message with an app token (the platform's reference): the sender granted this client
 * `user:bot` and `user:write:chat`, and the broadcaster granted it `channel:bot` or the sender
 * moderates the channel (the broadcaster moderates their own).
 */
function requireChatBotGrants(state: EmulatorState, clientId: string, broadcaster: User, sender: User, now: number): void {
  const botGrants = state.tokens.grantedScopes(clientId, sender.id, now);
  if (!botGrants.has('user:bot') || !botGrants.has(CHAT_WRITE_SCOPE)) throw unauthorized(SENDER_NOT_A_CHAT_BOT);
  if (state.moderators.canModerate(broadcaster.id, sender.id)) return;
  if (!state.tokens.grantedScopes(clientId, broadcaster.id, now).has('channel:bot')) throw unauthorized(CHANNEL_NOT_ALLOWING_BOT);
}

export function registerChatMessageRoutes(app: FastifyInstance): void {
  // Either token type: a user token with user:write:chat speaks as its user; an app token speaks
  // as a bot on the grants the bot and the broadcaster gave the app (checked in the handler, since
  // an app token carries no scopes of its own).
  registerHelixRoute(app, { method: 'POST', path: '/chat/messages', auth: 'any' }, ({ state, token, client, user, body, now }) => {
    if (user !== null && !token.scopes.includes(CHAT_WRITE_SCOPE)) throw unauthorized(`Missing scope: ${CHAT_WRITE_SCOPE}`);
    const fields = jsonObjectBody(body);
    const broadcasterId = readBodyString(fields, 'broadcaster_id');
    const senderId = readBodyString(fields, 'sender_id');
    const text = readMessageText(fields);
    const parentId = fields.reply_parent_message_id;
    if (parentId !== undefined && parentId !== null && typeof parentId !== 'string') throw invalidParameter('reply_parent_message_id', 'must be a string');
    const forSourceOnly = fields.for_source_only;
    if (forSourceOnly !== undefined && forSourceOnly !== null) {
      // Shared-chat targeting is for app tokens: true keeps the line in this channel of a shared session.
      if (user !== null) throw badRequest(SOURCE_ONLY_WITH_USER_TOKEN);
      if (typeof forSourceOnly !== 'boolean') throw invalidParameter('for_source_only', 'must be a boolean');
    }
    let sender: User;
    if (user !== null) {
      if (senderId !== user.id) throw unauthorized(SENDER_ID_MISMATCH);
      sender = user;
    } else {
      const bot = state.users.get(senderId);
      if (!bot) throw invalidParameter('sender_id', 'no user with this ID');
      sender = bot;
    }
    const broadcaster = requireBroadcaster(state, broadcasterId);
    if (user === null) requireChatBotGrants(state, client.clientId, broadcaster, sender, now);
    const replyTo = typeof parentId === 'string' && parentId !== '' ? parentId : null;
    if (replyTo !== null && !state.chatMessages.get(broadcaster.id, replyTo)) {
      throw invalidParameter('reply_parent_message_id', 'no message with this ID in the channel');
    }
    // The chat-bot badge: an app token, and a bot that is not the channel's own broadcaster.
    const asChatBot = user === null && sender.id !== broadcaster.id;
    const message = postChatMessage(state, { broadcaster, sender, text, replyParentMessageId: replyTo, now, asChatBot, forSourceOnly: forSourceOnly === true });
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
      let color: (typeof ANNOUNCEMENT_COLORS)[number] = 'primary';
      if (fields.color !== undefined && fields.color !== null && fields.color !== '') {
        const named = typeof fields.color === 'string' ? ANNOUNCEMENT_COLORS.find((c) => c === (fields.color as string).toLowerCase()) : undefined;
        if (named === undefined) throw badRequest(INVALID_COLOR);
        color = named;
      }
      announce(state, broadcaster, moderator, text, color);
      return undefined;
    },
  );

  // Delete Chat Messages (the platform's reference): one message by message_id, or without one
  // every message in the channel's chat (a cleared chat).
  registerHelixRoute(
    app,
    { method: 'DELETE', path: '/moderation/chat', auth: 'user', scopes: ['moderator:manage:chat_messages'] },
    ({ state, query, user }) => {
      const { broadcaster } = requireActingModerator(state, query, user);
      const messageId = query.one('message_id');
      if (messageId === undefined) clearChat(state, broadcaster, user);
      else if (messageId === '') throw missingParameter('message_id');
      else deleteChatMessage(state, broadcaster, user, messageId);
      return undefined;
    },
  );
}
