/** Polls, predictions, channel-point balances and clips (see `common.ts`). */

export type PollStatus = 'ACTIVE' | 'COMPLETED' | 'TERMINATED' | 'ARCHIVED' | 'MODERATED' | 'INVALID';

/** A poll as Get Polls shows it. */
export interface PollView {
  id: string;
  broadcaster_id: string;
  broadcaster_name: string;
  broadcaster_login: string;
  title: string;
  choices: { id: string; title: string; votes: number; channel_points_votes: number; bits_votes: number }[];
  bits_voting_enabled: boolean;
  bits_per_vote: number;
  channel_points_voting_enabled: boolean;
  channel_points_per_vote: number;
  status: PollStatus;
  duration: number;
  started_at: string;
  ended_at: string | null;
}

export type PredictionStatus = 'ACTIVE' | 'LOCKED' | 'RESOLVED' | 'CANCELED';

export interface PredictorView {
  user_id: string;
  user_name: string;
  user_login: string;
  channel_points_used: number;
  channel_points_won: number | null;
}

export interface PredictionOutcomeView {
  id: string;
  title: string;
  users: number;
  channel_points: number;
  top_predictors: PredictorView[] | null;
  color: string;
}

/** A prediction as Get Predictions shows it. */
export interface PredictionView {
  id: string;
  broadcaster_id: string;
  broadcaster_name: string;
  broadcaster_login: string;
  title: string;
  winning_outcome_id: string | null;
  outcomes: PredictionOutcomeView[];
  prediction_window: number;
  status: PredictionStatus;
  created_at: string;
  ended_at: string | null;
  locked_at: string | null;
}

export interface PointBalance {
  broadcaster_id: string;
  user_id: string;
  user_login: string;
  balance: number;
}

/** A clip as Get Clips lists it. */
export interface ClipView {
  id: string;
  url: string;
  embed_url: string;
  broadcaster_id: string;
  broadcaster_name: string;
  creator_id: string;
  creator_name: string;
  video_id: string;
  game_id: string;
  language: string;
  title: string;
  view_count: number;
  created_at: string;
  thumbnail_url: string;
  duration: number;
  vod_offset: number | null;
  is_featured: boolean;
}

export interface VoteRequest {
  user_id: string;
  choice_id: string;
  channel_points?: number;
}

export interface PredictRequest {
  user_id: string;
  outcome_id: string;
  channel_points: number;
}

export interface CreateClipRequest {
  broadcaster_id: string;
  creator_id?: string;
  title?: string;
  game_id?: string;
  view_count?: number;
  duration?: number;
  created_at?: string;
  is_featured?: boolean;
}
