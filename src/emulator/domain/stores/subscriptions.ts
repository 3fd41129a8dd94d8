/** Viewers' subscriptions to channels (bought or gifted) and gift totals, driven by the simulation API. */
export type SubscriptionTier = '1000' | '2000' | '3000';
export const SUBSCRIPTION_TIERS: readonly SubscriptionTier[] = ['1000', '2000', '3000'];

/** Subscription points of a tier (the platform counts tier 3 as 6). */
export const SUBSCRIPTION_POINTS: Readonly<Record<SubscriptionTier, number>> = { '1000': 1, '2000': 2, '3000': 6 };

export interface ChannelSubscription {
  broadcasterId: string;
  userId: string;
  tier: SubscriptionTier;
  isGift: boolean;
  /** Null for a bought subscription and for an anonymous gift. */
  gifterId: string | null;
  startedAt: number;
  /** Months subscribed in all, this one included. */
  cumulativeMonths: number;
}

export class SubscriptionStore {
  private readonly byKey = new Map<string, ChannelSubscription>();
  private readonly giftTotals = new Map<string, number>();

  get(broadcasterId: string, userId: string): ChannelSubscription | undefined {
    return this.byKey.get(key(broadcasterId, userId));
  }

  add(subscription: ChannelSubscription): ChannelSubscription {
    this.byKey.set(key(subscription.broadcasterId, subscription.userId), subscription);
    return subscription;
  }

  listFor(broadcasterId: string): ChannelSubscription[] {
    return [...this.byKey.values()].filter((s) => s.broadcasterId === broadcasterId);
  }

  /** Adds to the gifts a gifter has given the channel; answers the new all-time total. */
  addGifts(broadcasterId: string, gifterId: string, count: number): number {
    const total = (this.giftTotals.get(key(broadcasterId, gifterId)) ?? 0) + count;
    this.giftTotals.set(key(broadcasterId, gifterId), total);
    return total;
  }
}

const key = (broadcasterId: string, userId: string): string => `${broadcasterId}:${userId}`;
