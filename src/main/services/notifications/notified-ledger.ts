import { join } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../../shared/primitives/clock';
import { AtomicJsonFile, keepValid } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';

const entrySchema = z.tuple([z.string(), z.number()]);
type LedgerFile = { version: 1; seen: [string, number][] };

/**
 * The redemptions and donations already notified (or deliberately not, under do-not-disturb or a
 * mute), persisted so that a reconnect, a reconciliation or a restart never notifies one twice.
 */
export class NotifiedLedger {
  static fileName = 'notified-items.json';
  private readonly seen = new Map<string, number>();
  private saveTimer: unknown = null;

  private constructor(
    private readonly file: AtomicJsonFile<LedgerFile>,
    private readonly clock: Clock,
    /** False on the very first run: what is already pending then is old news, not a notification. */
    readonly existedAtStart: boolean,
    private readonly maxEntries: number,
    private readonly saveDelayMs: number,
    private readonly logger: Logger | undefined,
  ) {}

  static async open(
    dataDir: string,
    clock: Clock,
    options: { maxEntries?: number; saveDelayMs?: number; notices?: DataRecoveryNotices; logger?: Logger } = {},
  ): Promise<NotifiedLedger> {
    const file = new AtomicJsonFile<LedgerFile>(join(dataDir, NotifiedLedger.fileName), { describeAll: 'the record of what was already notified' });
    const { value, existed, recovered } = await file.read({ version: 1, seen: [] }, (raw) => {
      if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { seen?: unknown }).seen)) return null;
      const items = (raw as { seen: unknown[] }).seen;
      const { kept, dropped } = keepValid(items, (item) => {
        const parsed = entrySchema.safeParse(item);
        return parsed.success ? parsed.data : null;
      });
      return {
        value: { version: 1 as const, seen: kept },
        dropped,
        lost: `${dropped} of ${items.length} notified items; one of those may be notified again`,
        kept: `${kept.length} notified items`,
      };
    });
    if (recovered) {
      options.notices?.add({
        ...recovered,
        done: recovered.kept ? 'Kept every readable entry' : 'Started a new record: redemptions already waiting are not notified again, newer ones are',
      });
    }
    // A record dropped whole counts as a first run: what waits now is old news, not a burst of repeats.
    const ledger = new NotifiedLedger(file, clock, existed, options.maxEntries ?? 50_000, options.saveDelayMs ?? 500, options.logger);
    for (const [key, at] of value.seen) ledger.seen.set(key, at);
    return ledger;
  }

  has(key: string): boolean {
    return this.seen.has(key);
  }

  /** Marks the keys seen; returns those that were not before. */
  add(keys: string[]): string[] {
    const now = this.clock.now();
    const fresh = keys.filter((k) => !this.seen.has(k));
    for (const k of fresh) this.seen.set(k, now);
    if (fresh.length === 0) return fresh;
    // The oldest go first: ids are never reused, and a queue item older than 50,000 newer ones is long done.
    while (this.seen.size > this.maxEntries) this.seen.delete(this.seen.keys().next().value!);
    if (this.saveTimer === null) {
      this.saveTimer = this.clock.setTimeout(() => {
        this.saveTimer = null;
        // Runs from a timer: nobody awaits it, so a failed save (a full disk) is reported here and
        // tried again with the next change or on quit; the in-memory record stays complete.
        this.save().catch((error: unknown) => this.logger?.error('the notification record could not be saved', { error }));
      }, this.saveDelayMs);
    }
    return fresh;
  }

  /** Writes now (on quit). */
  async save(): Promise<void> {
    if (this.saveTimer !== null) {
      this.clock.clearTimeout(this.saveTimer);
      this.saveTimer = null;
    }
    await this.file.write({ version: 1, seen: [...this.seen] });
  }
}
