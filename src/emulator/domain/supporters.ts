/**
 * A channel's supporters (simulation API): cheers (`channel.cheer`), subscriptions
 * (`channel.subscribe`), gifted subscriptions (`channel.subscription.gift`, then a
 * `channel.subscribe` per recipient) and resubscription messages (`channel.subscription.message`).
 * Each moves the channel's creator goals and hype train as the platform does.
 */
import { badRequest, conflict } from './api-error';
import type { EmulatorState } from './emulator-state';
import type { Cheer, ResubscriptionMessage, SubscriptionGift } from './event-bus';
import { subscriptionGoals } from './goals';
import { contributeToHypeTrain, subscriptionHypePoints } from './hype-trains';
import type { ChannelSubscription, SubscriptionTier } from './stores/subscriptions';
import type { User } from './stores/users';

/** Only partners and affiliates have subscriptions. */
export function requireMonetized(broadcaster: User): void {
  if (broadcaster.broadcasterType === '') throw conflict(`User "${broadcaster.login}" is not a partner or affiliate: only they have subscribers`);
}

/** A viewer (or an anonymous one, `cheerer` null) cheers Bits in the channel. */
export function cheer(state: EmulatorState, broadcaster: User, cheerer: User | null, bits: number, message: string | undefined): Cheer {
  if (cheerer?.id === broadcaster.id) throw badRequest('A broadcaster cannot cheer in their own channel');
  const cheer: Cheer = { broadcasterId: broadcaster.id, userId: cheerer?.id ?? null, bits, message: message ?? `Cheer${bits}` };
  state.events.publish({ type: 'channel.cheer', cheer });
  contributeToHypeTrain(state, broadcaster.id, { userId: cheerer?.id ?? '', type: 'bits', points: bits, at: state.clock.now() });
  return cheer;
}

/** A viewer buys a subscription (the broadcaster is `requireMonetized` already). */
export function buySubscription(state: EmulatorState, broadcaster: User, viewer: User, tier: SubscriptionTier): ChannelSubscription {
  if (viewer.id === broadcaster.id) throw badRequest('A broadcaster cannot subscribe to their own channel');
  if (state.subscriptions.get(broadcaster.id, viewer.id)) throw conflict(`User "${viewer.login}" is already subscribed to ${broadcaster.login}`);
  const subscription = subscribe(state, broadcaster, viewer, tier, { isGift: false, gifterId: null });
  contributeToHypeTrain(state, broadcaster.id, { userId: viewer.id, type: 'subscription', points: subscriptionHypePoints(tier), at: state.clock.now() });
  return subscription;
}

/**
 * A viewer (or an anonymous one, `gifter` null) gives subscriptions (the broadcaster is
 * `requireMonetized` already) to `recipients`, or to the
 * first `count` users who are not subscribed yet.
 */
export function giftSubscriptions(
  state: EmulatorState,
  input: { broadcaster: User; gifter: User | null; tier: SubscriptionTier; recipients: User[] | undefined; count: number | undefined },
): { gift: SubscriptionGift; subscriptions: ChannelSubscription[] } {
  const { broadcaster, gifter, tier } = input;
  const recipients =
    input.recipients ??
    state.users.list().filter((u) => u.id !== broadcaster.id && u.id !== gifter?.id && !state.subscriptions.get(broadcaster.id, u.id)).slice(0, input.count);
  if (recipients.length < (input.count ?? 0)) throw conflict(`Only ${recipients.length} users could receive a gift`);
  if (new Set(recipients.map((u) => u.id)).size !== recipients.length) throw badRequest('Invalid field "recipient_ids": each recipient once');
  for (const r of recipients) {
    if (r.id === broadcaster.id) throw badRequest('A broadcaster cannot receive a gift in their own channel');
    if (state.subscriptions.get(broadcaster.id, r.id)) throw conflict(`User "${r.login}" is already subscribed to ${broadcaster.login}`);
  }
  const cumulativeTotal = gifter ? state.subscriptions.addGifts(broadcaster.id, gifter.id, recipients.length) : null;
  const gift: SubscriptionGift = { broadcasterId: broadcaster.id, gifterId: gifter?.id ?? null, tier, total: recipients.length, cumulativeTotal };
  state.events.publish({ type: 'channel.subscription.gift', gift });
  contributeToHypeTrain(state, broadcaster.id, { userId: gifter?.id ?? '', type: 'subscription', points: subscriptionHypePoints(tier, recipients.length || 1), at: state.clock.now() });
  const subscriptions = recipients.map((r) => subscribe(state, broadcaster, r, tier, { isGift: true, gifterId: gifter?.id ?? null }));
  return { gift, subscriptions };
}

/** A subscriber shares a resubscription message. */
export function shareResubscription(
  state: EmulatorState,
  input: { broadcaster: User; viewer: User; text: string; cumulativeMonths: number | undefined; streakMonths: number | null; durationMonths: number },
): ResubscriptionMessage {
  const { broadcaster, viewer } = input;
  const subscription = state.subscriptions.get(broadcaster.id, viewer.id);
  if (!subscription) throw conflict(`User "${viewer.login}" is not subscribed to ${broadcaster.login}`);
  subscription.cumulativeMonths = input.cumulativeMonths ?? subscription.cumulativeMonths + 1;
  const message: ResubscriptionMessage = {
    broadcasterId: broadcaster.id,
    userId: viewer.id,
    tier: subscription.tier,
    text: input.text,
    cumulativeMonths: subscription.cumulativeMonths,
    streakMonths: input.streakMonths,
    durationMonths: input.durationMonths,
  };
  state.events.publish({ type: 'channel.subscription.message', message });
  contributeToHypeTrain(state, broadcaster.id, { userId: viewer.id, type: 'subscription', points: subscriptionHypePoints(subscription.tier), at: state.clock.now() });
  return message;
}

function subscribe(state: EmulatorState, broadcaster: User, viewer: User, tier: SubscriptionTier, gift: { isGift: boolean; gifterId: string | null }): ChannelSubscription {
  const subscription = state.subscriptions.add({
    broadcasterId: broadcaster.id,
    userId: viewer.id,
    tier,
    isGift: gift.isGift,
    gifterId: gift.gifterId,
    startedAt: state.clock.now(),
    cumulativeMonths: 1,
  });
  state.events.publish({ type: 'channel.subscribe', subscription });
  subscriptionGoals(state, broadcaster.id, tier);
  return subscription;
}
