/**
 * Chat's rules: who is in chat, which emotes a user may use and how a message splits into
 * fragments, which badges a sender wears, why a message is dropped (bans, timeouts, warnings,
 * Shield Mode, chat modes, blocked terms), sending (`channel.chat.message`), announcements
 * (`channel.chat.notification`), deleting a message (`channel.chat.message_delete`), clearing chat
 * (`channel.chat.clear`), the chat modes, and the channels' emotes and emote sets.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { GLOBAL_EMOTE_OWNER_ID, GLOBAL_EMOTE_SET_ID, GLOBAL_EMOTES } from '../catalogue/emotes';
import * as ids from '../ids';
import { ApiError, badRequest, conflict, notFound } from './api-error';
import { autoModHolds, holdMessage, type AutoModVerdict } from './automod';
import { blockedTermsIn } from './blocked-terms';
import { followerRuleRefusal, HELD_FOR_REVIEW, refusal, REJECTED_BY_SETTINGS, WARNED } from './chat-refusals';
import type { EmulatorState } from './emulator-state';
import { announceModeration, chatModeActions } from './moderator-actions';
import { shareChatMessage } from './shared-chat';
import { shieldModeRefusal } from './shield-mode';
import { suspicionOf } from './suspicious-users';
import type { ChannelEmote, ChatSettings, EmoteFormat, EmoteType } from './stores/chat';
import type { ChatMessage, DropReason, EmoteFragment, MessageFragment } from './stores/chat-messages';
import type { User } from './stores/users';

export const MAX_MESSAGE_LENGTH = 500;
export const ANNOUNCEMENT_COLORS = ['blue', 'green', 'orange', 'purple', 'primary'] as const;
export const MESSAGE_NOT_FOUND = 'The ID in message_id was not found.';
export const MAY_NOT_DELETE_BROADCASTER = "You may not delete the broadcaster's messages.";
export const MAY_NOT_DELETE_MODERATOR = "You may not delete another moderator's messages.";
/** Unique-chat mode refuses the same message from the same user within this window. */
const DUPLICATE_WINDOW_MS = 30_000;
const SUBSCRIBER_BADGE_STEPS = [0, 3, 6, 9, 12, 18, 24, 36, 48, 60, 72, 84, 96, 108, 120];

// ---- presence ----

/** A viewer joins chat; a conflict when they are in it already. */
export function joinChat(state: EmulatorState, broadcaster: User, chatter: User): void {
  if (!state.chat.join(broadcaster.id, chatter.id)) throw conflict(`User "${chatter.login}" is already in ${broadcaster.login}'s chat`);
}

export function leaveChat(state: EmulatorState, broadcaster: User, chatter: User): void {
  if (!state.chat.leave(broadcaster.id, chatter.id)) throw conflict(`User "${chatter.login}" is not in ${broadcaster.login}'s chat`);
}

// ---- emotes ----

/**
 * The channel emotes a user may use, with their owners: their own, those of the sets granted to
 * them (subscriptions, bits...), and with `broadcasterId` that channel's follower emotes when the
 * user follows it.
 */
export function usableChannelEmotes(state: EmulatorState, userId: string, broadcasterId: string | undefined): { ownerId: string; emote: ChannelEmote }[] {
  const granted = new Set(state.userEmoteSets.sets(userId));
  const follows = broadcasterId !== undefined && state.follows.get(userId, broadcasterId) !== undefined;
  const usable: { ownerId: string; emote: ChannelEmote }[] = [];
  for (const entry of state.chat.allChannelEmotes()) {
    const { ownerId, emote } = entry;
    if (ownerId === userId || granted.has(emote.emoteSetId) || (emote.emoteType === 'follower' && ownerId === broadcasterId && follows)) usable.push(entry);
  }
  return usable;
}

/** The emotes `senderId` may use in `broadcasterId`'s chat, by name. */
function emotesByName(state: EmulatorState, broadcasterId: string, senderId: string): Map<string, EmoteFragment> {
  const emotes = new Map<string, EmoteFragment>();
  for (const emote of GLOBAL_EMOTES) {
    emotes.set(emote.name, { id: emote.id, emote_set_id: GLOBAL_EMOTE_SET_ID, owner_id: GLOBAL_EMOTE_OWNER_ID, format: [...emote.format] });
  }
  for (const { ownerId, emote } of usableChannelEmotes(state, senderId, broadcasterId)) {
    emotes.set(emote.name, { id: emote.id, emote_set_id: emote.emoteSetId, owner_id: ownerId, format: [...emote.format] });
  }
  return emotes;
}

/** Splits a message into text, emote and mention fragments (words separated by spaces). */
export function messageFragments(state: EmulatorState, broadcasterId: string, senderId: string, text: string): MessageFragment[] {
  const emotes = emotesByName(state, broadcasterId, senderId);
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

/** Which broadcaster owns an emote set (null: nobody yet). */
function emoteSetOwner(state: EmulatorState, setId: string): string | null {
  for (const { ownerId, emote } of state.chat.allChannelEmotes()) if (emote.emoteSetId === setId) return ownerId;
  return null;
}

function newEmoteSetId(state: EmulatorState): string {
  let id = ids.numericId(9);
  while (emoteSetOwner(state, id) !== null) id = ids.numericId(9);
  return id;
}

export interface NewChannelEmote {
  name: string;
  emoteType: EmoteType;
  tier?: '1000' | '2000' | '3000';
  emoteSetId?: string;
  format?: EmoteFormat[];
  id?: string;
}

/** A channel emote, in the set of its kind (each tier, follower, bits) unless a set is named. */
export function createChannelEmote(state: EmulatorState, broadcaster: User, input: NewChannelEmote): ChannelEmote {
  if (input.emoteType === 'subscriptions' && input.tier === undefined) throw badRequest('Missing required field "tier": subscription emotes have a tier');
  if (input.emoteType !== 'subscriptions' && input.tier !== undefined) throw badRequest('Invalid field "tier": only subscription emotes have a tier');
  const existing = state.chat.channelEmotes(broadcaster.id);
  if (existing.some((e) => e.name === input.name)) throw conflict(`${broadcaster.login} already has an emote named "${input.name}"`);
  const id = input.id ?? `emotesv2_${randomBytes(16).toString('hex')}`;
  for (const { emote } of state.chat.allChannelEmotes()) if (emote.id === id) throw conflict(`Emote "${id}" already exists`);
  const tier = input.tier ?? '';
  let emoteSetId = input.emoteSetId;
  if (emoteSetId !== undefined) {
    const owner = emoteSetOwner(state, emoteSetId);
    if (emoteSetId === GLOBAL_EMOTE_SET_ID || (owner !== null && owner !== broadcaster.id)) throw conflict(`Emote set "${emoteSetId}" belongs to another owner`);
  } else {
    // Like the platform, one set per kind of emote of a channel: each tier, follower, bits.
    emoteSetId = existing.find((e) => e.emoteType === input.emoteType && e.tier === tier)?.emoteSetId ?? newEmoteSetId(state);
  }
  const emote: ChannelEmote = { id, name: input.name, tier, emoteType: input.emoteType, emoteSetId, format: [...new Set<EmoteFormat>(input.format ?? ['static'])] };
  state.chat.setChannelEmotes(broadcaster.id, [...existing, emote]);
  return emote;
}

/** Removes a channel emote; answers it with its owner. */
export function deleteChannelEmote(state: EmulatorState, id: string): { ownerId: string; emote: ChannelEmote } {
  for (const { ownerId, emote } of state.chat.allChannelEmotes()) {
    if (emote.id !== id) continue;
    state.chat.setChannelEmotes(ownerId, state.chat.channelEmotes(ownerId).filter((e) => e.id !== emote.id));
    return { ownerId, emote };
  }
  throw notFound(`Unknown emote "${id}"`);
}

/** Gives a user an emote set, or takes it back; answers the sets they now have. */
export function changeUserEmoteSet(state: EmulatorState, user: User, emoteSetId: string, action: 'add' | 'remove'): string[] {
  if (emoteSetId === GLOBAL_EMOTE_SET_ID) throw badRequest('Every user has the global emote set "0"');
  if (emoteSetOwner(state, emoteSetId) === null) throw badRequest(`Unknown emote_set_id "${emoteSetId}"`);
  const changed = action === 'add' ? state.userEmoteSets.grant(user.id, emoteSetId) : state.userEmoteSets.revoke(user.id, emoteSetId);
  if (!changed) throw conflict(`User "${user.login}" ${action === 'add' ? 'already has' : 'does not have'} emote set "${emoteSetId}"`);
  return state.userEmoteSets.sets(user.id);
}

// ---- messages ----

/** The badge the platform gives a chat bot's lines sent with an app token (its global `bot-badge` set). */
export const CHAT_BOT_BADGE = Object.freeze({ set_id: 'bot-badge', id: '1', info: '' });

/** The chat badges the platform shows for the sender's roles in the channel. */
export function chatBadges(state: EmulatorState, broadcasterId: string, userId: string): { set_id: string; id: string; info: string }[] {
  const badges: { set_id: string; id: string; info: string }[] = [];
  if (userId === broadcasterId) badges.push({ set_id: 'broadcaster', id: '1', info: '' });
  if (state.moderators.isModerator(broadcasterId, userId)) badges.push({ set_id: 'moderator', id: '1', info: '' });
  if (state.vips.isVip(broadcasterId, userId)) badges.push({ set_id: 'vip', id: '1', info: '' });
  const subscription = state.subscriptions.get(broadcasterId, userId);
  // The platform's version is the badge's month step (the channel's subscriber badge versions 0, 3, 6, 12...); info the months.
  if (subscription) badges.push({ set_id: 'subscriber', id: subscriberBadgeVersion(subscription.cumulativeMonths), info: String(subscription.cumulativeMonths) });
  return badges;
}

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
  if (state.warnings.pending(broadcaster.id, sender.id)) return refusal(WARNED);
  const shielded = shieldModeRefusal(state, broadcaster, sender, now);
  if (shielded) return shielded;
  const settings = state.chat.settings(broadcaster.id);
  const vip = state.vips.isVip(broadcaster.id, sender.id);
  if (settings.emoteMode && fragments.some((f) => f.type !== 'emote' && f.text.trim() !== '')) {
    return { code: 'msg_emoteonly', message: 'This room is in emote-only mode.' };
  }
  if (settings.subscriberMode && !vip) {
    return { code: 'msg_subsonly', message: `This room is in subscribers-only mode. To talk, purchase a channel subscription at https://www.twitch.tv/products/${broadcaster.login}/ticket?ref=subscriber_only_mode_chat.` };
  }
  if (settings.followerMode && !vip) {
    const refused = followerRuleRefusal(state, broadcaster, sender, settings.followerModeDuration ?? 0, now);
    if (refused) return refused;
  }
  const last = state.chatMessages.lastSent(broadcaster.id, sender.id);
  if (settings.slowMode && !vip && last && now - last.sentAt < (settings.slowModeWaitTime ?? 0) * 1000) {
    const wait = Math.ceil(((settings.slowModeWaitTime ?? 0) * 1000 - (now - last.sentAt)) / 1000);
    return { code: 'msg_slowmode', message: `This room is in slow mode and you are sending messages too quickly. You will be able to talk again in ${wait} seconds.` };
  }
  if (settings.uniqueChatMode && last && last.text === text && now - last.sentAt < DUPLICATE_WINDOW_MS) {
    return { code: 'msg_duplicate', message: 'Your message was not sent because it is identical to the previous one you sent, less than 30 seconds ago.' };
  }
  if (blockedTermsIn(state, broadcaster.id, text, now).length > 0) return refusal(REJECTED_BY_SETTINGS);
  return null;
}

/** The first message of the reply chain `message` belongs to (itself when it replies to nothing). */
export function threadStart(state: EmulatorState, message: ChatMessage): ChatMessage {
  let thread = message;
  for (let guard = 0; thread.replyParentMessageId !== null && guard < 1000; guard++) {
    const up = state.chatMessages.get(message.broadcasterId, thread.replyParentMessageId);
    if (!up) break;
    thread = up;
  }
  return thread;
}

/**
 * Sends a message as `sender` (the API's Send Chat Message and a simulated viewer alike): checks
 * the channel's bans, warnings, Shield Mode, chat modes and blocked terms, keeps the message (sent or
 * dropped) and announces `channel.chat.message` when it went out. A suspicious sender's message is
 * shown to the moderators (`channel.suspicious_user.message`) and, when they are restricted, kept
 * out of chat. With `autoMod` (what AutoMod sees in it), the channel's AutoMod may hold it instead
 * (`automod.message.hold`). In a shared chat session, a line that went out is seen in the other
 * channels too (`domain/shared-chat.ts`).
 */
export function postChatMessage(
  state: EmulatorState,
  input: { broadcaster: User; sender: User; text: string; replyParentMessageId?: string | null; now: number; autoMod?: AutoModVerdict; asChatBot?: boolean; forSourceOnly?: boolean },
): ChatMessage {
  const { broadcaster, sender, text, now, autoMod } = input;
  const fragments = messageFragments(state, broadcaster.id, sender.id, text);
  let drop = dropReason(state, broadcaster, sender, text, fragments, now);
  const exempt = state.moderators.canModerate(broadcaster.id, sender.id);
  const suspicion = drop === null && !exempt ? suspicionOf(state, broadcaster.id, sender.id) : null;
  if (suspicion?.status === 'restricted') drop = refusal(REJECTED_BY_SETTINGS);
  const held = drop === null && autoMod !== undefined && !exempt && autoModHolds(state, broadcaster.id, autoMod);
  if (held) drop = refusal(HELD_FOR_REVIEW);
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
    ...(input.asChatBot === true ? { sentAsChatBot: true } : {}),
  };
  state.chatMessages.add(message);
  if (suspicion) state.events.publish({ type: 'channel.suspicious_user.message', suspicious: suspicion, message });
  if (held) holdMessage(state, message, autoMod!, now);
  if (message.isSent) state.events.publish({ type: 'channel.chat.message', message });
  // In a shared chat session the other channels see it too, unless an app sent it for this channel only.
  if (input.forSourceOnly !== true) shareChatMessage(state, message);
  return message;
}

/** A moderator's announcement in the channel's chat (`channel.chat.notification`). */
export function announce(state: EmulatorState, broadcaster: User, moderator: User, text: string, color: (typeof ANNOUNCEMENT_COLORS)[number]): void {
  state.events.publish({ type: 'channel.chat.notification', notice: { kind: 'announcement', broadcasterId: broadcaster.id, moderatorId: moderator.id, text, color } });
}

/** Delete Chat Messages: `moderator` (the broadcaster or one of their moderators) removes one message. */
export function deleteChatMessage(state: EmulatorState, broadcaster: User, moderator: User, messageId: string): void {
  const message = state.chatMessages.get(broadcaster.id, messageId);
  if (!message) throw new ApiError(404, MESSAGE_NOT_FOUND);
  if (message.senderId === broadcaster.id) throw badRequest(MAY_NOT_DELETE_BROADCASTER);
  // A moderator may not delete another moderator's messages; the broadcaster may.
  if (moderator.id !== broadcaster.id && message.senderId !== moderator.id && state.moderators.canModerate(broadcaster.id, message.senderId)) {
    throw badRequest(MAY_NOT_DELETE_MODERATOR);
  }
  state.chatMessages.remove(broadcaster.id, messageId);
  state.events.publish({ type: 'channel.chat.message_delete', broadcasterId: broadcaster.id, targetUserId: message.senderId, messageId });
  announceModeration(state, broadcaster.id, moderator.id, { action: 'delete', userId: message.senderId, messageId, messageBody: message.text });
}

/** Delete Chat Messages without a message: `moderator` clears the channel's chat for everyone; answers how many lines went. */
export function clearChat(state: EmulatorState, broadcaster: User, moderator: User): number {
  const cleared = state.chatMessages.clear(broadcaster.id);
  state.events.publish({ type: 'channel.chat.clear', broadcasterId: broadcaster.id });
  announceModeration(state, broadcaster.id, moderator.id, { action: 'clear' });
  return cleared;
}

/** Update Chat Settings: `moderator` changes the channel's chat modes; each mode changed is announced. */
export function updateChatSettings(state: EmulatorState, broadcaster: User, moderator: User, changes: Partial<ChatSettings>): ChatSettings {
  const before = state.chat.settings(broadcaster.id);
  const after = state.chat.updateSettings(broadcaster.id, changes);
  for (const action of chatModeActions(before, after)) announceModeration(state, broadcaster.id, moderator.id, action);
  return after;
}
