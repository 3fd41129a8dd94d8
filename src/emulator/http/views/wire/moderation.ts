/** Moderators, VIPs, bans, Shield Mode and the simulation API's moderation calls (see `common.ts`). */
import type { ChatMessageRecord, RaidView } from './chat';
import type { UserFields } from './common';

export interface ModeratorRequest {
  broadcaster_id: string;
  user_id: string;
  action: 'add' | 'remove';
}

/** A moderator-change record as Get Moderator Events lists it (the simulation API answers one). */
export interface ModeratorEventView {
  id: string;
  event_type: string;
  event_timestamp: string;
  version: string;
  event_data: UserFields<'broadcaster'> & UserFields<'user'>;
}

/** Shield Mode's status as Get and Update Shield Mode Status answer it. */
export type ShieldModeStatusView = { is_active: boolean } & UserFields<'moderator'> & { last_activated_at: string };

/** A blocked term as Get Blocked Terms lists it. */
export interface BlockedTermView {
  broadcaster_id: string;
  moderator_id: string;
  id: string;
  text: string;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
}

/** AutoMod's categories as its settings name them. */
export type AutoModCategoryName =
  | 'disability'
  | 'aggression'
  | 'sexuality_sex_or_gender'
  | 'misogyny'
  | 'bullying'
  | 'swearing'
  | 'race_ethnicity_or_religion'
  | 'sex_based_terms';

/** AutoMod's settings as Get and Update AutoMod Settings answer them. */
export type AutoModSettingsView = { broadcaster_id: string; moderator_id: string; overall_level: number | null } & Record<AutoModCategoryName, number>;

/** A viewer's message that AutoMod sees as `category` with severity `level` (1-4); 'aggression' and 4 by default. */
export interface AutoModMessageRequest {
  broadcaster_id: string;
  user_id: string;
  text: string;
  category?: AutoModCategoryName;
  level?: number;
}

/** A message AutoMod holds, as the simulation API lists it. */
export type HeldMessageView = { message_id: string; broadcaster_id: string } & UserFields<'user'> & {
    text: string;
    category: AutoModCategoryName;
    level: number;
    held_at: string;
    status: 'pending' | 'approved' | 'denied';
    moderator_id: string | null;
  };

/** The message as chat keeps it, and what AutoMod made of it (null: it did not hold it). */
export type AutoModMessageAnswer = ChatMessageRecord & { held: HeldMessageView | null };

/** A warning as Warn Chat User answers it. */
export interface WarningView {
  broadcaster_id: string;
  user_id: string;
  moderator_id: string;
  reason: string;
}

/** The warned user acknowledges their warning in the channel. */
export interface WarningAcknowledgementRequest {
  broadcaster_id: string;
  user_id: string;
}

export type AcknowledgedWarningView = WarningView & { acknowledged_at: string };

export type UnbanRequestStatusName = 'pending' | 'approved' | 'denied' | 'acknowledged' | 'canceled';

/** An unban request as Get Unban Requests lists it; moderator, resolution and its time are null while pending. */
export type UnbanRequestView = { id: string } & UserFields<'broadcaster'> & { moderator_id: string | null; moderator_login: string | null; moderator_name: string | null } & UserFields<'user'> & {
    text: string;
    status: UnbanRequestStatusName;
    created_at: string;
    resolved_at: string | null;
    resolution_text: string | null;
  };

/** A banned user asks to be unbanned. */
export interface NewUnbanRequest {
  broadcaster_id: string;
  user_id: string;
  text: string;
}

/** A moderator (the broadcaster by default) bans a user, or times them out for `duration` seconds. */
export interface SimulatedBanRequest {
  broadcaster_id: string;
  user_id: string;
  moderator_id?: string;
  reason?: string;
  duration?: number;
}

/** A ban as Ban User answers it. */
export interface BanView {
  broadcaster_id: string;
  moderator_id: string;
  user_id: string;
  created_at: string;
  end_time: string | null;
}

/** Add and Remove Suspicious Status's answer, in the current API's upper-case names. */
export interface SuspiciousStatusView {
  user_id: string;
  broadcaster_id: string;
  moderator_id: string;
  updated_at: string;
  status: 'ACTIVE_MONITORING' | 'RESTRICTED' | 'NO_TREATMENT';
  types: ('MANUALLY_ADDED' | 'DETECTED_BAN_EVADER' | 'BANNED_IN_SHARED_CHANNEL')[];
}

export type LowTrustStatusName = 'none' | 'active_monitoring' | 'restricted';
export type SuspiciousUserTypeName = 'manually_added' | 'ban_evader' | 'banned_in_shared_channel';
export type BanEvasionEvaluationName = 'unknown' | 'possible' | 'likely';

/** The platform flags a user of the channel as suspicious (EventSub's names); `restricted` and a likely ban evader by default. */
export interface SuspiciousUserRequest {
  broadcaster_id: string;
  user_id: string;
  low_trust_status?: LowTrustStatusName;
  types?: SuspiciousUserTypeName[];
  ban_evasion_evaluation?: BanEvasionEvaluationName;
  shared_ban_channel_ids?: string[];
}

/** A user's suspicious record in a channel, in EventSub's names. */
export type SuspiciousUserView = { broadcaster_id: string } & UserFields<'user'> & {
    low_trust_status: LowTrustStatusName;
    types: SuspiciousUserTypeName[];
    ban_evasion_evaluation: BanEvasionEvaluationName;
    shared_ban_channel_ids: string[];
    moderator_id: string | null;
    updated_at: string;
  };

/**
 * A hate raid: `count` accounts made `age_minutes` ago (0: now) without a verified email, that
 * followed the channel then when `follow` is true (false by default); a raid from
 * `from_broadcaster_id` (an account made for it by default) bringing them; then every account
 * sending `messages_per_account` messages (1 by default) taken in turn from `lines` (placeholder
 * lines by default).
 */
export interface HateRaidRequest {
  broadcaster_id: string;
  count: number;
  from_broadcaster_id?: string;
  lines?: string[];
  messages_per_account?: number;
  age_minutes?: number;
  follow?: boolean;
}

export interface HateRaidView {
  raid: RaidView;
  raider: UserFields<'user'>;
  accounts: UserFields<'user'>[];
  /** Every message the accounts sent, in order, sent or dropped. */
  messages: ChatMessageRecord[];
}

/** Shield Mode's overrides in a channel (what the platform lets the broadcaster configure in its pages); fields left out are kept. */
export interface ShieldModeSettingsRequest {
  broadcaster_id: string;
  /** Minutes a chatter must have followed while it is on; null: no follower rule. */
  follower_mode_minutes?: number | null;
  require_verified_email?: boolean;
  restrict_first_time_chatters?: boolean;
}

export interface ShieldModeSettingsView {
  broadcaster_id: string;
  is_active: boolean;
  follower_mode_minutes: number | null;
  require_verified_email: boolean;
  restrict_first_time_chatters: boolean;
}
