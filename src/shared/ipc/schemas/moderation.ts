/**
 * Moderation while live (src/main/services/moderation/): Shield Mode and the raid-flood suggestion,
 * AutoMod's held messages, unban requests, a chatter's card and what can be done from it, and the
 * channel's chat rules (AutoMod's level, blocked terms).
 */
import { z } from 'zod';
import { channelUserSchema, heldMessageFields } from './channel-events';

const userId = z.string().min(1).max(20).regex(/^\d+$/, 'A user id is a number.');
const note = z.string().trim().max(500, 'A note is at most 500 characters.');

// ---------- Shield Mode ----------

export const shieldModeStateSchema = z.object({
  /** False until the platform was read for this channel. */
  known: z.boolean(),
  active: z.boolean(),
  /** When it was last turned on (while on: on since then); null: never. */
  lastActivatedAt: z.string().nullable(),
  /** Who turned it on last. */
  by: channelUserSchema.nullable(),
  /** Why the last read failed, in words; null when it worked. */
  error: z.string().nullable(),
  /**
   * A raid followed by a flood of first-time chatters: "Turn on Shield Mode?". Only ever a
   * suggestion: Shield Mode goes on when the broadcaster says so.
   */
  suggestion: z
    .object({
      /** The channel that raided, when the flood followed a raid Sidestage saw. */
      raider: channelUserSchema.nullable(),
      /** First-time chatters counted since the raid. */
      newChatters: z.number().int().nonnegative(),
      /** Within this many seconds of the raid. */
      withinSeconds: z.number().int().positive(),
      at: z.string(),
    })
    .nullable(),
});
export type ShieldModeState = z.infer<typeof shieldModeStateSchema>;

export const shieldModeSetArgSchema = z.object({ active: z.boolean() }).strict();

// ---------- AutoMod's held messages ----------

export const heldMessageSchema = z.object({
  /** The platform's message id (what Manage Held AutoMod Messages takes). */
  id: z.string(),
  ...heldMessageFields,
  /** An allow or deny on its way to the platform. */
  pending: z.enum(['allow', 'deny']).nullable(),
});
export type HeldMessage = z.infer<typeof heldMessageSchema>;

export const heldMessagesStateSchema = z.object({
  /** Oldest first: the one AutoMod held first is the one to decide first. */
  messages: z.array(heldMessageSchema),
  /** Held messages beyond what Sidestage keeps (the oldest went first); the platform expires them anyway. */
  dropped: z.number().int().nonnegative(),
});
export type HeldMessagesState = z.infer<typeof heldMessagesStateSchema>;

export const heldMessageResolveArgSchema = z.object({ messageId: z.string().min(1).max(100), action: z.enum(['allow', 'deny']) }).strict();
export const heldMessageResolveResultSchema = z.object({ message: z.string() });

// ---------- unban requests ----------

export const unbanRequestSchema = z.object({
  id: z.string(),
  user: channelUserSchema,
  /** What the viewer wrote. */
  text: z.string(),
  createdAt: z.string(),
  status: z.enum(['pending', 'approved', 'denied', 'canceled', 'acknowledged']),
  resolvedBy: channelUserSchema.nullable(),
  resolutionText: z.string().nullable(),
  /** A resolve on its way to the platform. */
  pending: z.boolean(),
});
export type UnbanRequest = z.infer<typeof unbanRequestSchema>;

export const unbanRequestsStateSchema = z.object({
  /** False until the platform's pending list was read for this channel. */
  loaded: z.boolean(),
  /** Pending ones, oldest first; then the ones resolved while Sidestage watched, newest first. */
  requests: z.array(unbanRequestSchema),
  error: z.string().nullable(),
});
export type UnbanRequestsState = z.infer<typeof unbanRequestsStateSchema>;

export const unbanRequestResolveArgSchema = z
  .object({
    requestId: z.string().min(1).max(100),
    status: z.enum(['approved', 'denied']),
    /** Shown to the viewer. */
    note: note.optional(),
  })
  .strict();
export const unbanRequestResolveResultSchema = z.object({ message: z.string() });

// ---------- a chatter's card ----------

export const chatUserCardSchema = z.object({
  user: channelUserSchema,
  /** The account's creation; null when it could not be read. */
  createdAt: z.string().nullable(),
  /** Following since; null when not following (or not read: see `unread`). */
  followedAt: z.string().nullable(),
  moderator: z.boolean(),
  vip: z.boolean(),
  /** Banned or timed out now: until when (null: for good). */
  banned: z.object({ until: z.string().nullable(), reason: z.string() }).nullable(),
  /** Since the stream went live (or Sidestage started, if later). */
  thisBroadcast: z.object({ timeouts: z.number().int().nonnegative(), bans: z.number().int().nonnegative(), warnings: z.number().int().nonnegative() }),
  /** The platform's suspicious-user status, as last told (null: none seen). */
  suspicious: z.object({ status: z.enum(['activeMonitoring', 'restricted']), types: z.array(z.string()) }).nullable(),
  /** What could not be read, in words ("Follow age not read: ..."); the rest is shown. */
  unread: z.array(z.string()),
});
export type ChatUserCard = z.infer<typeof chatUserCardSchema>;

export const chatUserArgSchema = z.object({ userId }).strict();
export const chatUserActionSchema = z.enum(['addModerator', 'removeModerator', 'addVip', 'removeVip', 'unban']);
export type ChatUserAction = z.infer<typeof chatUserActionSchema>;
export const chatUserActArgSchema = z.object({ userId, action: chatUserActionSchema }).strict();
export const chatUserWarnArgSchema = z
  .object({
    userId,
    reason: z.string().trim().min(1, 'Say why: the viewer reads the reason.').max(500, 'A reason is at most 500 characters.'),
  })
  .strict();
export const chatUserActResultSchema = z.object({ message: z.string(), card: chatUserCardSchema.nullable() });

// ---------- chat rules: AutoMod's level and blocked terms ----------

const categoryLevel = z.number().int().min(0).max(4);

export const autoModSettingsSchema = z.object({
  /** 0 (off) to 4 (most filtering); null when the categories were set one by one. */
  overallLevel: z.number().int().min(0).max(4).nullable(),
  categories: z.object({
    disability: categoryLevel,
    aggression: categoryLevel,
    sexualitySexOrGender: categoryLevel,
    misogyny: categoryLevel,
    bullying: categoryLevel,
    swearing: categoryLevel,
    raceEthnicityOrReligion: categoryLevel,
    sexBasedTerms: categoryLevel,
  }),
});
export type AutoModSettings = z.infer<typeof autoModSettingsSchema>;

export const blockedTermSchema = z.object({ id: z.string(), text: z.string(), createdAt: z.string(), expiresAt: z.string().nullable() });
export type BlockedTerm = z.infer<typeof blockedTermSchema>;

export const chatRulesStateSchema = z.object({
  /** Null until read. */
  autoMod: autoModSettingsSchema.nullable(),
  /** Null until read; newest first. */
  blockedTerms: z.array(blockedTermSchema).nullable(),
  /** Why the last read failed, in words. */
  error: z.string().nullable(),
});
export type ChatRulesState = z.infer<typeof chatRulesStateSchema>;

export const autoModLevelArgSchema = z.object({ level: z.number().int().min(0).max(4) }).strict();
export const blockedTermAddArgSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(2, 'A blocked term is at least 2 characters.')
      .max(500, 'A blocked term is at most 500 characters.'),
  })
  .strict();
export const blockedTermRemoveArgSchema = z.object({ id: z.string().min(1).max(100) }).strict();

// ---------- a chatter's suspicious-user status, set from the card ----------

/** `none` lifts it (Remove Suspicious Status); the others set it (Add Suspicious Status). */
export const suspiciousStatusChoiceSchema = z.enum(['none', 'activeMonitoring', 'restricted']);
export type SuspiciousStatusChoice = z.infer<typeof suspiciousStatusChoiceSchema>;
export const chatUserSuspiciousArgSchema = z.object({ userId, status: suspiciousStatusChoiceSchema }).strict();

// ---------- banned accounts ----------

export const bannedAccountSchema = z.object({
  user: channelUserSchema,
  /** Who banned them; null when the platform did not say. */
  moderator: channelUserSchema.nullable(),
  reason: z.string(),
  createdAt: z.string(),
  /** When a timeout ends; null for a ban. */
  expiresAt: z.string().nullable(),
  /** An unban on its way to the platform. */
  pending: z.boolean(),
});
export type BannedAccount = z.infer<typeof bannedAccountSchema>;

export const bannedAccountsStateSchema = z.object({
  /** False until Get Banned Users was read for this channel. */
  loaded: z.boolean(),
  /** Newest first. */
  accounts: z.array(bannedAccountSchema),
  /** More banned accounts than Sidestage lists (the newest are listed). */
  truncated: z.boolean(),
  error: z.string().nullable(),
});
export type BannedAccountsState = z.infer<typeof bannedAccountsStateSchema>;

const login = z
  .string()
  .trim()
  .transform((s) => s.replace(/^@/, ''))
  .pipe(z.string().min(1, 'Say whom to unban.').max(25, 'An account name is at most 25 characters.').regex(/^[A-Za-z0-9_]+$/, 'An account name is letters, digits and underscores.'));
export const bannedUnbanArgSchema = z.object({ login }).strict();
export const bannedUnbanResultSchema = z.object({ message: z.string() });
