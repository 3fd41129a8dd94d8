/**
 * The reasons the platform gives a sender whose chat message did not go out (Send Chat Message's
 * `drop_reason`), in its words (its chat notices' `msg-id` codes and texts). The rules that drop a
 * message (chat modes, Shield Mode, blocked terms, AutoMod, warnings) take them from here.
 */
import type { EmulatorState } from './emulator-state';
import type { DropReason } from './stores/chat-messages';
import type { User } from './stores/users';

/** The most minutes a follower rule may ask for (90 days): the chat settings' limit, and Shield Mode's. */
export const MAX_FOLLOWER_MINUTES = 129_600;

/** A follower rule (chat settings, Shield Mode): the sender must have followed for `minutes` (0: followed at all). */
export function followerRuleRefusal(state: EmulatorState, broadcaster: User, sender: User, minutes: number, now: number): DropReason | null {
  const follow = state.follows.get(sender.id, broadcaster.id);
  if (follow && now - follow.followedAt >= minutes * 60_000) return null;
  return { code: 'msg_followersonly', message: `This room is in ${minutes} minutes followers-only mode. Follow ${broadcaster.login} to join the community!` };
}

export const VERIFIED_EMAIL_REQUIRED: Readonly<DropReason> = Object.freeze({
  code: 'msg_verified_email',
  message: 'This room requires a verified email address to chat. Please verify your email at https://www.twitch.tv/settings/profile.',
});

/** Blocked terms, restricted chatters, Shield Mode's first-time chatter rule. */
export const REJECTED_BY_SETTINGS: Readonly<DropReason> = Object.freeze({
  code: 'msg_rejected_mandatory',
  message: "Your message wasn't posted due to conflicts with the channel's moderation settings.",
});

/** AutoMod holds the message for the moderators. */
export const HELD_FOR_REVIEW: Readonly<DropReason> = Object.freeze({
  code: 'msg_rejected',
  message: 'Hey! Your message is being checked by mods and has not been sent.',
});

/** A warned user chats again once they acknowledge the warning (the wording is the emulator's). */
export const WARNED: Readonly<DropReason> = Object.freeze({
  code: 'user_warned',
  message: 'You have been warned by a moderator of this channel. Acknowledge the warning to chat again.',
});

/** A copy, so that a message's drop reason is its own. */
export function refusal(reason: Readonly<DropReason>): DropReason {
  return { code: reason.code, message: reason.message };
}
