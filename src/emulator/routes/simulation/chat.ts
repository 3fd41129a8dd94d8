/**
 * Simulation API for chat, emotes, raids and shoutouts (design.md, "The emulator's contract"):
 * viewers post chat (`channel.chat.message`), channel emotes and emote sets are created, users are
 * given emote sets; another channel raids this one at once (`channel.raid`); the channel's messages,
 * raids and shoutouts are read back; a moderator on the website deletes a line
 * (`channel.chat.message_delete`) or clears chat (`channel.chat.clear`), each also
 * `channel.moderate`. The rules: `domain/chat.ts`, `domain/raids.ts`. Loopback only
 * (app.ts); answers are the objects.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, badRequest } from '../../domain/api-error';
import { changeUserEmoteSet, clearChat, createChannelEmote, deleteChannelEmote, deleteChatMessage, MAX_MESSAGE_LENGTH, MESSAGE_NOT_FOUND, postChatMessage } from '../../domain/chat';
import { knownModerator } from '../../domain/moderation';
import { bringInRaid, settleDueRaids } from '../../domain/raids';
import { knownUser } from '../../domain/users';
import { parseSimulationBody } from '../../http/simulation-body';
import { broadcasterFilter } from '../../http/simulation-query';
import { chatMessageRecordView, ownedEmoteView, raidView, shoutoutView } from '../../http/views/chat';
import type {
  ChatClearAnswer,
  ChatClearRequest,
  ChatDeletionRequest,
  ChatMessageRecord,
  ChatMessageRequest,
  CreateEmoteRequest,
  EmoteSetGrantRequest,
  IncomingRaidRequest,
} from '../../http/views/wire/chat';
import '../../http/app-state';

const userId = z.string().min(1).max(20);

const chatMessageBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: userId,
      user_id: userId,
      text: z.string().trim().min(1).max(MAX_MESSAGE_LENGTH),
      reply_parent_message_id: z.string().min(1).max(100).optional(),
    })
    .strict() satisfies z.ZodType<ChatMessageRequest>,
);

const chatDeletionBody = z.lazy(() =>
  z
    .object({ broadcaster_id: userId, message_id: z.string().min(1).max(100), moderator_id: userId.optional() })
    .strict() satisfies z.ZodType<ChatDeletionRequest>,
);

const chatClearBody = z.lazy(() =>
  z.object({ broadcaster_id: userId, moderator_id: userId.optional() }).strict() satisfies z.ZodType<ChatClearRequest>,
);

const emoteBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: userId,
      name: z.string().regex(/^[A-Za-z0-9]{2,25}$/, 'must be 2-25 letters or digits'),
      emote_type: z.enum(['subscriptions', 'follower', 'bitstier']),
      tier: z.enum(['1000', '2000', '3000']).optional(),
      emote_set_id: z.string().regex(/^[1-9][0-9]{0,19}$/, 'must be a numeric ID').optional(),
      format: z.array(z.enum(['static', 'animated'])).min(1).max(2).optional(),
      id: z.string().regex(/^[A-Za-z0-9_]{1,64}$/, 'must be 1-64 letters, digits or _').optional(),
    })
    .strict() satisfies z.ZodType<CreateEmoteRequest>,
);

const incomingRaidBody = z.lazy(() =>
  z
    .object({ from_broadcaster_id: userId, to_broadcaster_id: userId, viewers: z.number().int().min(0).max(1_000_000).optional() })
    .strict() satisfies z.ZodType<IncomingRaidRequest>,
);

const emoteSetGrantBody = z.lazy(() =>
  z
    .object({ user_id: userId, emote_set_id: z.string().min(1).max(40), action: z.enum(['add', 'remove']) })
    .strict() satisfies z.ZodType<EmoteSetGrantRequest>,
);

export function registerChatSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.post('/_emulator/chat/messages', (request) => {
    const body = parseSimulationBody(chatMessageBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const sender = knownUser(state, body.user_id, 'user_id');
    if (body.reply_parent_message_id !== undefined && !state.chatMessages.get(broadcaster.id, body.reply_parent_message_id)) {
      throw badRequest(`Unknown reply_parent_message_id "${body.reply_parent_message_id}" in ${broadcaster.login}'s chat`);
    }
    const message = postChatMessage(state, { broadcaster, sender, text: body.text, replyParentMessageId: body.reply_parent_message_id, now: state.clock.now() });
    return chatMessageRecordView(state, message);
  });

  // A moderator on the website deletes a line: the same rules as Delete Chat Messages.
  app.post('/_emulator/chat/deletions', (request): ChatMessageRecord => {
    const body = parseSimulationBody(chatDeletionBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const moderator = knownModerator(state, broadcaster, body.moderator_id);
    const message = state.chatMessages.get(broadcaster.id, body.message_id);
    if (!message) throw new ApiError(404, MESSAGE_NOT_FOUND);
    const view = chatMessageRecordView(state, message);
    deleteChatMessage(state, broadcaster, moderator, message.id);
    return view;
  });

  app.post('/_emulator/chat/clear', (request): ChatClearAnswer => {
    const body = parseSimulationBody(chatClearBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const moderator = knownModerator(state, broadcaster, body.moderator_id);
    const cleared = clearChat(state, broadcaster, moderator);
    return { broadcaster_id: broadcaster.id, moderator_id: moderator.id, cleared };
  });

  app.get('/_emulator/chat/messages', (request) => {
    const broadcaster = broadcasterFilter(state, request.query);
    return { messages: state.chatMessages.list(broadcaster.id).map((m) => chatMessageRecordView(state, m)) };
  });

  app.post('/_emulator/emotes', (request) => {
    const body = parseSimulationBody(emoteBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const emote = createChannelEmote(state, broadcaster, {
      name: body.name,
      emoteType: body.emote_type,
      tier: body.tier,
      emoteSetId: body.emote_set_id,
      format: body.format,
      id: body.id,
    });
    return ownedEmoteView(state, broadcaster.id, emote);
  });

  app.delete<{ Params: { id: string } }>('/_emulator/emotes/:id', (request) => {
    const { ownerId, emote } = deleteChannelEmote(state, request.params.id);
    return ownedEmoteView(state, ownerId, emote);
  });

  app.post('/_emulator/user-emote-sets', (request) => {
    const body = parseSimulationBody(emoteSetGrantBody, request.body);
    const user = knownUser(state, body.user_id, 'user_id');
    return { user_id: user.id, emote_set_ids: changeUserEmoteSet(state, user, body.emote_set_id, body.action) };
  });

  app.get('/_emulator/raids', (request) => {
    settleDueRaids(state);
    const broadcaster = broadcasterFilter(state, request.query);
    return { raids: state.raids.list(broadcaster.id).map((r) => raidView(state, r)) };
  });

  // A raid that arrives now, without the raider's countdown: what the raided channel sees.
  app.post('/_emulator/raids', (request) => {
    const body = parseSimulationBody(incomingRaidBody, request.body);
    const from = knownUser(state, body.from_broadcaster_id, 'from_broadcaster_id');
    const to = knownUser(state, body.to_broadcaster_id, 'to_broadcaster_id');
    return raidView(state, bringInRaid(state, from, to, body.viewers));
  });

  app.get('/_emulator/shoutouts', (request) => {
    const broadcaster = broadcasterFilter(state, request.query);
    return { shoutouts: state.shoutouts.list(broadcaster.id).map((s) => shoutoutView(state, s)) };
  });
}
