/** Cheers, subscriptions, gifts, resubscription messages and creator goals (see `common.ts`). */
import type { NullableUserFields, UserFields } from './common';

export type SubscriptionTier = '1000' | '2000' | '3000';
export type GoalType = 'follower' | 'subscription' | 'subscription_count' | 'new_subscription' | 'new_subscription_count';

/** `channel.cheer`'s event; `POST /_emulator/cheers` answers it. */
export type CheerView = { is_anonymous: boolean } & NullableUserFields<'user'> & UserFields<'broadcaster_user'> & { message: string; bits: number };

/** `channel.subscription.gift`'s event. */
export type SubscriptionGiftView = NullableUserFields<'user'> &
  UserFields<'broadcaster_user'> & { total: number; tier: SubscriptionTier; cumulative_total: number | null; is_anonymous: boolean };

/** `channel.subscription.message`'s event; `POST /_emulator/subscriptions/messages` answers it. */
export type ResubscriptionMessageView = UserFields<'user'> &
  UserFields<'broadcaster_user'> & {
    tier: SubscriptionTier;
    message: { text: string; emotes: unknown[] };
    cumulative_months: number;
    streak_months: number | null;
    duration_months: number;
  };

/** A subscription as Get Broadcaster Subscriptions lists it. */
export type SubscriptionView = UserFields<'broadcaster'> & UserFields<'gifter'> & { is_gift: boolean; plan_name: string; tier: SubscriptionTier } & UserFields<'user'>;

/** A goal as Get Creator Goals lists it. */
export interface CreatorGoalView {
  id: string;
  broadcaster_id: string;
  broadcaster_name: string;
  broadcaster_login: string;
  type: GoalType;
  description: string;
  current_amount: number;
  target_amount: number;
  created_at: string;
}

export interface CheerRequest {
  broadcaster_id: string;
  user_id?: string;
  bits: number;
  message?: string;
  is_anonymous?: boolean;
}

export interface SubscribeRequest {
  broadcaster_id: string;
  user_id: string;
  tier?: SubscriptionTier;
}

export interface GiftRequest {
  broadcaster_id: string;
  user_id?: string;
  tier?: SubscriptionTier;
  recipient_ids?: string[];
  count?: number;
}

export interface ResubMessageRequest {
  broadcaster_id: string;
  user_id: string;
  message?: string;
  cumulative_months?: number;
  streak_months?: number | null;
  duration_months?: number;
}

export interface GoalRequest {
  broadcaster_id: string;
  type: GoalType;
  target_amount: number;
  description?: string;
}
