/**
 * How a channel event reads as one item of the activity feed. The events come typed from the
 * channel-event stream (`services/events/channel-events.ts`); this only words them.
 */
import type { ActivityItem, ChannelEvent, ChannelEventOf } from '../../../shared/ipc/contract';
import { amountToMajor, formatAmount } from '../../../shared/domain/charity-amount';
import { moderationInWords } from '../../../shared/domain/moderation-words';
import { formatTimeoutLength } from '../../../shared/domain/timeout-length';
import { tierName } from '../../../shared/domain/subscription-tier';

/** `moderation` actions the feed words from their own events (`ban`, `unban`, `warning`, the roles, unban requests). */
const toldElsewhere = new Set(['ban', 'timeout', 'unban', 'untimeout', 'warn', 'mod', 'unmod', 'vip', 'unvip', 'approve_unban_request', 'deny_unban_request']);

/** The kinds the feed shows: what came into the channel (raids out are not), and results. */
export const activityKinds = [
  'redemption',
  'donation',
  'follow',
  'subscription',
  'giftSubscriptions',
  'resubscription',
  'cheer',
  'raid',
  'hypeTrainBegin',
  'hypeTrainEnd',
  'pollEnd',
  'predictionEnd',
  // Moderation (services/moderation/): what was done, by whom.
  'ban',
  'unban',
  'warning',
  'shieldModeBegin',
  'shieldModeEnd',
  'unbanRequestResolve',
  'moderatorAdd',
  'moderatorRemove',
  'vipAdd',
  'vipRemove',
  // Every moderator's action; those the kinds above already tell (bans, warnings, roles) are not shown twice.
  'moderation',
] as const satisfies readonly ChannelEvent['kind'][];

export type ActivityEvent = ChannelEventOf<(typeof activityKinds)[number]>;

type Draft = Omit<ActivityItem, 'id' | 'at'> & { id?: string };

const anonymous = 'Anonymous';
const tier = tierName;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The feed's item for an event; null: not shown (a gifted subscription is shown as the gift, an archived poll was shown when it ended). */
export function activityItemOf(event: ActivityEvent): ActivityItem | null {
  const draft = draftOf(event);
  if (!draft) return null;
  const { id, ...rest } = draft;
  return { id: id ?? event.id, at: event.at, ...rest };
}

function draftOf(e: ActivityEvent): Draft | null {
  switch (e.kind) {
    case 'redemption':
      return {
        kind: 'redemption',
        who: e.user.name,
        whoId: e.user.id,
        text: `redeemed ${e.reward.title} (${plural(e.reward.cost, 'point')})${e.input ? `: ${e.input}` : ''}`,
        amount: e.reward.cost,
      };
    case 'donation': {
      const amount = { value: e.amount.value, decimal_places: e.amount.decimalPlaces, currency: e.amount.currency };
      return { kind: 'donation', who: e.user.name, whoId: e.user.id, text: `donated ${formatAmount(amount, 'en-US')} to ${e.charityName}`, amount: amountToMajor(amount) };
    }
    case 'follow':
      return { kind: 'follow', who: e.user.name, whoId: e.user.id, text: 'followed', amount: null };
    case 'subscription':
      return e.isGift ? null : { kind: 'subscription', who: e.user.name, whoId: e.user.id, text: `subscribed at ${tier(e.tier)}`, amount: null };
    case 'giftSubscriptions':
      return {
        kind: 'gift',
        who: e.gifter?.name ?? anonymous,
        whoId: e.gifter?.id ?? null,
        text: `gifted ${plural(e.count, `${tier(e.tier)} sub`)}${e.cumulativeTotal ? ` (${plural(e.cumulativeTotal, 'gift')} in all)` : ''}`,
        amount: e.count,
      };
    case 'resubscription':
      return {
        kind: 'resub',
        who: e.user.name,
        whoId: e.user.id,
        text: `resubscribed at ${tier(e.tier)} for ${plural(e.months, 'month')}${e.message ? `: ${e.message}` : ''}`,
        amount: e.months,
      };
    case 'cheer':
      return { kind: 'cheer', who: e.user?.name ?? anonymous, whoId: e.user?.id ?? null, text: `cheered ${plural(e.bits, 'bit')}${e.message ? `: ${e.message}` : ''}`, amount: e.bits };
    case 'raid':
      return { kind: 'raid', who: e.from.name, whoId: e.from.id, text: `raided with ${plural(e.viewers, 'viewer')}`, amount: e.viewers };
    case 'hypeTrainBegin':
      return { kind: 'hypeTrain', who: 'Hype train', whoId: null, text: `started at level ${e.level}`, amount: e.level };
    case 'hypeTrainEnd':
      return { kind: 'hypeTrain', who: 'Hype train', whoId: null, text: `ended at level ${e.level} (${plural(e.total, 'point')})`, amount: e.level };
    case 'pollEnd': {
      // Archived polls were already reported when they ended.
      if (e.status === 'archived') return null;
      const top = [...e.choices].sort((a, b) => b.votes - a.votes)[0];
      const total = e.choices.reduce((n, c) => n + c.votes, 0);
      const outcome = e.status === 'terminated' ? 'ended early' : 'ended';
      return {
        id: `poll:${e.pollId}`,
        kind: 'poll',
        who: 'Poll',
        whoId: null,
        text: `“${e.title}” ${outcome}: ${top && total ? `${top.title} won with ${plural(top.votes, 'vote')} of ${total.toLocaleString('en-US')}` : 'no votes'}`,
        amount: total,
      };
    }
    case 'predictionEnd': {
      const winner = e.outcomes.find((o) => o.id === e.winningOutcomeId);
      const points = e.outcomes.reduce((n, o) => n + o.channelPoints, 0);
      return {
        id: `prediction:${e.predictionId}`,
        kind: 'prediction',
        who: 'Prediction',
        whoId: null,
        text: e.status === 'canceled' || !winner ? `“${e.title}” was cancelled; points refunded` : `“${e.title}”: ${winner.title} won (${plural(points, 'point')} in play)`,
        amount: points,
      };
    }
    case 'ban': {
      const seconds = e.endsAt ? Math.round((Date.parse(e.endsAt) - Date.parse(e.at)) / 1000) : NaN;
      const what = e.endsAt ? `was timed out${Number.isFinite(seconds) && seconds > 0 ? ` for ${formatTimeoutLength(seconds)}` : ''}` : 'was banned';
      return moderation(e.user, `${what} by ${e.moderator.name}${e.reason ? `: ${e.reason}` : ''}`);
    }
    case 'unban':
      return moderation(e.user, `was unbanned by ${e.moderator.name}`);
    case 'warning':
      return moderation(e.user, `was warned by ${e.moderator.name}${e.reason ? `: ${e.reason}` : ''}`);
    case 'shieldModeBegin':
      return { id: `shield:${e.id}`, kind: 'moderation', who: 'Shield Mode', whoId: null, text: `turned on by ${e.moderator.name}`, amount: null };
    case 'shieldModeEnd':
      return { id: `shield:${e.id}`, kind: 'moderation', who: 'Shield Mode', whoId: null, text: `turned off by ${e.moderator.name}`, amount: null };
    case 'unbanRequestResolve':
      if (e.status === 'canceled') return moderation(e.user, 'took back their unban request');
      return moderation(e.user, `unban request ${e.status}${e.moderator ? ` by ${e.moderator.name}` : ''}${e.resolutionText ? `: ${e.resolutionText}` : ''}`);
    case 'moderatorAdd':
      return moderation(e.user, 'is now a moderator');
    case 'moderatorRemove':
      return moderation(e.user, 'is no longer a moderator');
    case 'vipAdd':
      return moderation(e.user, 'is now a VIP');
    case 'vipRemove':
      return moderation(e.user, 'is no longer a VIP');
    case 'moderation':
      if (toldElsewhere.has(e.action)) return null;
      return { kind: 'moderation', who: e.moderator.name, whoId: e.moderator.id, text: moderationInWords(e), amount: null };
  }
}

function moderation(user: { id: string; name: string }, text: string): Draft {
  return { kind: 'moderation', who: user.name, whoId: user.id, text, amount: null };
}

