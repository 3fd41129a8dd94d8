/**
 * How often each kind of viewer activity happens while "Simulate viewers" is on, and how a wait
 * around its mean is drawn.
 */

export type Activity = 'redemption' | 'donation' | 'chat' | 'chatMessage' | 'follow' | 'subscription' | 'cheer' | 'raid' | 'vote';

/** Every kind, in the order a run schedules them. */
export const activities: readonly Activity[] = ['chatMessage', 'chat', 'redemption', 'donation', 'follow', 'subscription', 'cheer', 'raid', 'vote'];

export interface SimulationPace {
  /** Mean time between two redemptions. */
  redemptionMs: number;
  donationMs: number;
  /** Mean time between two chat joins or leaves. */
  chatMs: number;
  chatMessageMs: number;
  followMs: number;
  /** A subscription, or (one time in four) a gift of subscriptions. */
  subscriptionMs: number;
  cheerMs: number;
  raidMs: number;
  /** A look for an open poll or prediction, and a vote or prediction on it when there is one. */
  voteMs: number;
  /** Each wait is the mean times a uniform factor in [1 - jitter, 1 + jitter]. */
  jitter: number;
  /** The first of each activity comes sooner (this fraction of a wait), so switching on shows at once. */
  firstFraction: number;
  /** How long the reward list is reused before it is read again. */
  rewardsTtlMs: number;
  /** How long a refused reward, or a viewer whose message was dropped, is left alone. */
  refusedRestMs: number;
}

/**
 * The pace of a small, friendly channel of a few dozen viewers, fast enough that every kind shows in
 * the Live view within a minute or two of switching on and slow enough that the chat stays readable
 * in a narrow dock and the activity feed does not bury the redemption queue:
 * - chat: a line every ~5 s is a lively small chat; people come and go every ~10 s;
 * - redemptions every ~8 s keep the queue worth working; donations (~25 s) are the charity demo;
 * - follows, cheers (~40-45 s) and subscriptions (~1 min) are the feed's news, about one a minute each;
 * - a raid is an event, a few an hour (~5 min);
 * - votes every ~3 s while a poll or prediction is open move its bars visibly during a 1-2 minute
 *   poll, and cost one cheap loopback read each when nothing is open.
 */
export const defaultPace: SimulationPace = {
  redemptionMs: 8_000,
  donationMs: 25_000,
  chatMs: 10_000,
  chatMessageMs: 5_000,
  followMs: 40_000,
  subscriptionMs: 60_000,
  cheerMs: 45_000,
  raidMs: 300_000,
  voteMs: 3_000,
  jitter: 0.5,
  firstFraction: 0.25,
  rewardsTtlMs: 60_000,
  refusedRestMs: 60_000,
};

const meanOf = (pace: SimulationPace, activity: Activity): number =>
  ({
    redemption: pace.redemptionMs,
    donation: pace.donationMs,
    chat: pace.chatMs,
    chatMessage: pace.chatMessageMs,
    follow: pace.followMs,
    subscription: pace.subscriptionMs,
    cheer: pace.cheerMs,
    raid: pace.raidMs,
    vote: pace.voteMs,
  })[activity];

/** A wait around the activity's mean: mean × [1 - jitter, 1 + jitter], times `fraction`. */
export function waitFor(pace: SimulationPace, activity: Activity, random: () => number, fraction = 1): number {
  const factor = 1 - pace.jitter + 2 * pace.jitter * random();
  return Math.round(meanOf(pace, activity) * factor * fraction);
}
