import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { redemptionSchema, type Redemption } from '../../../shared/ipc/contract';
import { AtomicJsonFile, keepValid } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';

/** The platform's limit of redemption ids per Update Redemption Status request. */
export const maxIdsPerUpdate = 50;

export type ResolveStatus = 'FULFILLED' | 'CANCELED';

const entrySchema = z.object({
  id: z.string(),
  broadcasterId: z.string(),
  rewardId: z.string(),
  status: z.enum(['FULFILLED', 'CANCELED']),
  /** At most 50, all of `rewardId`: one PATCH request. Kept whole to put them back on a refusal. */
  redemptions: z.array(redemptionSchema).min(1).max(maxIdsPerUpdate),
  createdAt: z.string(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof entrySchema>;

type OutboxFile = { version: 1; entries: OutboxEntry[] };

/** One PATCH per reward and per 50 ids, in queue order. */
export function planUpdates(redemptions: Redemption[], status: ResolveStatus, broadcasterId: string, now: Date): OutboxEntry[] {
  const byReward = new Map<string, Redemption[]>();
  for (const r of redemptions) {
    const list = byReward.get(r.rewardId) ?? [];
    list.push(r);
    byReward.set(r.rewardId, list);
  }
  const entries: OutboxEntry[] = [];
  for (const [rewardId, list] of byReward) {
    for (let i = 0; i < list.length; i += maxIdsPerUpdate) {
      entries.push({
        id: randomUUID(),
        broadcasterId,
        rewardId,
        status,
        redemptions: list.slice(i, i + maxIdsPerUpdate),
        createdAt: now.toISOString(),
        attempts: 0,
        lastError: null,
      });
    }
  }
  return entries;
}

/**
 * Fulfil/cancel requests not yet confirmed by the platform, persisted before they are sent
 * (so a crash or a restart loses none) and removed once the platform has answered for good.
 */
export class RedemptionOutbox {
  private entries: OutboxEntry[] = [];

  private constructor(private readonly file: AtomicJsonFile<OutboxFile>) {}

  static fileName = 'redemption-outbox.json';

  /**
   * Reads the outbox. Each valid entry is kept; a damaged file is set aside whole (for a person)
   * and the user is told how many actions could not be recovered.
   */
  static async open(dataDir: string, notices?: DataRecoveryNotices): Promise<RedemptionOutbox> {
    const outbox = new RedemptionOutbox(new AtomicJsonFile(join(dataDir, RedemptionOutbox.fileName), { describeAll: 'any pending fulfil or cancel actions in it' }));
    const { value, recovered } = await outbox.file.read({ version: 1, entries: [] }, (raw) => {
      if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { entries?: unknown }).entries)) return null;
      const items = (raw as { entries: unknown[] }).entries;
      const { kept, dropped } = keepValid(items, (item) => {
        const parsed = entrySchema.safeParse(item);
        return parsed.success ? parsed.data : null;
      });
      return {
        value: { version: 1 as const, entries: kept },
        dropped,
        lost: `${dropped} of ${items.length} pending ${items.length === 1 ? 'action' : 'actions'} (fulfil or cancel); if the platform still has those redemptions waiting, they show in the queue again`,
        kept: `${kept.length} pending ${kept.length === 1 ? 'action' : 'actions'}, which will still be sent`,
      };
    });
    outbox.entries = value.entries;
    if (recovered) notices?.add({ ...recovered, done: recovered.kept ? 'Kept every readable action and set the damaged file aside' : 'Started an empty outbox' });
    return outbox;
  }

  list(): readonly OutboxEntry[] {
    return this.entries;
  }

  get(id: string): OutboxEntry | undefined {
    return this.entries.find((e) => e.id === id);
  }

  /** Ids of every redemption with an action waiting (the queue holds them: not shown). */
  redemptionIds(): Set<string> {
    const ids = new Set<string>();
    for (const e of this.entries) for (const r of e.redemptions) ids.add(r.id);
    return ids;
  }

  redemptionCount(): number {
    return this.entries.reduce((n, e) => n + e.redemptions.length, 0);
  }

  add(entries: OutboxEntry[]): Promise<void> {
    this.entries.push(...entries);
    return this.persist();
  }

  remove(entryIds: Iterable<string>): Promise<void> {
    const gone = new Set(entryIds);
    this.entries = this.entries.filter((e) => !gone.has(e.id));
    return this.persist();
  }

  noteAttempt(entryId: string, error: string | null): Promise<void> {
    const entry = this.get(entryId);
    if (!entry) return Promise.resolve();
    entry.attempts++;
    entry.lastError = error;
    return this.persist();
  }

  settled(): Promise<void> {
    return this.file.settled();
  }

  private persist(): Promise<void> {
    return this.file.write({ version: 1, entries: this.entries.map((e) => ({ ...e })) });
  }
}
