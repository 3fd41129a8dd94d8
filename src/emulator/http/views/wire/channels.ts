/** Channels, follows and editors (see `common.ts`). */
import type { UserFields } from './common';

export type FollowRecord = UserFields<'user'> & UserFields<'broadcaster'> & { followed_at: string };

export interface FollowRequest {
  user_id: string;
  broadcaster_id: string;
  followed_at?: string;
}

export interface UnfollowRequest {
  user_id: string;
  broadcaster_id: string;
}

export interface EditorRequest {
  broadcaster_id: string;
  user_id: string;
}

/** An editor as the simulation API answers it. */
export interface EditorRecord {
  broadcaster_id: string;
  user_id: string;
  user_name: string;
  created_at: string;
}
