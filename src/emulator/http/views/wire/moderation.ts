/** Moderators, VIPs, bans, Shield Mode and the simulation API's moderation calls (see `common.ts`). */
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
