/** The retired v5 API's simulation calls (see `common.ts`). */

export interface CreateCommunityRequest {
  name: string;
  owner_id: string;
  summary?: string;
  description?: string;
  rules?: string;
  language?: string;
  moderator_ids?: string[];
  channel_ids?: string[];
}

/** A community as v5 shows it, with its moderators and channels. */
export interface SimulationCommunity {
  _id: string;
  owner_id: string;
  name: string;
  summary: string;
  description: string;
  rules: string;
  description_html: string;
  rules_html: string;
  language: string;
  avatar_image_url: string;
  cover_image_url: string;
  moderator_ids: string[];
  channel_ids: string[];
}

export interface CommunityMembershipRequest {
  user_id: string;
  action: 'add' | 'remove';
}

export interface CommunityChannelRequest {
  channel_id: string;
  action: 'add' | 'remove';
}

export interface FeedCommentRequest {
  user_id: string;
  body: string;
}

export interface ChannelCheermoteRequest {
  channel_id: string;
  prefix: string | null;
}
