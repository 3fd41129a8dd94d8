/**
 * Simulation API for chat, emotes, raids and shoutouts (design.md, "The emulator's contract"):
 * viewers post chat (`channel.chat.message`), channel emotes and emote sets are created, users are
 * given emote sets; another channel raids this one at once (`channel.raid`); the channel's messages,
 * raids and shoutouts are read back. Loopback only
 * (app.ts); answers are the objects.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toRfc3339 } from '../../clock';
import { userFields } from '../../http/views/helix-shapes';
import { GLOBAL_EMOTE_SET_ID } from '../../catalogue/emotes';
import { badRequest, conflict, notFound } from '../../http/api-error';
import { RequestParams } from '../../http/request-params';
import { knownUser, parseSimulationBody } from '../../http/simulation-body';
import * as ids from '../../ids';
import type { ChannelEmote, EmoteFormat } from '../../domain/chat';
import type { ChatMessage } from '../../domain/chat-messages';
import type { EmulatorState } from '../../domain/emulator-state';
import type { User } from '../../domain/users';
import { channelEmote } from '../helix/chat/chat';
import { MAX_MESSAGE_LENGTH, postChatMessage } from '../helix/chat/chat-messages';
import { completeRaid, RAID_IN_PROGRESS, RAID_SELF, raidView, settleDueRaids } from '../helix/raids/raids';
import { shoutoutView } from '../helix/chat/shoutouts';
import '../../http/app-state';

const userId = z.string().min(1).max(20);

const chatMessageBody = z
  .object({
    broadcaster_id: userId,
    user_id: userId,
    text: z.string().trim().min(1).max(MAX_MESSAGE_LENGTH),
    reply_parent_message_id: z.string().min(1).max(100).optional(),
  })
  .strict();

const emoteBody = z
  .object({
    broadcaster_id: userId,
    name: z.string().regex(/^[A-Za-z0-9]{2,25}$/, 'must be 2-25 letters or digits'),
    emote_type: z.enum(['subscriptions', 'follower', 'bitstier']),
    tier: z.enum(['1000', '2000', '3000']).optional(),
    emote_set_id: z.string().regex(/^[1-9][0-9]{0,19}$/, 'must be a numeric ID').optional(),
    format: z.array(z.enum(['static', 'animated'])).min(1).max(2).optional(),
    id: z.string().regex(/^[A-Za-z0-9_]{1,64}$/, 'must be 1-64 letters, digits or _').optional(),
  })
  .strict();

const incomingRaidBody = z
  .object({ from_broadcaster_id: userId, to_broadcaster_id: userId, viewers: z.number().int().min(0).max(1_000_000).optional() })
  .strict();

const emoteSetGrantBody = z.object({ user_id: userId, emote_set_id: z.string().min(1).max(40), action: z.enum(['add', 'remove']) }).strict();

export function simulationMessageView(state: EmulatorState, message: ChatMessage) {
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
  };
}

/** The `broadcaster_id` query parameter of a simulation listing, a known user. */
export function broadcasterFilter(state: EmulatorState, raw: unknown): User {
  const broadcasterId = new RequestParams(raw).one('broadcaster_id');
  if (broadcasterId === undefined || broadcasterId === '') throw badRequest('Missing required parameter "broadcaster_id"');
  return knownUser(state, broadcasterId, 'broadcaster_id');
}

/** Which broadcaster owns an emote set (null: nobody yet). */
function setOwner(state: EmulatorState, setId: string): string | null {
  for (const { ownerId, emote } of state.chat.allChannelEmotes()) if (emote.emoteSetId === setId) return ownerId;
  return null;
}

function newEmoteSetId(state: EmulatorState): string {
  let id = ids.numericId(9);
  while (setOwner(state, id) !== null) id = ids.numericId(9);
  return id;
}

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
    return simulationMessageView(state, message);
  });

  app.get('/_emulator/chat/messages', (request) => {
    const broadcaster = broadcasterFilter(state, request.query);
    return { messages: state.chatMessages.list(broadcaster.id).map((m) => simulationMessageView(state, m)) };
  });

  app.post('/_emulator/emotes', (request) => {
    const body = parseSimulationBody(emoteBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    if (body.emote_type === 'subscriptions' && body.tier === undefined) throw badRequest('Missing required field "tier": subscription emotes have a tier');
    if (body.emote_type !== 'subscriptions' && body.tier !== undefined) throw badRequest('Invalid field "tier": only subscription emotes have a tier');
    const existing = state.chat.channelEmotes(broadcaster.id);
    if (existing.some((e) => e.name === body.name)) throw conflict(`${broadcaster.login} already has an emote named "${body.name}"`);
    const id = body.id ?? `emotesv2_${randomBytes(16).toString('hex')}`;
    for (const { emote } of state.chat.allChannelEmotes()) if (emote.id === id) throw conflict(`Emote "${id}" already exists`);
    const tier = body.tier ?? '';
    let emoteSetId = body.emote_set_id;
    if (emoteSetId !== undefined) {
      const owner = setOwner(state, emoteSetId);
      if (emoteSetId === GLOBAL_EMOTE_SET_ID || (owner !== null && owner !== broadcaster.id)) throw conflict(`Emote set "${emoteSetId}" belongs to another owner`);
    } else {
      // Like the platform, one set per kind of emote of a channel: each tier, follower, bits.
      emoteSetId = existing.find((e) => e.emoteType === body.emote_type && e.tier === tier)?.emoteSetId ?? newEmoteSetId(state);
    }
    const emote: ChannelEmote = { id, name: body.name, tier, emoteType: body.emote_type, emoteSetId, format: [...new Set<EmoteFormat>(body.format ?? ['static'])] };
    state.chat.setChannelEmotes(broadcaster.id, [...existing, emote]);
    return { ...channelEmote(state, emote), owner_id: broadcaster.id };
  });

  app.delete<{ Params: { id: string } }>('/_emulator/emotes/:id', (request) => {
    for (const { ownerId, emote } of state.chat.allChannelEmotes()) {
      if (emote.id !== request.params.id) continue;
      const view = { ...channelEmote(state, emote), owner_id: ownerId };
      state.chat.setChannelEmotes(ownerId, state.chat.channelEmotes(ownerId).filter((e) => e.id !== emote.id));
      return view;
    }
    throw notFound(`Unknown emote "${request.params.id}"`);
  });

  app.post('/_emulator/user-emote-sets', (request) => {
    const body = parseSimulationBody(emoteSetGrantBody, request.body);
    const user = knownUser(state, body.user_id, 'user_id');
    if (body.emote_set_id === GLOBAL_EMOTE_SET_ID) throw badRequest('Every user has the global emote set "0"');
    if (setOwner(state, body.emote_set_id) === null) throw badRequest(`Unknown emote_set_id "${body.emote_set_id}"`);
    const changed = body.action === 'add' ? state.userEmoteSets.grant(user.id, body.emote_set_id) : state.userEmoteSets.revoke(user.id, body.emote_set_id);
    if (!changed) throw conflict(`User "${user.login}" ${body.action === 'add' ? 'already has' : 'does not have'} emote set "${body.emote_set_id}"`);
    return { user_id: user.id, emote_set_ids: state.userEmoteSets.sets(user.id) };
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
    if (from.id === to.id) throw badRequest(RAID_SELF);
    settleDueRaids(state);
    if (state.raids.pending(from.id)) throw conflict(RAID_IN_PROGRESS);
    const now = state.clock.now();
    const raid = state.raids.start({ fromBroadcasterId: from.id, toBroadcasterId: to.id, isMature: state.streams.get(to.id)?.isMature ?? false, now, countdownMs: 0 });
    completeRaid(state, raid, body.viewers ?? state.streams.get(from.id)?.viewerCount ?? 0, now);
    return raidView(state, raid);
  });

  app.get('/_emulator/shoutouts', (request) => {
    const broadcaster = broadcasterFilter(state, request.query);
    return { shoutouts: state.shoutouts.list(broadcaster.id).map((s) => shoutoutView(state, s)) };
  });
}
