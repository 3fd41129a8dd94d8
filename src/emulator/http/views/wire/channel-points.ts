/** Custom rewards, redemptions and the simulation API's channel-points calls (see `common.ts`). */

export type RedemptionStatus = 'UNFULFILLED' | 'FULFILLED' | 'CANCELED';

export interface RewardImages {
  url_1x: string;
  url_2x: string;
  url_4x: string;
}

/** A custom reward as Get Custom Reward lists it. */
export interface HelixReward {
  broadcaster_name: string;
  broadcaster_login: string;
  broadcaster_id: string;
  id: string;
  image: RewardImages | null;
  background_color: string;
  is_enabled: boolean;
  cost: number;
  title: string;
  prompt: string;
  is_user_input_required: boolean;
  max_per_stream_setting: { is_enabled: boolean; max_per_stream: number };
  max_per_user_per_stream_setting: { is_enabled: boolean; max_per_user_per_stream: number };
  global_cooldown_setting: { is_enabled: boolean; global_cooldown_seconds: number };
  is_paused: boolean;
  is_in_stock: boolean;
  default_image: RewardImages;
  should_redemptions_skip_request_queue: boolean;
  redemptions_redeemed_current_stream: number | null;
  cooldown_expires_at: string | null;
}

/** A reward as the simulation API shows it: with the client that created it (only it may manage it). */
export type RewardRecord = HelixReward & { client_id: string };

/** A redemption as Get Custom Reward Redemption lists it. */
export interface HelixRedemption {
  broadcaster_name: string;
  broadcaster_login: string;
  broadcaster_id: string;
  id: string;
  user_login: string;
  user_id: string;
  user_name: string;
  user_input: string | null;
  status: RedemptionStatus;
  redeemed_at: string;
  reward: { id: string; title: string; prompt: string; cost: number };
}

/** A redemption as the simulation API shows it: the stream it counts towards, its refund, its reward's fate. */
export type RedemptionRecord = HelixRedemption & {
  stream_id: string | null;
  refunded_points: number;
  refunded_at: string | null;
  reward_deleted: boolean;
};

export interface RedeemRequest {
  broadcaster_id: string;
  reward_id: string;
  user_id: string;
  user_input?: string | null;
}

export interface BulkRedeemRequest {
  broadcaster_id: string;
  reward_id: string;
  count: number;
  user_ids?: string[];
  user_input?: string;
  publish_events?: boolean;
}

export interface BulkRedeemAnswer {
  broadcaster_id: string;
  reward_id: string;
  count: number;
  redemption_ids: string[];
}

export interface RedemptionsQuery {
  broadcaster_id: string;
  reward_id?: string;
  status?: RedemptionStatus;
}

export interface RedemptionsOverview {
  rewards: RewardRecord[];
  redemptions: RedemptionRecord[];
  refunded_points_by_user: Record<string, number>;
}
