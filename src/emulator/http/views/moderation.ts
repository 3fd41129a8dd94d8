/** Moderation in the current API's shapes: moderator-change records, role holders, bans (spec 4.9, the platform's reference). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Ban } from '../../domain/stores/bans';
import type { ModeratorChangeRecord } from '../../domain/stores/moderators';
import { userFields } from './user-fields';
import type { ModeratorEventView } from './wire/moderation';

/** A moderator-change record in the spec's shape (part 2). */
export function moderatorEventView(state: EmulatorState, record: ModeratorChangeRecord): ModeratorEventView {
  return {
    id: record.id,
    event_type: record.event_type,
    event_timestamp: record.event_timestamp,
    version: record.version,
    event_data: {
      ...userFields(state, 'broadcaster', record.broadcasterId),
      ...userFields(state, 'user', record.userId),
    },
  };
}

/** A ban or timeout as Get Banned Users lists it. */
export function bannedUserView(state: EmulatorState, ban: Ban) {
  return {
    ...userFields(state, 'user', ban.userId),
    expires_at: ban.endsAt === null ? '' : toRfc3339(ban.endsAt),
    created_at: toRfc3339(ban.createdAt),
    reason: ban.reason,
    ...userFields(state, 'moderator', ban.moderatorId),
  };
}

/** Ban User's answer. */
export function banView(ban: Ban) {
  return {
    broadcaster_id: ban.broadcasterId,
    moderator_id: ban.moderatorId,
    user_id: ban.userId,
    created_at: toRfc3339(ban.createdAt),
    end_time: ban.endsAt === null ? null : toRfc3339(ban.endsAt),
  };
}
