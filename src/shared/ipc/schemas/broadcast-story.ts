/**
 * A broadcast's story (the Broadcasts panel): what Sidestage recorded minute by minute while live
 * (`src/main/services/broadcast-story/`), and the moments on the same timeline. The same shapes are
 * the files on disk, so that what is read back is checked by the schemas the panel is served with.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();

/** What a minute counts, and a broadcast's totals add up. */
const storyCounts = {
  chatLines: count,
  /** Distinct chatters who wrote (in the minute; in the totals, in the whole broadcast). */
  chatters: count,
  follows: count,
  /** Subscriptions, resubscriptions and gifted subscriptions (each gift counts). */
  subs: count,
  bits: count,
  redemptions: count,
  donations: count,
};

/** One minute of a broadcast, `minute` counted from its start (0 is the first minute). */
export const storyMinuteSchema = z.object({
  minute: count,
  /** The platform's viewer count last seen in this minute (the previous one carried); null before any. */
  viewers: count.nullable(),
  ...storyCounts,
});
export type StoryMinute = z.infer<typeof storyMinuteSchema>;

/** The series of a minute, in the order of the CSV's columns. */
export const storySeries = ['viewers', 'chatLines', 'chatters', 'follows', 'subs', 'bits', 'redemptions', 'donations'] as const;
export type StorySeries = (typeof storySeries)[number];

export const storyMomentKindSchema = z.enum([
  'marker',
  'clip',
  'raidIn',
  'raidOut',
  'adBreak',
  'shieldMode',
  'poll',
  'prediction',
  'hypeTrain',
  'titleChange',
  'categoryChange',
  'automation',
]);
export type StoryMomentKind = z.infer<typeof storyMomentKindSchema>;

/** Something that happened at one time: drawn as a mark on the timeline. */
export const storyMomentSchema = z.object({
  /** Stable within the broadcast (the channel event's id, the marker press's id...). */
  id: z.string().min(1).max(200),
  kind: storyMomentKindSchema,
  /** Seconds from the broadcast's start. */
  offsetSeconds: count,
  at: z.string(),
  /** What it was, in the broadcaster's words ("Raid from Ana with 42 viewers"). Viewer text is data. */
  label: z.string().max(300),
});
export type StoryMoment = z.infer<typeof storyMomentSchema>;

export const storyChatterSchema = z.object({ name: z.string().max(100), lines: count });
export const storySubscriberSchema = z.object({ name: z.string().max(100), tier: z.string().max(10), gift: z.boolean() });

export const broadcastStorySchema = z.object({
  /** The platform's stream id (a broadcast Sidestage saw start without one: `local-<start>`). */
  id: z.string().min(1).max(100),
  /**
   * The broadcaster whose broadcast it is (the list shows each account its own). Absent in files
   * written before broadcasts were kept per account, and for a broadcast recorded with nobody signed
   * in: unknown, shown to whoever is signed in (hiding them would lose a broadcaster's own history).
   */
  broadcasterId: z.string().min(1).max(100).optional(),
  startedAt: z.string(),
  /** Null while live. */
  endedAt: z.string().nullable(),
  title: z.string().max(300),
  categoryName: z.string().max(300),
  minutes: z.array(storyMinuteSchema),
  moments: z.array(storyMomentSchema),
  /** Every chatter and how many lines (the top ones are shown). */
  chatters: z.array(storyChatterSchema),
  followers: z.array(z.string().max(100)),
  subscribers: z.array(storySubscriberSchema),
});
export type BroadcastStory = z.infer<typeof broadcastStorySchema>;

export const storyTotalsSchema = z.object({
  minutes: count,
  peakViewers: count.nullable(),
  averageViewers: z.number().nonnegative().nullable(),
  ...storyCounts,
  moments: count,
});
export type StoryTotals = z.infer<typeof storyTotalsSchema>;

/** A broadcast in the list: its head and totals, not its minutes. */
export const broadcastSummarySchema = z.object({
  id: z.string(),
  broadcasterId: z.string().optional(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  title: z.string(),
  categoryName: z.string(),
  totals: storyTotalsSchema,
});
export type BroadcastSummary = z.infer<typeof broadcastSummarySchema>;

export const broadcastStoryListSchema = z.object({
  /** Newest first, at most 100. */
  broadcasts: z.array(broadcastSummarySchema),
  /** The broadcast being recorded now, if any. */
  liveId: z.string().nullable(),
  /** Why recording is off (the files could not be opened); null when it records. */
  unavailable: z.string().nullable(),
});
export type BroadcastStoryList = z.infer<typeof broadcastStoryListSchema>;

export const broadcastIdArgSchema = z.object({ id: z.string().min(1).max(100) }).strict();
