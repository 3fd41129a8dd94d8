/**
 * The EventSub types the activity feed shows, with the schema of each event (shapes from the
 * platform's reference, as the emulator sends them) and how it reads as one feed item. Events
 * that do not match are dropped (and logged), never shown half-read.
 */
import { z } from 'zod';
import type { ActivityItem } from '../../../shared/ipc/contract';
import { amountToMajor, formatAmount } from '../../../shared/domain/charity-amount';
import type { Condition } from '../events/events-service';
import type { EventPayloads } from '../events/eventsub-messages';

export interface ActivityMeta {
  messageId: string;
  messageTimestamp: string;
}

type Draft = Omit<ActivityItem, 'id' | 'at'> & { id?: string; at?: string };

export interface ActivityType {
  type: string;
  version: string;
  /** Default: `{ broadcaster_user_id }`. */
  condition?: (broadcasterId: string) => Condition;
  schema: z.ZodType;
  /** null: not shown (a gifted subscription is shown as the gift). */
  toItem(event: never): Draft | null;
}

const name = z.string().nullable().optional();
const anonymous = 'Anonymous';
const tierWords: Record<string, string> = { '1000': 'Tier 1', '2000': 'Tier 2', '3000': 'Tier 3' };
const tier = (t: string) => tierWords[t] ?? `tier ${t}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const follow = z.object({ user_id: z.string(), user_login: z.string(), user_name: z.string(), followed_at: z.string() });
const subscribe = z.object({ user_id: z.string(), user_login: z.string(), user_name: z.string(), tier: z.string(), is_gift: z.boolean() });
const gift = z.object({ user_id: name, user_name: name, total: z.number().int(), tier: z.string(), cumulative_total: z.number().int().nullable().optional(), is_anonymous: z.boolean() });
const resub = z.object({
  user_id: z.string(),
  user_name: z.string(),
  tier: z.string(),
  message: z.object({ text: z.string() }).nullable().optional(),
  cumulative_months: z.number().int(),
});
const cheer = z.object({ is_anonymous: z.boolean(), user_id: name, user_name: name, message: z.string(), bits: z.number().int() });
const raid = z.object({ from_broadcaster_user_id: z.string(), from_broadcaster_user_login: z.string(), from_broadcaster_user_name: z.string(), viewers: z.number().int() });
const hypeBegin = z.object({ id: z.string(), level: z.number().int(), total: z.number().int(), started_at: z.string() });
const hypeEnd = z.object({ id: z.string(), level: z.number().int(), total: z.number().int(), ended_at: z.string() });
const pollEnd = z.object({
  id: z.string(),
  broadcaster_user_id: z.string(),
  broadcaster_user_name: z.string(),
  title: z.string(),
  choices: z.array(z.object({ title: z.string(), votes: z.number().int().optional().nullable() })),
  status: z.string(),
  ended_at: z.string().nullable().optional(),
});
const predictionEnd = z.object({
  id: z.string(),
  broadcaster_user_id: z.string(),
  broadcaster_user_name: z.string(),
  title: z.string(),
  winning_outcome_id: z.string().nullable().optional(),
  outcomes: z.array(z.object({ id: z.string(), title: z.string(), users: z.number().int().optional().nullable(), channel_points: z.number().int().optional().nullable() })),
  status: z.string(),
  ended_at: z.string().nullable().optional(),
});

export const redemptionType = 'channel.channel_points_custom_reward_redemption.add';
export const donationType = 'channel.charity_campaign.donate';

/** Types Sidestage already parses (src/main/services/events/eventsub-messages.ts). */
export function redemptionItem(event: EventPayloads[typeof redemptionType]): Draft {
  return {
    id: `redemption:${event.id}`,
    kind: 'redemption',
    at: event.redeemed_at,
    who: event.user_name,
    whoId: event.user_id,
    text: `redeemed ${event.reward.title} (${plural(event.reward.cost, 'point')})${event.user_input ? `: ${event.user_input}` : ''}`,
    amount: event.reward.cost,
  };
}

export function donationItem(event: EventPayloads[typeof donationType]): Draft {
  return {
    id: `donation:${event.id}`,
    kind: 'donation',
    who: event.user_name,
    whoId: event.user_id,
    text: `donated ${formatAmount(event.amount, 'en-US')} to ${event.charity_name}`,
    amount: amountToMajor(event.amount),
  };
}

/** The types read unparsed from the events service, parsed here. */
export const activityTypes: ActivityType[] = [
  {
    type: 'channel.follow',
    version: '2',
    // The broadcaster reads their own followers as their own moderator.
    condition: (id) => ({ broadcaster_user_id: id, moderator_user_id: id }),
    schema: follow,
    toItem: (e: z.infer<typeof follow>) => ({ kind: 'follow', at: e.followed_at, who: e.user_name, whoId: e.user_id, text: 'followed', amount: null }),
  },
  {
    type: 'channel.subscribe',
    version: '1',
    schema: subscribe,
    toItem: (e: z.infer<typeof subscribe>) =>
      e.is_gift ? null : { kind: 'subscription', who: e.user_name, whoId: e.user_id, text: `subscribed at ${tier(e.tier)}`, amount: null },
  },
  {
    type: 'channel.subscription.gift',
    version: '1',
    schema: gift,
    toItem: (e: z.infer<typeof gift>) => ({
      kind: 'gift',
      who: e.is_anonymous ? anonymous : (e.user_name ?? anonymous),
      whoId: e.is_anonymous ? null : (e.user_id ?? null),
      text: `gifted ${plural(e.total, `${tier(e.tier)} sub`)}${e.cumulative_total ? ` (${plural(e.cumulative_total, 'gift')} in all)` : ''}`,
      amount: e.total,
    }),
  },
  {
    type: 'channel.subscription.message',
    version: '1',
    schema: resub,
    toItem: (e: z.infer<typeof resub>) => ({
      kind: 'resub',
      who: e.user_name,
      whoId: e.user_id,
      text: `resubscribed at ${tier(e.tier)} for ${plural(e.cumulative_months, 'month')}${e.message?.text ? `: ${e.message.text}` : ''}`,
      amount: e.cumulative_months,
    }),
  },
  {
    type: 'channel.cheer',
    version: '1',
    schema: cheer,
    toItem: (e: z.infer<typeof cheer>) => ({
      kind: 'cheer',
      who: e.is_anonymous ? anonymous : (e.user_name ?? anonymous),
      whoId: e.is_anonymous ? null : (e.user_id ?? null),
      text: `cheered ${plural(e.bits, 'bit')}${e.message ? `: ${e.message}` : ''}`,
      amount: e.bits,
    }),
  },
  {
    type: 'channel.raid',
    version: '1',
    // Raids into this channel only (the feed is what came in).
    condition: (id) => ({ to_broadcaster_user_id: id }),
    schema: raid,
    toItem: (e: z.infer<typeof raid>) => ({
      kind: 'raid',
      who: e.from_broadcaster_user_name,
      whoId: e.from_broadcaster_user_id,
      text: `raided with ${plural(e.viewers, 'viewer')}`,
      amount: e.viewers,
    }),
  },
  {
    type: 'channel.hype_train.begin',
    version: '2',
    schema: hypeBegin,
    toItem: (e: z.infer<typeof hypeBegin>) => ({ id: `hype-begin:${e.id}`, kind: 'hypeTrain', at: e.started_at, who: 'Hype train', whoId: null, text: `started at level ${e.level}`, amount: e.level }),
  },
  {
    type: 'channel.hype_train.end',
    version: '2',
    schema: hypeEnd,
    toItem: (e: z.infer<typeof hypeEnd>) => ({
      id: `hype-end:${e.id}`,
      kind: 'hypeTrain',
      at: e.ended_at,
      who: 'Hype train',
      whoId: null,
      text: `ended at level ${e.level} (${plural(e.total, 'point')})`,
      amount: e.level,
    }),
  },
  {
    type: 'channel.poll.end',
    version: '1',
    schema: pollEnd,
    toItem: (e: z.infer<typeof pollEnd>) => {
      // Archived polls were already reported when they ended.
      if (e.status === 'archived') return null;
      const votes = (c: { votes?: number | null }) => c.votes ?? 0;
      const top = [...e.choices].sort((a, b) => votes(b) - votes(a))[0];
      const total = e.choices.reduce((n, c) => n + votes(c), 0);
      const outcome = e.status === 'terminated' ? 'ended early' : 'ended';
      return {
        id: `poll:${e.id}`,
        kind: 'poll',
        ...(e.ended_at ? { at: e.ended_at } : {}),
        who: 'Poll',
        whoId: null,
        text: `“${e.title}” ${outcome}: ${top && total ? `${top.title} won with ${plural(votes(top), 'vote')} of ${total.toLocaleString('en-US')}` : 'no votes'}`,
        amount: total,
      };
    },
  },
  {
    type: 'channel.prediction.end',
    version: '1',
    schema: predictionEnd,
    toItem: (e: z.infer<typeof predictionEnd>) => {
      const winner = e.outcomes.find((o) => o.id === e.winning_outcome_id);
      const points = e.outcomes.reduce((n, o) => n + (o.channel_points ?? 0), 0);
      return {
        id: `prediction:${e.id}`,
        kind: 'prediction',
        ...(e.ended_at ? { at: e.ended_at } : {}),
        who: 'Prediction',
        whoId: null,
        text: e.status === 'canceled' || !winner ? `“${e.title}” was cancelled; points refunded` : `“${e.title}”: ${winner.title} won (${plural(points, 'point')} in play)`,
        amount: points,
      };
    },
  },
];

/** A feed item from a parsed event: ids default to the EventSub message id, times to its timestamp. */
export function finishItem(draft: Draft, meta: ActivityMeta): ActivityItem {
  const { id, at, ...rest } = draft;
  return { id: id ?? meta.messageId, at: at ?? meta.messageTimestamp, ...rest };
}
