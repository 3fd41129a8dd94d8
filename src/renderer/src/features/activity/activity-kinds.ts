import type { ActivityKind } from '../../../../shared/ipc/contract';

/** The feed's filter groups, in the broadcaster's words. */
export const activityGroups: { label: string; kinds: ActivityKind[] }[] = [
  { label: 'Follows', kinds: ['follow'] },
  { label: 'Subs', kinds: ['subscription', 'gift', 'resub'] },
  { label: 'Cheers', kinds: ['cheer'] },
  { label: 'Raids', kinds: ['raid'] },
  { label: 'Redemptions', kinds: ['redemption'] },
  { label: 'Donations', kinds: ['donation'] },
  { label: 'Hype trains', kinds: ['hypeTrain'] },
  { label: 'Polls', kinds: ['poll', 'prediction'] },
  { label: 'Moderation', kinds: ['moderation'] },
];

export const kindLabels: Record<ActivityKind, string> = {
  follow: 'Follow',
  subscription: 'Sub',
  gift: 'Gift',
  resub: 'Resub',
  cheer: 'Cheer',
  raid: 'Raid',
  redemption: 'Reward',
  donation: 'Donation',
  hypeTrain: 'Hype train',
  poll: 'Poll',
  prediction: 'Prediction',
  moderation: 'Moderation',
};
