/**
 * Suspicious users (the platform's reference; spec part 4 names "suspicious-user status" only): a
 * moderator monitors or restricts a user, or lifts it (`channel.suspicious_user.update`); the
 * platform may flag a user itself (a likely ban evader: the simulation API). Every message of a
 * suspicious user is shown to the moderators (`channel.suspicious_user.message`); a restricted
 * user's messages do not go out to chat. The broadcaster and moderators cannot be suspicious.
 */
import { badRequest } from './api-error';
import type { EmulatorState } from './emulator-state';
import type { BanEvasionEvaluation, LowTrustStatus, SuspiciousUser, SuspiciousUserType } from './stores/suspicious-users';
import type { User } from './stores/users';

export const STATUS_NOT_ALLOWED = 'The status update is not allowed for this user.';

function current(state: EmulatorState, broadcasterId: string, userId: string, now: number): SuspiciousUser {
  return (
    state.suspiciousUsers.get(broadcasterId, userId) ?? {
      broadcasterId,
      userId,
      status: 'none',
      types: [],
      banEvasionEvaluation: 'unknown',
      sharedBanChannelIds: [],
      moderatorId: null,
      updatedAt: now,
    }
  );
}

/**
 * Add (monitor or restrict) or Remove (`none`) Suspicious Status: by a moderator, announced when
 * the status changes. Adding marks the user as added by hand; removing takes that mark away and
 * keeps what the platform detected.
 */
export function changeSuspiciousStatus(
  state: EmulatorState,
  input: { broadcaster: User; moderator: User; target: User; status: LowTrustStatus; now: number },
): SuspiciousUser {
  const { broadcaster, target, status, now } = input;
  if (state.moderators.canModerate(broadcaster.id, target.id)) throw badRequest(STATUS_NOT_ALLOWED);
  const record = current(state, broadcaster.id, target.id, now);
  const changed = record.status !== status;
  record.types = status === 'none' ? record.types.filter((t) => t !== 'manually_added') : [...new Set<SuspiciousUserType>([...record.types, 'manually_added'])];
  record.status = status;
  record.moderatorId = input.moderator.id;
  record.updatedAt = now;
  state.suspiciousUsers.put(record);
  if (changed) state.events.publish({ type: 'channel.suspicious_user.update', suspicious: record });
  return record;
}

/** The platform flags a user of the channel itself (no moderator, no update event). */
export function flagSuspiciousUser(
  state: EmulatorState,
  input: { broadcaster: User; target: User; status: LowTrustStatus; types: SuspiciousUserType[]; banEvasionEvaluation: BanEvasionEvaluation; sharedBanChannelIds: string[]; now: number },
): SuspiciousUser {
  const { broadcaster, target } = input;
  if (state.moderators.canModerate(broadcaster.id, target.id)) throw badRequest(STATUS_NOT_ALLOWED);
  const record: SuspiciousUser = {
    broadcasterId: broadcaster.id,
    userId: target.id,
    status: input.status,
    types: [...new Set(input.types)],
    banEvasionEvaluation: input.banEvasionEvaluation,
    sharedBanChannelIds: [...new Set(input.sharedBanChannelIds)],
    moderatorId: null,
    updatedAt: input.now,
  };
  state.suspiciousUsers.put(record);
  return record;
}

/** The sender's suspicious record in the channel when they are monitored or restricted; null otherwise. */
export function suspicionOf(state: EmulatorState, broadcasterId: string, userId: string): SuspiciousUser | null {
  const record = state.suspiciousUsers.get(broadcasterId, userId);
  return record && record.status !== 'none' ? record : null;
}
