import { join } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../auth/clock';
import { AtomicJsonFile } from '../redemptions/atomic-json-file';

const fileSchema = z.object({ version: z.literal(1), seen: z.array(z.tuple([z.string(), z.number()])) });

/**
 * The redemptions and donations already notified (or deliberately not, under do-not-disturb or a
 * mute), persisted so that a reconnect, a reconciliation or a restart never notifies one twice.
 */
export class NotifiedLedger {
  static fileName = 'notified-items.json';
  private readonly seen = new Map<string, number>();
  private saveTimer: unknown = null;

  private constructor(
    private readonly file: AtomicJsonFile<z.infer<typeof fileSchema>>,
    private readonly clock: Clock,
    /** False on the very first run: what is already pending then is old news, not a notification. */
    readonly existedAtStart: boolean,
    private readonly maxEntries: number,
    private readonly saveDelayMs: number,
  ) {}

  static async open(dataDir: string, clock: Clock, options: { maxEntries?: number; saveDelayMs?: number } = {}): Promise<NotifiedLedger> {
    const file = new AtomicJsonFile<z.infer<typeof fileSchema>>(join(dataDir, NotifiedLedger.fileName));
    const { value, existed } = await file.read({ version: 1, seen: [] }, (raw) => {
      const parsed = fileSchema.safeParse(raw);
      return parsed.success ? parsed.data : null;
    });
    const ledger = new NotifiedLedger(file, clock, existed, options.maxEntries ?? 50_000, options.saveDelayMs ?? 500);
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
        void this.save();
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
