/**
 * A channel's supporters in the platform's shapes: cheers, gifts and resubscription messages as the
 * EventSub events show them (the simulation API answers with the same objects), subscriptions as
 * Get Broadcaster Subscriptions lists them, creator goals as Get Creator Goals does.
 */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Cheer, ResubscriptionMessage, SubscriptionGift } from '../../domain/event-bus';
import type { CreatorGoal } from '../../domain/stores/goals';
import type { ChannelSubscription } from '../../domain/stores/subscriptions';
import { userFields } from './user-fields';
import type { CheerView, CreatorGoalView, ResubscriptionMessageView, SubscriptionGiftView, SubscriptionView } from './wire/supporters';

/** `<prefix>_id/_login/_name`, all null for an anonymous user. */
function nullableUser(state: EmulatorState, userId: string | null) {
  return userId !== null ? userFields(state, 'user', userId) : { user_id: null, user_login: null, user_name: null };
}

export function cheerView(state: EmulatorState, cheer: Cheer): CheerView {
  return {
    is_anonymous: cheer.userId === null,
    ...nullableUser(state, cheer.userId),
    ...userFields(state, 'broadcaster_user', cheer.broadcasterId),
    message: cheer.message,
    bits: cheer.bits,
  };
}

export function giftView(state: EmulatorState, gift: SubscriptionGift): SubscriptionGiftView {
  return {
    ...nullableUser(state, gift.gifterId),
    ...userFields(state, 'broadcaster_user', gift.broadcasterId),
    total: gift.total,
    tier: gift.tier,
    cumulative_total: gift.cumulativeTotal,
    is_anonymous: gift.gifterId === null,
  };
}

export function resubscriptionMessageView(state: EmulatorState, message: ResubscriptionMessage): ResubscriptionMessageView {
  return {
    ...userFields(state, 'user', message.userId),
    ...userFields(state, 'broadcaster_user', message.broadcasterId),
    tier: message.tier,
    message: { text: message.text, emotes: [] },
    cumulative_months: message.cumulativeMonths,
    streak_months: message.streakMonths,
    duration_months: message.durationMonths,
  };
}

/** The shape of the platform's subscription records (Get Broadcaster Subscriptions). */
export function subscriptionView(state: EmulatorState, s: ChannelSubscription): SubscriptionView {
  const gifter = s.gifterId === null ? { gifter_id: '', gifter_login: '', gifter_name: '' } : userFields(state, 'gifter', s.gifterId);
  return {
    ...userFields(state, 'broadcaster', s.broadcasterId),
    ...gifter,
    is_gift: s.isGift,
    plan_name: `Channel Subscription (${state.users.get(s.broadcasterId)?.login ?? s.broadcasterId})`,
    tier: s.tier,
    ...userFields(state, 'user', s.userId),
  };
}

export function creatorGoalView(state: EmulatorState, goal: CreatorGoal): CreatorGoalView {
  const broadcaster = userFields(state, 'broadcaster', goal.broadcasterId);
  return {
    id: goal.id,
    broadcaster_id: broadcaster.broadcaster_id,
    broadcaster_name: broadcaster.broadcaster_name,
    broadcaster_login: broadcaster.broadcaster_login,
    type: goal.type,
    description: goal.description,
    current_amount: goal.currentAmount,
    target_amount: goal.targetAmount,
    created_at: toRfc3339(goal.createdAt),
  };
}
