/** Moderators, VIPs, bans and the simulation API's moderator calls (see `common.ts`). */
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
