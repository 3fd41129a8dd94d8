/**
 * AutoMod's rules (the platform's reference; spec part 4 names its endpoints only): its settings,
 * an overall level or a level per category; which messages it holds; a moderator allowing a held
 * message (it goes to chat, `channel.chat.message`) or denying it (`automod.message.update`).
 *
 * The emulator has no language model: a message's category and severity (1-4) come with it
 * (the simulation API's held message). A channel's level for the category decides: the message is
 * held when severity + level > 4, so level 4 holds every flagged message, level 1 the most severe
 * only, level 0 none. Moderators and the broadcaster are exempt, as from every chat rule.
 */
import { ApiError, badRequest } from './api-error';
import { blockedTermsIn } from './blocked-terms';
import type { EmulatorState } from './emulator-state';
import { AUTOMOD_CATEGORIES, type AutoModCategory, type AutoModLevels, type AutoModSettings, type HeldMessage } from './stores/automod';
import type { ChatMessage } from './stores/chat-messages';
import type { User } from './stores/users';

export const MAX_LEVEL = 4;
export const OVERALL_OR_INDIVIDUAL =
  "The `overall_level` setting or one or more individual settings like `aggression` is required; the overall and individual settings are mutually exclusive, so don't set both.";
export const INVALID_LEVEL = 'The value of one or more AutoMod settings is not valid.';
export const HELD_MESSAGE_NOT_FOUND = 'The message specified in the `msg_id` field was not found.';
export const NOT_THE_CHANNELS_MODERATOR = "The user in user_id is not one of the broadcaster's moderators.";
export const CHECKS_EXCEEDED = "The broadcaster exceeded the number of chat message checks that they may make. See the endpoint's rate limits.";

const levels = (disability: number, aggression: number, sexuality: number, misogyny: number, bullying: number, swearing: number, race: number, sex: number): AutoModLevels => ({
  disability,
  aggression,
  sexuality_sex_or_gender: sexuality,
  misogyny,
  bullying,
  swearing,
  race_ethnicity_or_religion: race,
  sex_based_terms: sex,
});

/**
 * The levels an overall level sets (index = overall level). Level 3 is the platform's own example;
 * the others follow its description (discrimination first, then sexual content, then more on
 * hostility; swearing never) and are the emulator's.
 */
export const OVERALL_LEVELS: readonly Readonly<AutoModLevels>[] = [
  levels(0, 0, 0, 0, 0, 0, 0, 0),
  levels(1, 0, 1, 1, 0, 0, 1, 0),
  levels(1, 2, 1, 1, 2, 0, 1, 1),
  levels(3, 3, 3, 3, 2, 0, 3, 3),
  levels(4, 4, 4, 4, 4, 0, 4, 4),
];

export type AutoModUpdate = { overallLevel: number } | { levels: Partial<AutoModLevels> };

/**
 * Update AutoMod Settings (a PUT: what is not sent becomes 0). Levels set one by one that match an
 * overall level's become that overall level, as on the platform.
 */
export function updateAutoModSettings(state: EmulatorState, broadcaster: User, update: AutoModUpdate): AutoModSettings {
  let settings: AutoModSettings;
  if ('overallLevel' in update) {
    settings = { overallLevel: update.overallLevel, levels: { ...OVERALL_LEVELS[update.overallLevel]! } };
  } else {
    const set = { ...OVERALL_LEVELS[0]!, ...update.levels };
    const matching = OVERALL_LEVELS.findIndex((preset) => AUTOMOD_CATEGORIES.every((c) => preset[c] === set[c]));
    settings = { overallLevel: matching < 0 ? null : matching, levels: set };
  }
  state.autoMod.setSettings(broadcaster.id, settings);
  return state.autoMod.settings(broadcaster.id);
}

/** What AutoMod sees in a message: the category it falls in and its severity (1-4). */
export interface AutoModVerdict {
  category: AutoModCategory;
  level: number;
}

/** Whether the channel's AutoMod holds a message it sees so (senders who moderate never reach here). */
export function autoModHolds(state: EmulatorState, broadcasterId: string, verdict: AutoModVerdict): boolean {
  return verdict.level + state.autoMod.settings(broadcasterId).levels[verdict.category] > MAX_LEVEL;
}

/** AutoMod holds a message (kept, not sent): `automod.message.hold`. */
export function holdMessage(state: EmulatorState, message: ChatMessage, verdict: AutoModVerdict, now: number): HeldMessage {
  const held: HeldMessage = { message, category: verdict.category, level: verdict.level, heldAt: now, status: 'pending', moderatorId: null };
  state.autoMod.hold(held);
  state.events.publish({ type: 'automod.message.hold', held });
  return held;
}

/**
 * Manage Held AutoMod Messages: a moderator of the message's channel allows it (it goes to chat as
 * it was written) or denies it; either way `automod.message.update`. A message no longer held (or
 * never held) is not found.
 */
export function resolveHeldMessage(state: EmulatorState, moderator: User, messageId: string, action: 'ALLOW' | 'DENY'): HeldMessage {
  const held = state.autoMod.pendingMessage(messageId);
  if (!held) throw new ApiError(404, HELD_MESSAGE_NOT_FOUND);
  if (!state.moderators.canModerate(held.message.broadcasterId, moderator.id)) throw new ApiError(403, NOT_THE_CHANNELS_MODERATOR);
  state.autoMod.release(messageId);
  held.status = action === 'ALLOW' ? 'approved' : 'denied';
  held.moderatorId = moderator.id;
  if (action === 'ALLOW') {
    const { message } = held;
    message.isSent = true;
    message.dropReason = null;
    state.chatMessages.markChatted(message.broadcasterId, message.senderId);
    state.events.publish({ type: 'channel.chat.message', message });
  }
  state.events.publish({ type: 'automod.message.update', held });
  return held;
}

/** A level as a request gives it: an integer from 0 to 4, else the platform's 400. */
export function requireAutoModLevel(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_LEVEL) throw badRequest(INVALID_LEVEL);
  return value;
}

/**
 * Check AutoMod Status: whether each text would go out, within the channel's budget of checks (by
 * account type, 429 past it). With no language model, a text AutoMod would stop is one with a
 * blocked term.
 */
export function checkAutoModStatus(state: EmulatorState, broadcaster: User, texts: readonly string[], now: number): boolean[] {
  if (!state.autoMod.takeCheck(broadcaster.id, broadcaster.broadcasterType, now)) throw new ApiError(429, CHECKS_EXCEEDED);
  return texts.map((text) => blockedTermsIn(state, broadcaster.id, text, now).length === 0);
}
