/**
 * Where each channel event comes from: its EventSub type, version and condition, the schema of the
 * notification's `payload.event` (shapes from the platform's reference, as the emulator sends them)
 * and how it reads as a typed `ChannelEvent`. The one table of the platform's event shapes: nothing
 * else in main parses an EventSub event.
 */
import { z } from 'zod';
import type { ChannelEvent, ChannelEventKind, ChannelEventOf, ChannelUser, ChatRoles } from '../../../shared/ipc/contract';
import type { Condition } from './event-subscriptions';

/** What a source reads besides the event: the notification's identity and the broadcaster it is for. */
export interface SourceContext {
  messageId: string;
  messageTimestamp: string;
  broadcasterId: string;
}

/** A channel event as a source reads it: `source` is added by the stream. */
export type ReadEvent<K extends ChannelEventKind> = Omit<ChannelEventOf<K>, 'source'>;

export interface ChannelEventSource<K extends ChannelEventKind = ChannelEventKind> {
  kind: K;
  type: string;
  version: string;
  /** Default: `{ broadcaster_user_id }`. */
  condition?: (broadcasterId: string) => Condition;
  schema: z.ZodType;
  /** null: the notification is not this kind's (a raid out, for the raid in) or tells nothing. */
  read(event: never, context: SourceContext): ReadEvent<K> | null;
}

const nullableName = z.string().nullable().optional();
const user = (prefix: string) => ({
  [`${prefix}_id`]: z.string(),
  [`${prefix}_login`]: z.string(),
  [`${prefix}_name`]: z.string(),
});
function userOf(event: Record<string, unknown>, prefix = 'user'): ChannelUser {
  return { id: String(event[`${prefix}_id`]), login: String(event[`${prefix}_login`]), name: String(event[`${prefix}_name`]) };
}

const follow = z.object({ ...user('user'), followed_at: z.string() });
const subscribe = z.object({ ...user('user'), tier: z.string(), is_gift: z.boolean() });
const gift = z.object({
  user_id: nullableName,
  user_login: nullableName,
  user_name: nullableName,
  total: z.number().int(),
  tier: z.string(),
  cumulative_total: z.number().int().nullable().optional(),
  is_anonymous: z.boolean(),
});
const resub = z.object({
  ...user('user'),
  tier: z.string(),
  message: z.object({ text: z.string() }).nullable().optional(),
  cumulative_months: z.number().int(),
  streak_months: z.number().int().nullable().optional(),
});
const cheer = z.object({ is_anonymous: z.boolean(), user_id: nullableName, user_login: nullableName, user_name: nullableName, message: z.string(), bits: z.number().int() });
const raid = z.object({
  from_broadcaster_user_id: z.string(),
  from_broadcaster_user_login: z.string(),
  from_broadcaster_user_name: z.string(),
  to_broadcaster_user_id: z.string(),
  to_broadcaster_user_login: z.string(),
  to_broadcaster_user_name: z.string(),
  viewers: z.number().int(),
});
const hypeTrain = z.object({
  id: z.string(),
  level: z.number().int(),
  total: z.number().int(),
  goal: z.number().int().nullable().optional(),
  started_at: z.string(),
  ended_at: z.string().nullable().optional(),
});
const redemption = z.object({
  id: z.string(),
  ...user('user'),
  user_input: z.string().nullable(),
  status: z.enum(['unknown', 'unfulfilled', 'fulfilled', 'canceled']),
  reward: z.object({ id: z.string(), title: z.string(), cost: z.number().int(), prompt: z.string().nullable() }),
  redeemed_at: z.string(),
});
const donation = z.object({
  id: z.string(),
  campaign_id: z.string(),
  ...user('user'),
  charity_name: z.string(),
  amount: z.object({ value: z.number().int(), decimal_places: z.number().int().nonnegative(), currency: z.string() }),
});
// The platform documents live, playlist, watch_party, premiere and rerun; a new kind must not drop the event.
const streamOnline = z.object({ id: z.string(), type: z.string(), started_at: z.string() });
const streamOffline = z.object({});
/** `channel.update` version 2 (no scope): the title or category changed, here or on the platform. */
const channelUpdate = z.object({ title: z.string(), language: z.string(), category_id: z.string(), category_name: z.string() });
/** A poll's choice or a prediction's outcome. */
const option = z.object({ id: z.string(), title: z.string() });
const choiceVotes = option.extend({ votes: z.number().int().nullable().optional() });
const pollBegin = z.object({ id: z.string(), title: z.string(), choices: z.array(option), started_at: z.string(), ends_at: z.string().nullable().optional() });
const pollEnd = z.object({
  id: z.string(),
  title: z.string(),
  choices: z.array(choiceVotes),
  status: z.string(),
  started_at: z.string().optional(),
  ended_at: z.string().nullable().optional(),
});
const pollProgress = z.object({
  id: z.string(),
  title: z.string(),
  choices: z.array(choiceVotes),
  started_at: z.string(),
  ends_at: z.string().nullable().optional(),
});
const outcomeWithStakes = option.extend({ users: z.number().int().nullable().optional(), channel_points: z.number().int().nullable().optional() });
const predictionProgress = z.object({ id: z.string(), title: z.string(), outcomes: z.array(outcomeWithStakes), started_at: z.string(), locks_at: z.string().nullable().optional() });
const predictionLock = z.object({ id: z.string(), title: z.string(), outcomes: z.array(outcomeWithStakes), started_at: z.string(), locked_at: z.string().nullable().optional() });
const predictionBegin = z.object({
  id: z.string(),
  title: z.string(),
  outcomes: z.array(option),
  started_at: z.string(),
  locks_at: z.string().nullable().optional(),
});
const predictionEnd = z.object({
  id: z.string(),
  title: z.string(),
  winning_outcome_id: z.string().nullable().optional(),
  outcomes: z.array(outcomeWithStakes),
  status: z.string(),
  started_at: z.string().optional(),
  ended_at: z.string().nullable().optional(),
});
const adBreak = z.object({ duration_seconds: z.number().int().positive(), started_at: z.string(), is_automatic: z.boolean() });
const fragment = z.object({ type: z.string(), text: z.string(), emote: z.object({ id: z.string() }).nullable().optional() });
const badge = z.object({ set_id: z.string(), id: z.string() });
const chatMessage = z.object({
  ...user('chatter_user'),
  message_id: z.string(),
  message: z.object({ text: z.string(), fragments: z.array(fragment).default([]) }),
  color: z.string().nullable().optional(),
  badges: z.array(badge).nullable().optional(),
  source_broadcaster_user_id: nullableName,
  source_broadcaster_user_login: nullableName,
  source_broadcaster_user_name: nullableName,
});
const chatNotification = z.object({
  chatter_user_id: nullableName,
  chatter_user_login: nullableName,
  chatter_user_name: nullableName,
  chatter_is_anonymous: z.boolean().optional(),
  message_id: z.string(),
  color: z.string().nullable().optional(),
  message: z.object({ text: z.string(), fragments: z.array(fragment).default([]) }),
  notice_type: z.string(),
  system_message: z.string().nullable().optional(),
  announcement: z.object({ color: z.string() }).nullable().optional(),
  badges: z.array(badge).nullable().optional(),
});
const goal = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string(),
  current_amount: z.number().int(),
  target_amount: z.number().int(),
  is_achieved: z.boolean().optional(),
  started_at: z.string(),
  ended_at: z.string().nullable().optional(),
});
const sharedChatParticipant = z.object({ ...user('broadcaster_user') });
const sharedChatChange = z.object({ session_id: z.string(), ...user('host_broadcaster_user'), participants: z.array(sharedChatParticipant) });
const sharedChatEnd = z.object({ session_id: z.string() });
const chatMessageDelete = z.object({ ...user('target_user'), message_id: z.string() });
const chatClearUser = z.object({ ...user('target_user') });
const chatClear = z.object({});
const moderatedUser = z.object({ ...user('user') }).nullable().optional();
const moderate = z.object({
  ...user('moderator_user'),
  action: z.string().min(1),
  followers: z.object({ follow_duration_minutes: z.number().int() }).nullable().optional(),
  slow: z.object({ wait_time_seconds: z.number().int() }).nullable().optional(),
  ban: z.object({ ...user('user'), reason: z.string().nullable().optional() }).nullable().optional(),
  timeout: z.object({ ...user('user'), reason: z.string().nullable().optional(), expires_at: z.string() }).nullable().optional(),
  delete: z.object({ ...user('user'), message_id: z.string(), message_body: z.string() }).nullable().optional(),
  warn: z.object({ ...user('user'), reason: z.string().nullable().optional() }).nullable().optional(),
  unban_request: z.object({ ...user('user'), is_approved: z.boolean(), moderator_message: z.string().nullable().optional() }).nullable().optional(),
  automod_terms: z.object({ action: z.string(), list: z.string(), terms: z.array(z.string()) }).nullable().optional(),
  raid: z.object({ ...user('user'), viewer_count: z.number().int() }).nullable().optional(),
  unban: moderatedUser,
  untimeout: moderatedUser,
  mod: moderatedUser,
  unmod: moderatedUser,
  vip: moderatedUser,
  unvip: moderatedUser,
  unraid: moderatedUser,
});
const ban = z.object({ ...user('user'), ...user('moderator_user'), reason: z.string().nullable().optional(), banned_at: z.string(), ends_at: z.string().nullable().optional() });
const unban = z.object({ ...user('user'), ...user('moderator_user') });

// Moderation, as the platform's reference gives them.
const shieldBegin = z.object({ ...user('moderator_user'), started_at: z.string() });
const shieldEnd = z.object({ ...user('moderator_user'), ended_at: z.string() });
/** Where in the message a problem is: `end_pos` inclusive. */
const boundary = z.object({ start_pos: z.number().int().nonnegative(), end_pos: z.number().int().nonnegative() });
const heldFields = {
  ...user('user'),
  message_id: z.string(),
  message: z.object({ text: z.string() }),
  held_at: z.string(),
  // Version 2's reasons, read where they come (version 1 is what this table asks for: the emulator's).
  reason: z.enum(['automod', 'blocked_term']).optional(),
  automod: z.object({ category: z.string(), level: z.number().int() }).nullable().optional(),
  blocked_term: z.object({ terms_found: z.array(z.object({ term_id: z.string(), boundary: boundary.optional() })) }).nullable().optional(),
  // Version 1: the category and level at the top.
  category: z.string().optional(),
  level: z.number().int().optional(),
};
const automodHold = z.object(heldFields);
const automodUpdate = z.object({
  ...heldFields,
  moderator_user_id: z.string().nullable().optional(),
  moderator_user_login: z.string().nullable().optional(),
  moderator_user_name: z.string().nullable().optional(),
  status: z.string().refine((s) => ['approved', 'denied', 'expired'].includes(s.toLowerCase()), 'approved, denied or expired'),
});
const warningSend = z.object({ ...user('user'), ...user('moderator_user'), reason: z.string().nullable().optional(), chat_rules_cited: z.array(z.string()).nullable().optional() });
const warningAcknowledge = z.object({ ...user('user') });
const unbanRequestCreate = z.object({ id: z.string(), ...user('user'), text: z.string(), created_at: z.string() });
const unbanRequestResolve = z.object({
  id: z.string(),
  ...user('user'),
  moderator_user_id: z.string().nullable().optional(),
  moderator_user_login: z.string().nullable().optional(),
  moderator_user_name: z.string().nullable().optional(),
  resolution_text: z.string().nullable().optional(),
  status: z.enum(['approved', 'denied', 'canceled']),
});
const roleChange = z.object({ ...user('user') });
const lowTrust = z.enum(['none', 'active_monitoring', 'restricted']);
const suspiciousUpdate = z.object({ ...user('user'), ...user('moderator_user'), low_trust_status: lowTrust });
const suspiciousMessage = z.object({
  ...user('user'),
  low_trust_status: lowTrust,
  types: z.array(z.string()).nullable().optional(),
  ban_evasion_evaluation: z.string().nullable().optional(),
  message: z.object({ message_id: z.string(), text: z.string() }),
});

/** Moderation events are read as the broadcaster, their own channel's moderator. */
const asModerator = (id: string): Condition => ({ broadcaster_user_id: id, moderator_user_id: id });

const camelCase = (text: string) => text.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());
const lowTrustOf = (status: Wire<typeof lowTrust>) => camelCase(status) as 'none' | 'activeMonitoring' | 'restricted';

/** A held message as both AutoMod events carry it, versions 1 and 2. */
function heldMessageOf(e: Wire<typeof automodHold>) {
  const blockedTerm = e.reason === 'blocked_term';
  // The event names a term by its id and where it is in the message: the words are the message's.
  const terms = (e.blocked_term?.terms_found ?? []).map((t) => (t.boundary ? e.message.text.slice(t.boundary.start_pos, t.boundary.end_pos + 1) : '')).filter(Boolean);
  return {
    messageId: e.message_id,
    user: userOf(e),
    text: e.message.text,
    reason: blockedTerm ? ('blockedTerm' as const) : ('automod' as const),
    category: blockedTerm ? null : (e.automod?.category ?? e.category ?? null),
    level: blockedTerm ? null : (e.automod?.level ?? e.level ?? null),
    blockedTerms: terms,
    heldAt: e.held_at,
  };
}

type Wire<S extends z.ZodType> = z.infer<S>;

/** A redemption's event id, live or caught up: one seen both ways is passed on once. */
export const redemptionEventId = (redemptionId: string): string => `redemption:${redemptionId}`;

/** A gift or cheer names its viewer unless anonymous. */
function maybeUser(event: { is_anonymous: boolean; user_id?: string | null; user_login?: string | null; user_name?: string | null }): ChannelUser | null {
  if (event.is_anonymous || !event.user_id) return null;
  return { id: event.user_id, login: event.user_login ?? '', name: event.user_name ?? event.user_login ?? '' };
}

export function rolesOf(badges: readonly { set_id: string }[]): ChatRoles {
  const sets = new Set(badges.map((b) => b.set_id));
  return { broadcaster: sets.has('broadcaster'), moderator: sets.has('moderator'), vip: sets.has('vip'), subscriber: sets.has('subscriber') || sets.has('founder') };
}

const stakes = (list: Wire<typeof outcomeWithStakes>[]) => list.map((o) => ({ id: o.id, title: o.title, users: o.users ?? 0, channelPoints: o.channel_points ?? 0 }));
const votes = (list: Wire<typeof choiceVotes>[]) => list.map((ch) => ({ id: ch.id, title: ch.title, votes: ch.votes ?? 0 }));
/** What both of a redemption's events say of it. */
const redemptionFieldsOf = (e: Wire<typeof redemption>) => ({
  redemptionId: e.id,
  reward: { id: e.reward.id, title: e.reward.title, cost: e.reward.cost, prompt: e.reward.prompt ?? '' },
  user: userOf(e),
  input: e.user_input ?? '',
  status: e.status,
});
const hypeTrainFieldsOf = (e: Wire<typeof hypeTrain>) => ({ trainId: e.id, level: e.level, total: e.total });
/** What the three events of a creator goal say of it. */
const goalFieldsOf = (e: Wire<typeof goal>) => ({ goalId: e.id, goalType: e.type, description: e.description, current: e.current_amount, target: e.target_amount });
const fragments = (list: Wire<typeof fragment>[]) => list.map((f) => ({ type: f.type, text: f.text, emoteId: f.emote?.id ?? null }));
const badges = (list: Wire<typeof badge>[] | null | undefined) => (list ?? []).map((b) => ({ setId: b.set_id, id: b.id }));

function source<K extends ChannelEventKind, S extends z.ZodType>(
  kind: K,
  type: string,
  version: string,
  schema: S,
  read: (event: Wire<S>, context: SourceContext) => ReadEvent<K> | null,
  condition?: (broadcasterId: string) => Condition,
): ChannelEventSource<K> {
  return { kind, type, version, schema, read: read as (event: never, context: SourceContext) => ReadEvent<K> | null, ...(condition ? { condition } : {}) };
}

const goalEvent = <K extends 'goalBegin' | 'goalProgress'>(kind: K, type: string) => source(kind, type, '1', goal, (e, c) => ({ kind, id: c.messageId, at: c.messageTimestamp, ...goalFieldsOf(e) }) as ReadEvent<K>);

/** Every kind of `ChannelEvent` with where it comes from. */
export const channelEventSources: readonly ChannelEventSource[] = [
  // The broadcaster reads their own followers as their own moderator.
  source('follow', 'channel.follow', '2', follow, (e, c) => ({ kind: 'follow', id: c.messageId, at: e.followed_at, user: userOf(e) }), (id) => ({ broadcaster_user_id: id, moderator_user_id: id })),
  source('subscription', 'channel.subscribe', '1', subscribe, (e, c) => ({ kind: 'subscription', id: c.messageId, at: c.messageTimestamp, user: userOf(e), tier: e.tier, isGift: e.is_gift })),
  source('resubscription', 'channel.subscription.message', '1', resub, (e, c) => ({
    kind: 'resubscription',
    id: c.messageId,
    at: c.messageTimestamp,
    user: userOf(e),
    tier: e.tier,
    months: e.cumulative_months,
    streakMonths: e.streak_months ?? null,
    message: e.message?.text ?? '',
  })),
  source('giftSubscriptions', 'channel.subscription.gift', '1', gift, (e, c) => ({
    kind: 'giftSubscriptions',
    id: c.messageId,
    at: c.messageTimestamp,
    gifter: maybeUser(e),
    tier: e.tier,
    count: e.total,
    cumulativeTotal: e.cumulative_total ?? null,
  })),
  source('cheer', 'channel.cheer', '1', cheer, (e, c) => ({ kind: 'cheer', id: c.messageId, at: c.messageTimestamp, user: maybeUser(e), bits: e.bits, message: e.message })),
  source(
    'raid',
    'channel.raid',
    '1',
    raid,
    (e, c) => (e.to_broadcaster_user_id === c.broadcasterId ? { kind: 'raid', id: c.messageId, at: c.messageTimestamp, from: userOf(e, 'from_broadcaster_user'), viewers: e.viewers } : null),
    (id) => ({ to_broadcaster_user_id: id }),
  ),
  source(
    'raidSent',
    'channel.raid',
    '1',
    raid,
    (e, c) => (e.from_broadcaster_user_id === c.broadcasterId ? { kind: 'raidSent', id: c.messageId, at: c.messageTimestamp, to: userOf(e, 'to_broadcaster_user'), viewers: e.viewers } : null),
    (id) => ({ from_broadcaster_user_id: id }),
  ),
  source('redemption', 'channel.channel_points_custom_reward_redemption.add', '1', redemption, (e) => ({ kind: 'redemption', id: redemptionEventId(e.id), at: e.redeemed_at, ...redemptionFieldsOf(e) })),
  source('redemptionUpdate', 'channel.channel_points_custom_reward_redemption.update', '1', redemption, (e, c) => ({
    kind: 'redemptionUpdate',
    id: `redemption-update:${e.id}:${e.status}`,
    at: c.messageTimestamp,
    ...redemptionFieldsOf(e),
  })),
  source('donation', 'channel.charity_campaign.donate', '1', donation, (e, c) => ({
    kind: 'donation',
    id: `donation:${e.id}`,
    at: c.messageTimestamp,
    donationId: e.id,
    campaignId: e.campaign_id,
    user: userOf(e),
    amount: { value: e.amount.value, decimalPlaces: e.amount.decimal_places, currency: e.amount.currency },
    charityName: e.charity_name,
  })),
  source('hypeTrainBegin', 'channel.hype_train.begin', '2', hypeTrain, (e) => ({ kind: 'hypeTrainBegin', id: `hype-begin:${e.id}`, at: e.started_at, ...hypeTrainFieldsOf(e), goal: e.goal ?? null })),
  source('hypeTrainProgress', 'channel.hype_train.progress', '2', hypeTrain, (e, c) => ({ kind: 'hypeTrainProgress', id: c.messageId, at: c.messageTimestamp, ...hypeTrainFieldsOf(e), goal: e.goal ?? null })),
  source('hypeTrainEnd', 'channel.hype_train.end', '2', hypeTrain, (e, c) => ({ kind: 'hypeTrainEnd', id: `hype-end:${e.id}`, at: e.ended_at ?? c.messageTimestamp, ...hypeTrainFieldsOf(e) })),
  source('pollBegin', 'channel.poll.begin', '1', pollBegin, (e) => ({ kind: 'pollBegin', id: `poll-begin:${e.id}`, at: e.started_at, pollId: e.id, title: e.title, choices: e.choices.map((ch) => ({ id: ch.id, title: ch.title })), endsAt: e.ends_at ?? null })),
  source('pollProgress', 'channel.poll.progress', '1', pollProgress, (e, c) => ({
    kind: 'pollProgress',
    id: c.messageId,
    at: c.messageTimestamp,
    pollId: e.id,
    title: e.title,
    choices: votes(e.choices),
    startedAt: e.started_at,
    endsAt: e.ends_at ?? null,
  })),
  source('pollEnd', 'channel.poll.end', '1', pollEnd, (e, c) => ({
    kind: 'pollEnd',
    id: `poll-end:${e.id}:${e.status}`,
    at: e.ended_at ?? c.messageTimestamp,
    pollId: e.id,
    title: e.title,
    status: e.status,
    choices: votes(e.choices),
    ...(e.started_at ? { startedAt: e.started_at } : {}),
  })),
  source('predictionBegin', 'channel.prediction.begin', '1', predictionBegin, (e) => ({
    kind: 'predictionBegin',
    id: `prediction-begin:${e.id}`,
    at: e.started_at,
    predictionId: e.id,
    title: e.title,
    outcomes: e.outcomes.map((o) => ({ id: o.id, title: o.title })),
    locksAt: e.locks_at ?? null,
  })),
  source('predictionProgress', 'channel.prediction.progress', '1', predictionProgress, (e, c) => ({
    kind: 'predictionProgress',
    id: c.messageId,
    at: c.messageTimestamp,
    predictionId: e.id,
    title: e.title,
    outcomes: stakes(e.outcomes),
    startedAt: e.started_at,
    locksAt: e.locks_at ?? null,
  })),
  source('predictionLock', 'channel.prediction.lock', '1', predictionLock, (e, c) => ({
    kind: 'predictionLock',
    id: `prediction-lock:${e.id}`,
    at: e.locked_at ?? c.messageTimestamp,
    predictionId: e.id,
    title: e.title,
    outcomes: stakes(e.outcomes),
    startedAt: e.started_at,
    lockedAt: e.locked_at ?? c.messageTimestamp,
  })),
  source('predictionEnd', 'channel.prediction.end', '1', predictionEnd, (e, c) => ({
    kind: 'predictionEnd',
    id: `prediction-end:${e.id}`,
    at: e.ended_at ?? c.messageTimestamp,
    predictionId: e.id,
    title: e.title,
    status: e.status,
    winningOutcomeId: e.winning_outcome_id ?? null,
    outcomes: stakes(e.outcomes),
    ...(e.started_at ? { startedAt: e.started_at } : {}),
  })),
  source('streamOnline', 'stream.online', '1', streamOnline, (e) => ({ kind: 'streamOnline', id: `stream-online:${e.id}`, at: e.started_at, streamType: e.type, startedAt: e.started_at, streamId: e.id })),
  source('streamOffline', 'stream.offline', '1', streamOffline, (_e, c) => ({ kind: 'streamOffline', id: c.messageId, at: c.messageTimestamp })),
  source('channelUpdate', 'channel.update', '2', channelUpdate, (e, c) => ({
    kind: 'channelUpdate',
    id: c.messageId,
    at: c.messageTimestamp,
    title: e.title,
    categoryId: e.category_id,
    categoryName: e.category_name,
    language: e.language,
  })),
  source('adBreakBegin', 'channel.ad_break.begin', '1', adBreak, (e, c) => ({ kind: 'adBreakBegin', id: c.messageId, at: e.started_at, durationSeconds: e.duration_seconds, isAutomatic: e.is_automatic, startedAt: e.started_at })),
  // Chat is read as the broadcaster: `user_id` is the reader.
  source(
    'chatMessage',
    'channel.chat.message',
    '1',
    chatMessage,
    (e, c) => ({
      kind: 'chatMessage',
      id: `chat:${e.message_id}`,
      at: c.messageTimestamp,
      messageId: e.message_id,
      user: userOf(e, 'chatter_user'),
      text: e.message.text,
      fragments: fragments(e.message.fragments),
      color: e.color || null,
      badges: badges(e.badges),
      roles: rolesOf(e.badges ?? []),
      // A line from another channel of a shared chat session names its channel.
      sourceChannel: e.source_broadcaster_user_id ? { id: e.source_broadcaster_user_id, login: e.source_broadcaster_user_login ?? '', name: e.source_broadcaster_user_name || e.source_broadcaster_user_login || '' } : null,
    }),
    (id) => ({ broadcaster_user_id: id, user_id: id }),
  ),
  source(
    'chatNotification',
    'channel.chat.notification',
    '1',
    chatNotification,
    (e, c) => ({
      kind: 'chatNotification',
      id: `chat-notice:${e.message_id}`,
      at: c.messageTimestamp,
      messageId: e.message_id,
      user: e.chatter_is_anonymous || !e.chatter_user_id ? null : { id: e.chatter_user_id, login: e.chatter_user_login ?? '', name: e.chatter_user_name ?? e.chatter_user_login ?? '' },
      noticeType: e.notice_type,
      text: e.message.text,
      fragments: fragments(e.message.fragments),
      systemMessage: e.system_message ?? '',
      announcementColor: e.announcement?.color ?? null,
      color: e.color || null,
      badges: badges(e.badges),
    }),
    (id) => ({ broadcaster_user_id: id, user_id: id }),
  ),
  // What left chat, read as chat is.
  source(
    'chatMessageDelete',
    'channel.chat.message_delete',
    '1',
    chatMessageDelete,
    (e, c) => ({ kind: 'chatMessageDelete', id: `chat-delete:${e.message_id}`, at: c.messageTimestamp, messageId: e.message_id, user: userOf(e, 'target_user') }),
    (id) => ({ broadcaster_user_id: id, user_id: id }),
  ),
  source(
    'chatClearUserMessages',
    'channel.chat.clear_user_messages',
    '1',
    chatClearUser,
    (e, c) => ({ kind: 'chatClearUserMessages', id: c.messageId, at: c.messageTimestamp, user: userOf(e, 'target_user') }),
    (id) => ({ broadcaster_user_id: id, user_id: id }),
  ),
  source('chatClear', 'channel.chat.clear', '1', chatClear, (_e, c) => ({ kind: 'chatClear', id: c.messageId, at: c.messageTimestamp }), (id) => ({ broadcaster_user_id: id, user_id: id })),
  // The shared chat session the channel is in: begin and update both tell who is in it now.
  ...([['sharedChatBegin', 'channel.shared_chat.begin'], ['sharedChatUpdate', 'channel.shared_chat.update']] as const).map(([kind, type]) =>
    source(kind, type, '1', sharedChatChange, (e, c) => ({
      kind,
      id: c.messageId,
      at: c.messageTimestamp,
      sessionId: e.session_id,
      host: userOf(e, 'host_broadcaster_user'),
      channels: e.participants.map((p) => userOf(p, 'broadcaster_user')),
    }) as ReadEvent<typeof kind>),
  ),
  source('sharedChatEnd', 'channel.shared_chat.end', '1', sharedChatEnd, (e, c) => ({ kind: 'sharedChatEnd', id: c.messageId, at: c.messageTimestamp, sessionId: e.session_id })),
  // Every moderator's action, version 2, read as the broadcaster, their own moderator.
  source('moderation', 'channel.moderate', '2', moderate, moderationOf, asModerator),
  goalEvent('goalBegin', 'channel.goal.begin'),
  goalEvent('goalProgress', 'channel.goal.progress'),
  source('goalEnd', 'channel.goal.end', '1', goal, (e, c) => ({
    kind: 'goalEnd',
    id: `goal-end:${e.id}`,
    at: e.ended_at ?? c.messageTimestamp,
    ...goalFieldsOf(e),
    achieved: e.is_achieved ?? e.current_amount >= e.target_amount,
  })),
  source('ban', 'channel.ban', '1', ban, (e, c) => ({
    kind: 'ban',
    id: c.messageId,
    at: e.banned_at,
    user: userOf(e),
    moderator: userOf(e, 'moderator_user'),
    reason: e.reason ?? '',
    endsAt: e.ends_at ?? null,
  })),
  source('unban', 'channel.unban', '1', unban, (e, c) => ({ kind: 'unban', id: c.messageId, at: c.messageTimestamp, user: userOf(e), moderator: userOf(e, 'moderator_user') })),
  // Moderation: read as the broadcaster, their own moderator.
  source('shieldModeBegin', 'channel.shield_mode.begin', '1', shieldBegin, (e, c) => ({ kind: 'shieldModeBegin', id: c.messageId, at: e.started_at, moderator: userOf(e, 'moderator_user'), startedAt: e.started_at }), asModerator),
  source('shieldModeEnd', 'channel.shield_mode.end', '1', shieldEnd, (e, c) => ({ kind: 'shieldModeEnd', id: c.messageId, at: e.ended_at, moderator: userOf(e, 'moderator_user'), endedAt: e.ended_at }), asModerator),
  source('automodHold', 'automod.message.hold', '1', automodHold, (e) => ({ kind: 'automodHold', id: `automod-hold:${e.message_id}`, at: e.held_at, ...heldMessageOf(e) }), asModerator),
  source(
    'automodUpdate',
    'automod.message.update',
    '1',
    automodUpdate,
    (e, c) => ({
      kind: 'automodUpdate',
      id: `automod-update:${e.message_id}:${e.status.toLowerCase()}`,
      at: c.messageTimestamp,
      ...heldMessageOf(e),
      moderator: e.moderator_user_id ? userOf(e, 'moderator_user') : null,
      status: e.status.toLowerCase() as 'approved' | 'denied' | 'expired',
    }),
    asModerator,
  ),
  source(
    'warning',
    'channel.warning.send',
    '1',
    warningSend,
    (e, c) => ({ kind: 'warning', id: c.messageId, at: c.messageTimestamp, user: userOf(e), moderator: userOf(e, 'moderator_user'), reason: e.reason ?? '', rulesCited: e.chat_rules_cited ?? [] }),
    asModerator,
  ),
  source('warningAcknowledge', 'channel.warning.acknowledge', '1', warningAcknowledge, (e, c) => ({ kind: 'warningAcknowledge', id: c.messageId, at: c.messageTimestamp, user: userOf(e) }), asModerator),
  source(
    'unbanRequest',
    'channel.unban_request.create',
    '1',
    unbanRequestCreate,
    (e) => ({ kind: 'unbanRequest', id: `unban-request:${e.id}`, at: e.created_at, requestId: e.id, user: userOf(e), text: e.text, createdAt: e.created_at }),
    asModerator,
  ),
  source(
    'unbanRequestResolve',
    'channel.unban_request.resolve',
    '1',
    unbanRequestResolve,
    (e, c) => ({
      kind: 'unbanRequestResolve',
      id: `unban-request-resolve:${e.id}`,
      at: c.messageTimestamp,
      requestId: e.id,
      user: userOf(e),
      moderator: e.moderator_user_id ? userOf(e, 'moderator_user') : null,
      status: e.status,
      resolutionText: e.resolution_text ?? '',
    }),
    asModerator,
  ),
  source('moderatorAdd', 'channel.moderator.add', '1', roleChange, (e, c) => ({ kind: 'moderatorAdd', id: c.messageId, at: c.messageTimestamp, user: userOf(e) })),
  source('moderatorRemove', 'channel.moderator.remove', '1', roleChange, (e, c) => ({ kind: 'moderatorRemove', id: c.messageId, at: c.messageTimestamp, user: userOf(e) })),
  source('vipAdd', 'channel.vip.add', '1', roleChange, (e, c) => ({ kind: 'vipAdd', id: c.messageId, at: c.messageTimestamp, user: userOf(e) })),
  source('vipRemove', 'channel.vip.remove', '1', roleChange, (e, c) => ({ kind: 'vipRemove', id: c.messageId, at: c.messageTimestamp, user: userOf(e) })),
  source(
    'suspiciousUserUpdate',
    'channel.suspicious_user.update',
    '1',
    suspiciousUpdate,
    (e, c) => ({ kind: 'suspiciousUserUpdate', id: c.messageId, at: c.messageTimestamp, user: userOf(e), moderator: userOf(e, 'moderator_user'), status: lowTrustOf(e.low_trust_status) }),
    asModerator,
  ),
  source(
    'suspiciousUserMessage',
    'channel.suspicious_user.message',
    '1',
    suspiciousMessage,
    (e, c) => ({
      kind: 'suspiciousUserMessage',
      id: c.messageId,
      at: c.messageTimestamp,
      user: userOf(e),
      status: lowTrustOf(e.low_trust_status),
      types: (e.types ?? []).map(camelCase),
      banEvasion: e.ban_evasion_evaluation ?? 'unknown',
      messageId: e.message.message_id,
      text: e.message.text,
    }),
    asModerator,
  ),
];

/** A `channel.moderate` event as the `moderation` channel event: who, what, on whom, why. */
function moderationOf(e: Wire<typeof moderate>, c: SourceContext): ReadEvent<'moderation'> {
  const target = e.ban ?? e.timeout ?? e.delete ?? e.warn ?? e.unban_request ?? e.raid ?? e.unban ?? e.untimeout ?? e.mod ?? e.unmod ?? e.vip ?? e.unvip ?? e.unraid ?? null;
  const terms = e.automod_terms ? `${e.automod_terms.terms.join(', ')}` : '';
  const detail = e.slow
    ? `${e.slow.wait_time_seconds} s between messages`
    : e.followers
      ? `followed for ${e.followers.follow_duration_minutes} min`
      : e.raid
        ? `${e.raid.viewer_count} viewers`
        : terms;
  return {
    kind: 'moderation',
    id: c.messageId,
    at: c.messageTimestamp,
    moderator: userOf(e, 'moderator_user'),
    action: e.action,
    user: target ? userOf(target) : null,
    reason: e.ban?.reason ?? e.timeout?.reason ?? e.warn?.reason ?? e.unban_request?.moderator_message ?? '',
    messageId: e.delete?.message_id ?? null,
    messageText: e.delete?.message_body ?? null,
    expiresAt: e.timeout?.expires_at ?? null,
    detail,
  };
}

/** The source of each kind. */
export const sourceOf = new Map<ChannelEventKind, ChannelEventSource>(channelEventSources.map((s) => [s.kind, s]));

export type { ChannelEvent };
