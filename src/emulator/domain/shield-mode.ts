/**
 * Shield Mode's rules (the platform's reference; spec part 4 names it only): a moderator turns it
 * on or off (`channel.shield_mode.begin` / `.end`), and while it is on its overrides apply to chat:
 * followers-only chat, verified accounts only, no first-time chatters. Moderators, the broadcaster
 * and VIPs are exempt, as they are from the chat modes.
 */
import { followerRuleRefusal, refusal, REJECTED_BY_SETTINGS, VERIFIED_EMAIL_REQUIRED } from './chat-refusals';
import type { EmulatorState } from './emulator-state';
import type { DropReason } from './stores/chat-messages';
import type { ShieldModeOverrides, ShieldModeStatus } from './stores/shield-mode';
import type { User } from './stores/users';

/**
 * Update Shield Mode Status: turns it on or off; announces the change when it is one (turning on
 * what is on changes nothing, and keeps who turned it on and when).
 */
export function updateShieldMode(state: EmulatorState, broadcaster: User, moderator: User, isActive: boolean, now: number): ShieldModeStatus {
  const store = state.shieldMode;
  if (store.isActive(broadcaster.id) !== isActive) {
    if (isActive) store.activate(broadcaster.id, moderator.id, now);
    else store.deactivate(broadcaster.id);
    const change = { broadcasterId: broadcaster.id, moderatorId: moderator.id, at: now };
    state.events.publish({ type: isActive ? 'channel.shield_mode.begin' : 'channel.shield_mode.end', change });
  }
  return store.status(broadcaster.id);
}

/** The broadcaster's own overrides (the platform's settings pages; the simulation API here). */
export function configureShieldMode(state: EmulatorState, broadcaster: User, overrides: ShieldModeOverrides): ShieldModeOverrides {
  state.shieldMode.setOverrides(broadcaster.id, overrides);
  return state.shieldMode.overrides(broadcaster.id);
}

/** Why Shield Mode keeps `sender`'s message out of chat, or null (also null while it is off). */
export function shieldModeRefusal(state: EmulatorState, broadcaster: User, sender: User, now: number): DropReason | null {
  if (!state.shieldMode.isActive(broadcaster.id)) return null;
  if (state.moderators.canModerate(broadcaster.id, sender.id) || state.vips.isVip(broadcaster.id, sender.id)) return null;
  const overrides = state.shieldMode.overrides(broadcaster.id);
  if (overrides.followerModeMinutes !== null) {
    const refused = followerRuleRefusal(state, broadcaster, sender, overrides.followerModeMinutes, now);
    if (refused) return refused;
  }
  if (overrides.requireVerifiedEmail && !sender.emailVerified) return refusal(VERIFIED_EMAIL_REQUIRED);
  if (overrides.restrictFirstTimeChatters && !state.chatMessages.hasChatted(broadcaster.id, sender.id)) return refusal(REJECTED_BY_SETTINGS);
  return null;
}
