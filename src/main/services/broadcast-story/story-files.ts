/**
 * The broadcasts' stories on disk, kept like the marker log and the automations' run log:
 *
 * - `broadcast-stories.json`: the finished broadcasts (the newest 100), one atomic JSON file,
 *   written when a broadcast ends.
 * - The broadcast being recorded: each finished minute and each moment is one line of an append
 *   journal (`broadcast-story-live.journal.a|b`), one write to an open file, so that a kill -9 loses
 *   at most the minute under way; an atomic snapshot (`broadcast-story-live.json`) follows a while
 *   after and on quit, and the journal's lines it holds are dropped.
 *
 * A damaged file is set aside and named (`DataRecoveryNotices`), every readable broadcast kept.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { broadcastStorySchema, storyMinuteSchema, storyMomentSchema, storySubscriberSchema, type BroadcastStory } from '../../../shared/ipc/contract';
import { AppendJournal, type JournalLine } from '../common/append-journal';
import { AtomicJsonFile, keepValid } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';

export const storiesFileName = 'broadcast-stories.json';
export const liveFileName = 'broadcast-story-live.json';
export const liveJournalName = 'broadcast-story-live.journal';

export type StoriesFile = { version: 1; broadcasts: BroadcastStory[] };
export type LiveFile = { version: 1; seq: number; live: BroadcastStory | null };

const headSchema = broadcastStorySchema.pick({ id: true, broadcasterId: true, startedAt: true, title: true, categoryName: true });

/** One change of the broadcast being recorded, as the journal keeps it. */
export const storyLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('begin'), head: headSchema }),
  z.object({
    type: z.literal('minute'),
    id: z.string(),
    minute: storyMinuteSchema,
    /** Who chatted in this minute and how many lines (added to the broadcast's counts). */
    chatters: z.array(z.tuple([z.string().max(100), z.number().int().nonnegative()])),
    followers: z.array(z.string().max(100)),
    subscribers: z.array(storySubscriberSchema),
  }),
  z.object({ type: z.literal('moment'), id: z.string(), moment: storyMomentSchema }),
  z.object({ type: z.literal('head'), id: z.string(), title: z.string().max(300), categoryName: z.string().max(300) }),
  z.object({ type: z.literal('end'), id: z.string(), endedAt: z.string() }),
]);
export type StoryLine = z.infer<typeof storyLineSchema>;

const parseStory = (raw: unknown): BroadcastStory | null => {
  const parsed = broadcastStorySchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
};
const parseLine = (raw: unknown): StoryLine | null => {
  const parsed = storyLineSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
};

export interface OpenedStoryFiles {
  stories: AtomicJsonFile<StoriesFile>;
  /** The finished broadcasts read, oldest first. */
  broadcasts: BroadcastStory[];
  journal: AppendJournal<StoryLine>;
  livePath: string;
  /** The snapshot's broadcast (null: none was being recorded) and the journal's lines after it. */
  live: BroadcastStory | null;
  lines: JournalLine<StoryLine>[];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function openStoryFiles(dataDir: string, options: { notices?: DataRecoveryNotices; logger: Logger }): Promise<OpenedStoryFiles> {
  const notice = (recovered: Parameters<DataRecoveryNotices['add']>[0]) => {
    if (options.notices) options.notices.add(recovered);
    else options.logger.warn('a broadcast story file was damaged', { file: recovered.file, setAsideAs: recovered.setAsideAs, reason: recovered.reason });
  };
  const stories = new AtomicJsonFile<StoriesFile>(join(dataDir, storiesFileName), { describeAll: "the recorded broadcasts' stories" });
  const read = await stories.read({ version: 1, broadcasts: [] }, (raw) => {
    if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { broadcasts?: unknown }).broadcasts)) return null;
    const items = (raw as { broadcasts: unknown[] }).broadcasts;
    const { kept, dropped } = keepValid(items, parseStory);
    return {
      value: { version: 1 as const, broadcasts: kept },
      dropped,
      lost: `the stories of ${plural(dropped, 'broadcast', 'broadcasts')}`,
      kept: `the stories of ${plural(kept.length, 'broadcast', 'broadcasts')}`,
    };
  });
  if (read.recovered) notice({ ...read.recovered, done: read.recovered.kept ? "Kept every readable broadcast's story" : 'Started a new list of broadcasts' });

  const livePath = join(dataDir, liveFileName);
  const liveFile = new AtomicJsonFile<LiveFile>(livePath, { describeAll: 'the story of the broadcast that was being recorded' });
  const liveRead = await liveFile.read({ version: 1, seq: 0, live: null }, (raw) => {
    if (!raw || typeof raw !== 'object') return null;
    const { seq, live } = raw as { seq?: unknown; live?: unknown };
    const story = live === null ? null : parseStory(live);
    if (live !== null && story === null) return null;
    return { value: { version: 1 as const, seq: typeof seq === 'number' && Number.isInteger(seq) ? seq : 0, live: story } };
  });
  if (liveRead.recovered) notice({ ...liveRead.recovered, done: 'Kept the minutes of its journal' });
  const opened = await AppendJournal.open(join(dataDir, liveJournalName), parseLine, 'the latest minutes of the broadcast being recorded', liveRead.value.seq);
  for (const recovered of opened.recovered) notice({ ...recovered, done: 'Kept every readable minute' });
  return {
    stories,
    broadcasts: read.value.broadcasts,
    journal: opened.journal,
    livePath,
    live: liveRead.value.live,
    lines: opened.lines.filter((line) => line.seq > liveRead.value.seq),
  };
}
