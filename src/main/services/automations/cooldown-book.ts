/**
 * Cooldowns kept across a restart (`automation-cooldowns.json` and its journal
 * `automation-cooldowns.journal.a|b`): each cooldown that starts is one journal line, written as the
 * run is accepted (so a kill -9 right after keeps it); the snapshot of those still running follows a
 * second later and on quit. The same journal-and-snapshot as the run log (`append-journal.ts`).
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../../shared/primitives/clock';
import { AppendJournal, SnapshottedJournal } from '../common/append-journal';
import { AtomicJsonFile, keepValid } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';
import { Cooldowns, type CooldownEntry } from './conditions';

export const cooldownsFileName = 'automation-cooldowns.json';
export const cooldownsJournalName = 'automation-cooldowns.journal';

const entrySchema = z.object({ automationId: z.string().min(1).max(64), userId: z.string().min(1).max(64).nullable(), until: z.number().int().nonnegative() }).strict();
type CooldownsFile = { version: 1; seq: number; cooldowns: CooldownEntry[] };
const parseEntry = (raw: unknown): CooldownEntry | null => entrySchema.safeParse(raw).data ?? null;

export class CooldownBook {
  readonly cooldowns: Cooldowns;
  private journal: SnapshottedJournal<CooldownEntry> | null = null;

  private constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.cooldowns = new Cooldowns((entry) => this.record(entry));
  }

  static async open(dataDir: string, clock: Clock, options: { notices?: DataRecoveryNotices; logger: Logger; saveDelayMs?: number }): Promise<CooldownBook> {
    const path = join(dataDir, cooldownsFileName);
    const notice = (recovered: Parameters<DataRecoveryNotices['add']>[0]) => options.notices?.add(recovered);
    const file = new AtomicJsonFile<CooldownsFile>(path, { describeAll: 'the automations’ cooldowns' });
    const snapshot = await file.read({ version: 1, seq: 0, cooldowns: [] }, (raw) => {
      if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { cooldowns?: unknown }).cooldowns)) return null;
      const { cooldowns: items, seq } = raw as { cooldowns: unknown[]; seq?: unknown };
      const { kept, dropped } = keepValid(items, parseEntry);
      return {
        value: { version: 1 as const, seq: typeof seq === 'number' && Number.isInteger(seq) ? seq : 0, cooldowns: kept },
        dropped,
        lost: `${dropped} of ${items.length} cooldowns; those automations may run again before their cooldown ends`,
        kept: `${kept.length} cooldowns`,
      };
    });
    if (snapshot.recovered) notice({ ...snapshot.recovered, done: snapshot.recovered.kept ? 'Kept every readable cooldown' : 'Started without cooldowns' });
    const opened = await AppendJournal.open(join(dataDir, cooldownsJournalName), parseEntry, 'the latest cooldowns of the automations', snapshot.value.seq);
    for (const recovered of opened.recovered) notice({ ...recovered, done: 'Kept every readable cooldown' });
    const book = new CooldownBook(clock, options.logger);
    const now = clock.now();
    book.cooldowns.restore(snapshot.value.cooldowns, now);
    book.cooldowns.restore(
      opened.lines.filter((line) => line.seq > snapshot.value.seq).map((line) => line.entry),
      now,
    );
    book.journal = new SnapshottedJournal(opened.journal, {
      path,
      content: (seq) => JSON.stringify({ version: 1, seq, cooldowns: book.cooldowns.entries(clock.now()) } satisfies CooldownsFile),
      clock,
      delayMs: options.saveDelayMs ?? 1000,
      onError: (error) => options.logger.error('automations: the cooldowns could not be saved', { error }),
    });
    // What was read becomes the snapshot; the journal's older lines can go.
    await book.journal.snapshot().catch((error: unknown) => options.logger.error('automations: could not write the cooldowns', { error }));
    return book;
  }

  /** On quit: the snapshot now. */
  flush(): Promise<void> {
    return this.journal?.flush() ?? Promise.resolve();
  }

  dispose(): void {
    this.journal?.close();
  }

  private record(entry: CooldownEntry): void {
    // A cooldown that cannot be written still holds in memory until the restart: logged, not thrown into the run.
    try {
      this.journal?.append(entry);
    } catch (error) {
      this.logger.error('automations: a cooldown could not be written', { error, at: this.clock.now() });
    }
  }
}
