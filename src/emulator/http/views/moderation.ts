/**
 * Moderation in the current API's shapes: moderator-change records, role holders, bans (spec 4.9,
 * the platform's reference), Shield Mode's status, blocked terms, AutoMod's settings and held
 * messages (the simulation API's), warnings, unban requests, suspicious users.
 */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import { AUTOMOD_CATEGORIES, type AutoModSettings, type HeldMessage } from '../../domain/stores/automod';
import type { Ban } from '../../domain/stores/bans';
import type { BlockedTerm } from '../../domain/stores/blocked-terms';
import type { ModeratorChangeRecord } from '../../domain/stores/moderators';
import type { ShieldModeOverrides, ShieldModeStatus } from '../../domain/stores/shield-mode';
import type { SuspiciousUser } from '../../domain/stores/suspicious-users';
import type { UnbanRequest } from '../../domain/stores/unban-requests';
import type { Warning } from '../../domain/stores/warnings';
import { userFields } from './user-fields';
import type {
  AutoModSettingsView,
  BanView,
  BlockedTermView,
  HeldMessageView,
  ModeratorEventView,
  ShieldModeSettingsView,
  ShieldModeStatusView,
  SuspiciousStatusView,
  SuspiciousUserView,
  UnbanRequestView,
  WarningView,
} from './wire/moderation';

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

/** Ban User's answer (and the simulation API's ban). */
export function banView(ban: Ban): BanView {
  return {
    broadcaster_id: ban.broadcasterId,
    moderator_id: ban.moderatorId,
    user_id: ban.userId,
    created_at: toRfc3339(ban.createdAt),
    end_time: ban.endsAt === null ? null : toRfc3339(ban.endsAt),
  };
}

/** Get and Update Shield Mode Status: the moderator and time are empty strings until it was first turned on. */
export function shieldModeStatusView(state: EmulatorState, status: ShieldModeStatus): ShieldModeStatusView {
  return {
    is_active: status.isActive,
    ...(status.moderatorId === null ? { moderator_id: '', moderator_login: '', moderator_name: '' } : userFields(state, 'moderator', status.moderatorId)),
    last_activated_at: status.lastActivatedAt === null ? '' : toRfc3339(status.lastActivatedAt),
  };
}

/** Shield Mode's overrides in a channel, as the simulation API answers them. */
export function shieldModeSettingsView(broadcasterId: string, isActive: boolean, overrides: ShieldModeOverrides): ShieldModeSettingsView {
  return {
    broadcaster_id: broadcasterId,
    is_active: isActive,
    follower_mode_minutes: overrides.followerModeMinutes,
    require_verified_email: overrides.requireVerifiedEmail,
    restrict_first_time_chatters: overrides.restrictFirstTimeChatters,
  };
}

/** A blocked term as Get Blocked Terms lists it and Add Blocked Term answers it. */
export function blockedTermView(term: BlockedTerm): BlockedTermView {
  return {
    broadcaster_id: term.broadcasterId,
    moderator_id: term.moderatorId,
    id: term.id,
    text: term.text,
    created_at: toRfc3339(term.createdAt),
    updated_at: toRfc3339(term.updatedAt),
    expires_at: term.expiresAt === null ? null : toRfc3339(term.expiresAt),
  };
}

/** Get and Update AutoMod Settings: the overall level (null when set one by one) and each category's. */
export function autoModSettingsView(broadcasterId: string, moderatorId: string, settings: AutoModSettings): AutoModSettingsView {
  const view = { broadcaster_id: broadcasterId, moderator_id: moderatorId, overall_level: settings.overallLevel } as AutoModSettingsView;
  for (const category of AUTOMOD_CATEGORIES) view[category] = settings.levels[category];
  return view;
}

export function heldMessageView(state: EmulatorState, held: HeldMessage): HeldMessageView {
  return {
    message_id: held.message.id,
    broadcaster_id: held.message.broadcasterId,
    ...userFields(state, 'user', held.message.senderId),
    text: held.message.text,
    category: held.category,
    level: held.level,
    held_at: toRfc3339(held.heldAt),
    status: held.status,
    moderator_id: held.moderatorId,
  };
}

/** A warning as Warn Chat User answers it. */
export function warningView(warning: Warning): WarningView {
  return { broadcaster_id: warning.broadcasterId, user_id: warning.userId, moderator_id: warning.moderatorId, reason: warning.reason };
}

/** An unban request as Get Unban Requests lists it: who resolved it, when and why are null while pending. */
export function unbanRequestView(state: EmulatorState, request: UnbanRequest): UnbanRequestView {
  return {
    id: request.id,
    ...userFields(state, 'broadcaster', request.broadcasterId),
    ...(request.moderatorId === null ? { moderator_id: null, moderator_login: null, moderator_name: null } : userFields(state, 'moderator', request.moderatorId)),
    ...userFields(state, 'user', request.userId),
    text: request.text,
    status: request.status,
    created_at: toRfc3339(request.createdAt),
    resolved_at: request.resolvedAt === null ? null : toRfc3339(request.resolvedAt),
    resolution_text: request.resolutionText,
  };
}

const STATUS_NAMES = { none: 'NO_TREATMENT', active_monitoring: 'ACTIVE_MONITORING', restricted: 'RESTRICTED' } as const;
const TYPE_NAMES = { manually_added: 'MANUALLY_ADDED', ban_evader: 'DETECTED_BAN_EVADER', banned_in_shared_channel: 'BANNED_IN_SHARED_CHANNEL' } as const;

/** Add and Remove Suspicious Status's answer. */
export function suspiciousStatusView(record: SuspiciousUser): SuspiciousStatusView {
  return {
    user_id: record.userId,
    broadcaster_id: record.broadcasterId,
    moderator_id: record.moderatorId ?? '',
    updated_at: toRfc3339(record.updatedAt),
    status: STATUS_NAMES[record.status],
    types: record.types.map((type) => TYPE_NAMES[type]),
  };
}

/** A suspicious record as the simulation API answers it. */
export function suspiciousUserView(state: EmulatorState, record: SuspiciousUser): SuspiciousUserView {
  return {
    broadcaster_id: record.broadcasterId,
    ...userFields(state, 'user', record.userId),
    low_trust_status: record.status,
    types: [...record.types],
    ban_evasion_evaluation: record.banEvasionEvaluation,
    shared_ban_channel_ids: [...record.sharedBanChannelIds],
    moderator_id: record.moderatorId,
    updated_at: toRfc3339(record.updatedAt),
  };
}
