/**
 * Sending chat (spec part 4 names these only; shapes from the platform's reference): Send Chat
 * Message, Send Chat Announcement and Delete Chat Messages. The rules (chat modes, bans, who may
 * delete what) and `channel.chat.message`/`channel.chat.notification`: `domain/chat.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { ANNOUNCEMENT_COLORS, announce, clearChat, deleteChatMessage, MAX_MESSAGE_LENGTH, postChatMessage } from '../../../domain/chat';
import { ApiError, badRequest, forbidden, invalidParameter, missingParameter, unauthorized } from '../../../domain/api-error';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { requireActingModerator, requireBroadcaster } from '../../../http/request-users';

export const SENDER_ID_MISMATCH = "The ID in sender_id must match the user ID found in the request's OAuth token.";
export const SENDER_NOT_PERMITTED = "The sender is not permitted to send chat messages to the broadcaster's chat room.";
export const MESSAGE_TOO_LARGE = 'The message is too large.';
export const INVALID_COLOR = 'The specified color is not valid.';
export const SOURCE_ONLY_WITH_USER_TOKEN = 'Cannot set for_source_only if User Access Token is used.';
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
