/**
 * Warnings (the platform's reference; spec part 4 names Warn Chat User only): a moderator warns a
 * user (`channel.warning.send`), who may not chat in the channel until they acknowledge it
 * (`channel.warning.acknowledge`; the simulation API acknowledges for them). A new warning replaces
 * the previous one. The broadcaster and moderators may not be warned.
 */
import { badRequest, conflict } from './api-error';
import type { EmulatorState } from './emulator-state';
import { announceModeration } from './moderator-actions';
import type { Warning } from './stores/warnings';
import type { User } from './stores/users';

export const MAX_WARNING_REASON = 500;
export const WARNING_REASON_TOO_LONG = 'The text in the reason field is too long.';
export const MAY_NOT_BE_WARNED = 'The user specified in the user_id may not be warned.';

/** Warn Chat User. */
export function warnUser(state: EmulatorState, input: { broadcaster: User; moderator: User; target: User; reason: string; now: number }): Warning {
  const { broadcaster, target } = input;
  if ([...input.reason].length > MAX_WARNING_REASON) throw badRequest(WARNING_REASON_TOO_LONG);
  if (state.moderators.canModerate(broadcaster.id, target.id)) throw badRequest(MAY_NOT_BE_WARNED);
  const warning: Warning = { broadcasterId: broadcaster.id, userId: target.id, moderatorId: input.moderator.id, reason: input.reason, createdAt: input.now, acknowledgedAt: null };
  state.warnings.put(warning);
  state.events.publish({ type: 'channel.warning.send', warning });
  // The emulator's moderators cite no chat rules.
  announceModeration(state, broadcaster.id, input.moderator.id, { action: 'warn', userId: target.id, reason: input.reason, chatRulesCited: null });
  return warning;
}

/** The warned user acknowledges their warning and may chat again; 409 when they have none to acknowledge. */
export function acknowledgeWarning(state: EmulatorState, broadcaster: User, user: User, now: number): Warning {
  const warning = state.warnings.pending(broadcaster.id, user.id);
  if (!warning) throw conflict(`User "${user.login}" has no warning to acknowledge in ${broadcaster.login}'s chat`);
  warning.acknowledgedAt = now;
  state.events.publish({ type: 'channel.warning.acknowledge', warning });
  return warning;
}
