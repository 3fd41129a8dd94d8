/** Chat: the messages read through EventSub, sending, announcements and moderator actions. */
import { z } from 'zod';

export const chatFragmentSchema = z.object({
  type: z.enum(['text', 'emote', 'mention', 'cheermote']),
  text: z.string(),
  /** For an emote: its image, from the platform's emote URL template (null: show the text). */
  emoteUrl: z.string().nullable(),
});
export type ChatFragment = z.infer<typeof chatFragmentSchema>;

export const chatBadgeSchema = z.object({ setId: z.string(), id: z.string() });

export const chatMessageSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userLogin: z.string(),
  userName: z.string(),
  /** `#rrggbb`, or '' when the chatter chose none. */
  color: z.string(),
  badges: z.array(chatBadgeSchema),
  fragments: z.array(chatFragmentSchema),
  text: z.string(),
  at: z.string(),
  /** An announcement's colour (`PRIMARY`, `BLUE`...); null for a message. */
  announcement: z.string().nullable(),
  /**
   * Taken out of chat, in Sidestage or by another moderator anywhere (shown struck through; gone from
   * the chat overlay): deleted, its author timed out or banned, or the whole chat cleared.
   */
  removed: z.enum(['deleted', 'timedOut', 'banned', 'cleared']).nullable(),
  /** The moderator who removed it, by display name, once the platform has said (null until then, and while not removed). */
  removedBy: z.string().nullable(),
  /**
   * In a shared chat session, the other channel a line was sent in (absent or null: this channel's):
   * that channel's moderators moderate it, not this channel's.
   */
  sourceChannel: z.object({ id: z.string(), login: z.string(), name: z.string() }).nullable().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The shared chat session the channel is in: every channel in it (this one too), the host first. */
export const sharedChatStateSchema = z.object({
  sessionId: z.string(),
  hostId: z.string(),
  channels: z.array(z.object({ id: z.string(), login: z.string(), name: z.string() })),
});
export type SharedChatState = z.infer<typeof sharedChatStateSchema>;

export const chatSnapshotSchema = z.object({
  version: z.number().int().nonnegative(),
  /** Oldest first (the order chat is read in). */
  messages: z.array(chatMessageSchema),
  capacity: z.number().int().positive(),
  /** The broadcaster's own user id (their messages cannot be moderated); null when signed out. */
  selfId: z.string().nullable(),
  /** The shared chat session the channel is in (absent or null: none). */
  sharedChat: sharedChatStateSchema.nullable().optional(),
});
export type ChatSnapshot = z.infer<typeof chatSnapshotSchema>;

export const chatDeltaSchema = z.object({
  baseVersion: z.number().int().nonnegative(),
  version: z.number().int().nonnegative(),
  cleared: z.boolean(),
  /** Oldest first. */
  added: z.array(chatMessageSchema),
  /** Messages already sent whose state changed (deleted, author timed out). */
  updated: z.array(chatMessageSchema),
  selfId: z.string().nullable(),
  /** The shared chat session as of this delta (absent or null: none). */
  sharedChat: sharedChatStateSchema.nullable().optional(),
});
export type ChatDelta = z.infer<typeof chatDeltaSchema>;

export const announcementColors = ['primary', 'blue', 'green', 'orange', 'purple'] as const;

const messageText = z.string().trim().min(1, 'Type a message first.').max(500, 'A chat message is at most 500 characters.');
const messageId = z.string().min(1).max(100);

/** Who says a line Sidestage sends: the broadcaster, or the bot account (when one is signed in). */
export const chatSpeakerSchema = z.enum(['broadcaster', 'bot']);
export type ChatSpeaker = z.infer<typeof chatSpeakerSchema>;

export const chatSendArgSchema = z
  .object({
    text: messageText,
    /** Send as an announcement in this colour instead of a message. */
    announcement: z.enum(announcementColors).optional(),
    /** Default the broadcaster; the bot speaks messages only (an announcement is the broadcaster's). */
    speaker: chatSpeakerSchema.optional(),
  })
  .strict();
export const chatSendResultSchema = z.object({ messageId: z.string().nullable() });

export const chatModerateArgSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('delete'), messageId }).strict(),
  z.object({ action: z.literal('timeout'), messageId, durationSeconds: z.number().int().min(1).max(1_209_600) }).strict(),
  z.object({ action: z.literal('ban'), messageId, reason: z.string().max(500).optional() }).strict(),
]);
export type ChatModerateArg = z.infer<typeof chatModerateArgSchema>;
export const chatModerateResultSchema = z.object({ message: z.string() });
