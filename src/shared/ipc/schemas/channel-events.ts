/**
 * What happens on the broadcaster's channel, typed once: the one channel-event stream of main
 * (`src/main/services/events/channel-events.ts`) turns every EventSub notification into one of
 * these, and the activity feed, automations and overlays read them, never the platform's frames.
 * Names are the broadcaster's words, in camelCase; amounts are numbers; times are ISO 8601.
 */
import { z } from 'zod';

export const channelUserSchema = z.object({ id: z.string(), login: z.string(), name: z.string() });
export type ChannelUser = z.infer<typeof channelUserSchema>;

/** '1000' | '2000' | '3000' on the platform; kept as given so that a new tier is not dropped. */
const tier = z.string();

const base = {
  /**
   * Stable identity of the event, the same on a resent or caught-up copy: the platform's id of the
   * thing (`redemption:<id>`, `donation:<id>`, `poll-end:<id>`...) where it has one, else the
   * EventSub message id. Automations and alerts keep this to act at most once.
   */
  id: z.string().min(1),
  /** When it happened (the event's own time, else the notification's). */
  at: z.string(),
  /**
   * `live`: pushed over EventSub as it happened. `caughtUp`: learned by reading the platform after
   * the connection was lost (only the redemption queue can), so it may be minutes old.
   */
  source: z.enum(['live', 'caughtUp']),
};

const amountSchema = z.object({ value: z.number().int(), decimalPlaces: z.number().int().nonnegative(), currency: z.string() });

/** A poll's choice or a prediction's outcome. */
const optionSchema = z.object({ id: z.string(), title: z.string() });
/** A poll's choice with its votes so far. */
const choiceVotesSchema = optionSchema.extend({ votes: z.number().int() });
/** An outcome of a prediction with what was staked on it so far. */
const predictionOutcomeSchema = optionSchema.extend({ users: z.number().int(), channelPoints: z.number().int() });

/** A channel-point redemption, as its two events (made, then fulfilled or canceled) carry it. */
const redemptionFields = {
  redemptionId: z.string(),
  reward: z.object({ id: z.string(), title: z.string(), cost: z.number().int(), prompt: z.string() }),
  user: channelUserSchema,
  /** What the viewer typed ('' when nothing). */
  input: z.string(),
  status: z.enum(['unknown', 'unfulfilled', 'fulfilled', 'canceled']),
};

/** A hype train, as its three events carry it. */
const hypeTrainFields = { trainId: z.string(), level: z.number().int(), total: z.number().int() };

/** A creator goal, as its three events carry it. */
const goalFields = { goalId: z.string(), goalType: z.string(), description: z.string(), current: z.number().int(), target: z.number().int() };

const badgesSchema = z.array(z.object({ setId: z.string(), id: z.string() }));

const chatFragmentSchema = z.object({ type: z.string(), text: z.string(), emoteId: z.string().nullable() });

/** What a chatter is in the channel, from their badges. */
export const chatRolesSchema = z.object({ broadcaster: z.boolean(), moderator: z.boolean(), vip: z.boolean(), subscriber: z.boolean() });
export type ChatRoles = z.infer<typeof chatRolesSchema>;

/** A message AutoMod held: why (its category and level, or the blocked terms it contains) and what it says. */
export const heldMessageFields = {
  user: channelUserSchema,
  text: z.string(),
  /** `automod`: AutoMod's category at `level` (1-4); `blockedTerm`: one of the channel's blocked terms. */
  reason: z.enum(['automod', 'blockedTerm']),
  /** AutoMod's category in the platform's words (`swearing`, `aggression`...), for `automod`. */
  category: z.string().nullable(),
  level: z.number().int().nullable(),
  /** The blocked terms found, for `blockedTerm`. */
  blockedTerms: z.array(z.string()),
  heldAt: z.string(),
};
const heldMessage = { messageId: z.string(), ...heldMessageFields };

/** A suspicious user's treatment: watched (`activeMonitoring`), their messages held (`restricted`), or neither. */
const lowTrustStatus = z.enum(['none', 'activeMonitoring', 'restricted']);

export const channelEventSchema = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('follow'), user: channelUserSchema }),
  z.object({ ...base, kind: z.literal('subscription'), user: channelUserSchema, tier, isGift: z.boolean() }),
  z.object({
    ...base,
    kind: z.literal('resubscription'),
    user: channelUserSchema,
    tier,
    /** Months subscribed in all. */
    months: z.number().int(),
    /** Months in a row, when the viewer shares it. */
    streakMonths: z.number().int().nullable(),
    message: z.string(),
  }),
  z.object({
    ...base,
    kind: z.literal('giftSubscriptions'),
    /** Null for an anonymous gift. */
    gifter: channelUserSchema.nullable(),
    tier,
    /** Subscriptions in this gift (a gift bomb of 50 is one event with 50). */
    count: z.number().int(),
    cumulativeTotal: z.number().int().nullable(),
  }),
  z.object({ ...base, kind: z.literal('cheer'), user: channelUserSchema.nullable(), bits: z.number().int(), message: z.string() }),
  z.object({ ...base, kind: z.literal('raid'), from: channelUserSchema, viewers: z.number().int() }),
  z.object({ ...base, kind: z.literal('raidSent'), to: channelUserSchema, viewers: z.number().int() }),
  z.object({ ...base, kind: z.literal('redemption'), ...redemptionFields }),
  z.object({ ...base, kind: z.literal('redemptionUpdate'), ...redemptionFields }),
  z.object({
    ...base,
    kind: z.literal('donation'),
    donationId: z.string(),
    campaignId: z.string(),
    user: channelUserSchema,
    amount: amountSchema,
    charityName: z.string(),
  }),
  z.object({ ...base, kind: z.literal('hypeTrainBegin'), ...hypeTrainFields, goal: z.number().int().nullable() }),
  z.object({ ...base, kind: z.literal('hypeTrainProgress'), ...hypeTrainFields, goal: z.number().int().nullable() }),
  z.object({ ...base, kind: z.literal('hypeTrainEnd'), ...hypeTrainFields }),
  z.object({ ...base, kind: z.literal('pollBegin'), pollId: z.string(), title: z.string(), choices: z.array(optionSchema), endsAt: z.string().nullable() }),
  z.object({
    ...base,
    kind: z.literal('pollProgress'),
    pollId: z.string(),
    title: z.string(),
    choices: z.array(choiceVotesSchema),
    startedAt: z.string(),
    endsAt: z.string().nullable(),
  }),
  z.object({
    ...base,
    kind: z.literal('pollEnd'),
    pollId: z.string(),
    title: z.string(),
    /** `completed`, `terminated` (ended early) or `archived`. */
    status: z.string(),
    choices: z.array(choiceVotesSchema),
    /** When the poll began, as the platform tells it (absent on an event made up for a test or a sample). */
    startedAt: z.string().optional(),
  }),
  z.object({
    ...base,
    kind: z.literal('predictionBegin'),
    predictionId: z.string(),
    title: z.string(),
    outcomes: z.array(optionSchema),
    locksAt: z.string().nullable(),
  }),
  z.object({
    ...base,
    kind: z.literal('predictionProgress'),
    predictionId: z.string(),
    title: z.string(),
    outcomes: z.array(predictionOutcomeSchema),
    startedAt: z.string(),
    locksAt: z.string().nullable(),
  }),
  z.object({
    ...base,
    kind: z.literal('predictionLock'),
    predictionId: z.string(),
    title: z.string(),
    outcomes: z.array(predictionOutcomeSchema),
    startedAt: z.string(),
    lockedAt: z.string(),
  }),
  z.object({
    ...base,
    kind: z.literal('predictionEnd'),
    predictionId: z.string(),
    title: z.string(),
    /** `resolved` or `canceled`. */
    status: z.string(),
    winningOutcomeId: z.string().nullable(),
    outcomes: z.array(predictionOutcomeSchema),
    /** When the prediction began, as the platform tells it (absent on an event made up for a test or a sample). */
    startedAt: z.string().optional(),
  }),
  z.object({
    ...base,
    kind: z.literal('streamOnline'),
    streamType: z.string(),
    startedAt: z.string(),
    /** The platform's id of the broadcast (absent on an event made up for a test or a sample). */
    streamId: z.string().optional(),
  }),
  z.object({ ...base, kind: z.literal('streamOffline') }),
  z.object({ ...base, kind: z.literal('channelUpdate'), title: z.string(), categoryId: z.string(), categoryName: z.string(), language: z.string() }),
  z.object({ ...base, kind: z.literal('adBreakBegin'), durationSeconds: z.number().int(), isAutomatic: z.boolean(), startedAt: z.string() }),
  z.object({
    ...base,
    kind: z.literal('chatMessage'),
    messageId: z.string(),
    user: channelUserSchema,
    text: z.string(),
    fragments: z.array(chatFragmentSchema),
    color: z.string().nullable(),
    badges: badgesSchema,
    roles: chatRolesSchema,
    /** In a shared chat session, the channel a line from another channel was sent in (absent or null: this channel's). */
    sourceChannel: channelUserSchema.nullable().optional(),
  }),
  z.object({
    ...base,
    kind: z.literal('chatNotification'),
    messageId: z.string(),
    /** The chatter; null when anonymous. */
    user: channelUserSchema.nullable(),
    /** `announcement`, `sub`, `resub`, `raid`... as the platform names it. */
    noticeType: z.string(),
    text: z.string(),
    fragments: z.array(chatFragmentSchema),
    systemMessage: z.string(),
    announcementColor: z.string().nullable(),
    /** The chatter's name colour, as in a chat message. */
    color: z.string().nullable(),
    badges: badgesSchema,
  }),
  // What left chat: a moderator deleted a line, a chatter's lines went with their ban or timeout, chat was cleared.
  z.object({ ...base, kind: z.literal('chatMessageDelete'), messageId: z.string(), user: channelUserSchema }),
  z.object({ ...base, kind: z.literal('chatClearUserMessages'), user: channelUserSchema }),
  z.object({ ...base, kind: z.literal('chatClear') }),
  /** This channel joined a shared chat session (begin), or the channels in it changed (update): every channel now in it, the host first. */
  z.object({ ...base, kind: z.literal('sharedChatBegin'), sessionId: z.string(), host: channelUserSchema, channels: z.array(channelUserSchema) }),
  z.object({ ...base, kind: z.literal('sharedChatUpdate'), sessionId: z.string(), host: channelUserSchema, channels: z.array(channelUserSchema) }),
  /** This channel left its shared chat session, or the session ended. */
  z.object({ ...base, kind: z.literal('sharedChatEnd'), sessionId: z.string() }),
  z.object({
    ...base,
    kind: z.literal('moderation'),
    /** Who acted: the broadcaster or one of their moderators, in Sidestage or anywhere else. */
    moderator: channelUserSchema,
    /** The platform's name of what they did: `ban`, `timeout`, `unban`, `delete`, `clear`, `slow`, `warn`, `add_blocked_term`... (kept as given, so a new one is not dropped). */
    action: z.string(),
    /** On whom; null for an action on the whole chat (`clear`, the chat modes, blocked terms). */
    user: channelUserSchema.nullable(),
    /** The reason given (a ban, a timeout, a warning; an unban request's answer); '' when none. */
    reason: z.string(),
    /** A deleted line: its id and its text. */
    messageId: z.string().nullable(),
    messageText: z.string().nullable(),
    /** When a timeout ends. */
    expiresAt: z.string().nullable(),
    /** The action's other details in words: a slow mode's seconds, a followers-only minutes, the terms, a raid's viewers. */
    detail: z.string(),
  }),
  z.object({ ...base, kind: z.literal('goalBegin'), ...goalFields }),
  z.object({ ...base, kind: z.literal('goalProgress'), ...goalFields }),
  z.object({ ...base, kind: z.literal('goalEnd'), ...goalFields, achieved: z.boolean() }),
  z.object({
    ...base,
    kind: z.literal('ban'),
    user: channelUserSchema,
    moderator: channelUserSchema,
    reason: z.string(),
    /** Null for a permanent ban; else when the timeout ends. */
    endsAt: z.string().nullable(),
  }),
  z.object({ ...base, kind: z.literal('unban'), user: channelUserSchema, moderator: channelUserSchema }),
  // Moderation (src/main/services/moderation/): Shield Mode, AutoMod's held messages, warnings,
  // unban requests, the channel's roles, suspicious users.
  z.object({ ...base, kind: z.literal('shieldModeBegin'), moderator: channelUserSchema, startedAt: z.string() }),
  z.object({ ...base, kind: z.literal('shieldModeEnd'), moderator: channelUserSchema, endedAt: z.string() }),
  z.object({ ...base, kind: z.literal('automodHold'), ...heldMessage }),
  z.object({
    ...base,
    kind: z.literal('automodUpdate'),
    ...heldMessage,
    /** Who allowed or denied it; null when it expired. */
    moderator: channelUserSchema.nullable(),
    status: z.enum(['approved', 'denied', 'expired']),
  }),
  z.object({
    ...base,
    kind: z.literal('warning'),
    user: channelUserSchema,
    moderator: channelUserSchema,
    reason: z.string(),
    /** The channel's chat rules the warning names. */
    rulesCited: z.array(z.string()),
  }),
  z.object({ ...base, kind: z.literal('warningAcknowledge'), user: channelUserSchema }),
  z.object({ ...base, kind: z.literal('unbanRequest'), requestId: z.string(), user: channelUserSchema, text: z.string(), createdAt: z.string() }),
  z.object({
    ...base,
    kind: z.literal('unbanRequestResolve'),
    requestId: z.string(),
    user: channelUserSchema,
    /** Null when the viewer took the request back. */
    moderator: channelUserSchema.nullable(),
    status: z.enum(['approved', 'denied', 'canceled']),
    resolutionText: z.string(),
  }),
  z.object({ ...base, kind: z.literal('moderatorAdd'), user: channelUserSchema }),
  z.object({ ...base, kind: z.literal('moderatorRemove'), user: channelUserSchema }),
  z.object({ ...base, kind: z.literal('vipAdd'), user: channelUserSchema }),
  z.object({ ...base, kind: z.literal('vipRemove'), user: channelUserSchema }),
  z.object({ ...base, kind: z.literal('suspiciousUserUpdate'), user: channelUserSchema, moderator: channelUserSchema, status: lowTrustStatus }),
  z.object({
    ...base,
    kind: z.literal('suspiciousUserMessage'),
    user: channelUserSchema,
    status: lowTrustStatus,
    /** Why the platform thinks so: `manuallyAdded`, `banEvader`, `bannedInSharedChannel` (others kept as given). */
    types: z.array(z.string()),
    /** `unknown`, `possible` or `likely`. */
    banEvasion: z.string(),
    messageId: z.string(),
    text: z.string(),
  }),
]);
export type ChannelEvent = z.infer<typeof channelEventSchema>;
export type ChannelEventKind = ChannelEvent['kind'];
export type ChannelEventOf<K extends ChannelEventKind> = Extract<ChannelEvent, { kind: K }>;

export const channelEventKinds = channelEventSchema.options.map((option) => option.shape.kind.value) as ChannelEventKind[];
