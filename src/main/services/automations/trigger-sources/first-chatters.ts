/**
 * Who has chatted: this broadcast (in memory, emptied when the stream goes live) and ever (kept in
 * `automation-first-chatters.json` and its journal `automation-first-chatters.journal.a|b`, the
 * same journal-and-snapshot as the cooldowns: a new chatter is one journal line, the snapshot a
 * while later and on quit). Bounded: past `maxRemembered` the chatters seen longest ago are
 * forgotten (they would be greeted once more), so the file never grows without end.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../../../shared/primitives/clock';
import { AppendJournal, SnapshottedJournal } from '../../common/append-journal';
import { AtomicJsonFile, keepValid } from '../../common/atomic-json-file';
import type { DataRecoveryNotices } from '../../common/data-recovery-notices';
import type { Logger } from '../../logger';
import type { FirstMessageFacts } from './chat-triggers';

export const firstChattersFileName = 'automation-first-chatters.json';
export const firstChattersJournalName = 'automation-first-chatters.journal';
export const defaultMaxRemembered = 100_000;

const userIdSchema = z.string().min(1).max(64);
const parseUserId = (raw: unknown): string | null => userIdSchema.safeParse(raw).data ?? null;
type FirstChattersFile = { version: 1; seq: number; userIds: string[] };

export class FirstChatters {
  /** Insertion order is the order they were first seen: the oldest are forgotten first. */
  private readonly ever = new Set<string>();
  private readonly thisBroadcast = new Set<string>();
  private journal: SnapshottedJournal<string> | null = null;

  constructor(
    private readonly options: { maxRemembered?: number; logger?: Logger } = {},
  ) {}

  static async open(dataDir: string, clock: Clock, options: { notices?: DataRecoveryNotices; logger: Logger; saveDelayMs?: number; maxRemembered?: number }): Promise<FirstChatters> {
    const path = join(dataDir, firstChattersFileName);
    const notice = (recovered: Parameters<DataRecoveryNotices['add']>[0]) => options.notices?.add(recovered);
    const file = new AtomicJsonFile<FirstChattersFile>(path, { describeAll: 'the chatters automations have greeted' });
    const snapshot = await file.read({ version: 1, seq: 0, userIds: [] }, (raw) => {
      if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { userIds?: unknown }).userIds)) return null;
      const { userIds: items, seq } = raw as { userIds: unknown[]; seq?: unknown };
      const { kept, dropped } = keepValid(items, parseUserId);
      return {
        value: { version: 1 as const, seq: typeof seq === 'number' && Number.isInteger(seq) ? seq : 0, userIds: kept },
        dropped,
        lost: `${dropped} of ${items.length} chatters; they may be greeted as first-time chatters once more`,
        kept: `${kept.length} chatters`,
      };
    });
    if (snapshot.recovered) notice({ ...snapshot.recovered, done: snapshot.recovered.kept ? 'Kept every readable chatter' : 'Started without known chatters' });
    const opened = await AppendJournal.open(join(dataDir, firstChattersJournalName), parseUserId, 'the latest first-time chatters', snapshot.value.seq);
    for (const recovered of opened.recovered) notice({ ...recovered, done: 'Kept every readable chatter' });
    const book = new FirstChatters({ maxRemembered: options.maxRemembered, logger: options.logger });
    for (const id of snapshot.value.userIds) book.remember(id);
    for (const line of opened.lines) if (line.seq > snapshot.value.seq) book.remember(line.entry);
    book.journal = new SnapshottedJournal(opened.journal, {
      path,
      content: (seq) => JSON.stringify({ version: 1, seq, userIds: [...book.ever] } satisfies FirstChattersFile),
      clock,
      delayMs: options.saveDelayMs ?? 2000,
      onError: (error) => options.logger.error('automations: the first-time chatters could not be saved', { error }),
    });
    await book.journal.snapshot().catch((error: unknown) => options.logger.error('automations: could not write the first-time chatters', { error }));
    return book;
  }

  /** Decides once for a chat line whether it is its viewer's first (this broadcast, ever), and remembers them. */
  see(userId: string): FirstMessageFacts {
    const broadcast = !this.thisBroadcast.has(userId);
    const ever = !this.ever.has(userId);
    this.thisBroadcast.add(userId);
    if (this.thisBroadcast.size > this.max()) this.thisBroadcast.delete(this.thisBroadcast.values().next().value!);
    if (ever) {
      this.remember(userId);
      try {
        this.journal?.append(userId);
      } catch (error) {
        // Kept in memory until the restart: logged, never thrown into the chat stream.
        this.options.logger?.error('automations: a first-time chatter could not be written', { error });
      }
    }
    return { broadcast, ever };
  }

  /** A new broadcast: everyone's next line is their first of it. */
  newBroadcast(): void {
    this.thisBroadcast.clear();
  }

  get size(): number {
    return this.ever.size;
  }

  flush(): Promise<void> {
    return this.journal?.flush() ?? Promise.resolve();
  }

  dispose(): void {
    this.journal?.close();
  }

  private max(): number {
    return this.options.maxRemembered ?? defaultMaxRemembered;
  }

  private remember(userId: string): void {
    this.ever.delete(userId);
    this.ever.add(userId);
    if (this.ever.size > this.max()) this.ever.delete(this.ever.values().next().value!);
  }
}
