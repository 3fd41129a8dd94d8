/**
 * OBS's "put it back" steps kept on disk while they wait: "scene back after N s" and "hide (or
 * show) the source again after N s". Kept in `automation-obs-reverts.json` and its journal
 * `automation-obs-reverts.journal.a|b` (the journal-and-snapshot of `append-journal.ts`): a line
 * when the wait starts, one when its scene inherits what an earlier switch replaced, one when it is
 * done. A quit or a crash during the wait leaves the line; at the next start those reverts (only
 * those: this process's own are done by their runs) are done at their due time, at once when it
 * has passed, through `DueReverts` (the same kept revert as chat settings'), by the rule of the
 * scene restore stack: only what that run replaced, only while its scene is still on air.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../../../shared/primitives/clock';
import { AppendJournal, SnapshottedJournal } from '../../common/append-journal';
import { AtomicJsonFile, keepValid } from '../../common/atomic-json-file';
import type { DataRecoveryNotices } from '../../common/data-recovery-notices';
import type { Logger } from '../../logger';

export const obsRevertsFileName = 'automation-obs-reverts.json';
export const obsRevertsJournalName = 'automation-obs-reverts.journal';

const name = z.string().min(1).max(256);
const revertSchema = z.discriminatedUnion('kind', [
  z.object({ id: z.string().min(1).max(64), kind: z.literal('scene'), set: name, previous: name, dueAt: z.number().int().nonnegative() }).strict(),
  z.object({ id: z.string().min(1).max(64), kind: z.literal('source'), sceneName: name, sourceName: name, visible: z.boolean(), dueAt: z.number().int().nonnegative() }).strict(),
]);
/** `visible`: what the source goes back to. */
export type KeptObsRevert = z.infer<typeof revertSchema>;
/** A revert to keep, before it has its id. */
export type NewObsRevert = { kind: 'scene'; set: string; previous: string; dueAt: number } | { kind: 'source'; sceneName: string; sourceName: string; visible: boolean; dueAt: number };
type Line = { add: KeptObsRevert } | { inherit: string; previous: string } | { done: string };
const lineSchema = z.union([
  z.object({ add: revertSchema }).strict(),
  z.object({ inherit: z.string().min(1).max(64), previous: name }).strict(),
  z.object({ done: z.string().min(1).max(64) }).strict(),
]);
const parseLine = (raw: unknown): Line | null => lineSchema.safeParse(raw).data ?? null;
type RevertsFile = { version: 1; seq: number; reverts: KeptObsRevert[] };

/** At most this many waiting at once (a run has at most 20 steps; many runs overlap): the oldest go first. */
const maxKept = 500;

export interface KeptObsRevertsPort {
  keep(revert: NewObsRevert): string;
  inherit(id: string, previous: string): void;
  done(id: string): void;
}

export class KeptObsReverts implements KeptObsRevertsPort {
  private readonly pending = new Map<string, KeptObsRevert>();
  /** Those found at start: a run of an earlier process waited for them. */
  private readonly earlier = new Set<string>();
  private journal: SnapshottedJournal<Line> | null = null;

  constructor(private readonly logger?: Logger) {}

  static async open(dataDir: string, clock: Clock, options: { notices?: DataRecoveryNotices; logger: Logger; saveDelayMs?: number }): Promise<KeptObsReverts> {
    const path = join(dataDir, obsRevertsFileName);
    const notice = (recovered: Parameters<DataRecoveryNotices['add']>[0]) => options.notices?.add(recovered);
    const file = new AtomicJsonFile<RevertsFile>(path, { describeAll: 'the scene and source changes automations were to put back' });
    const snapshot = await file.read({ version: 1, seq: 0, reverts: [] }, (raw) => {
      if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { reverts?: unknown }).reverts)) return null;
      const { reverts: items, seq } = raw as { reverts: unknown[]; seq?: unknown };
      const { kept, dropped } = keepValid(items, (item) => revertSchema.safeParse(item).data ?? null);
      return {
        value: { version: 1 as const, seq: typeof seq === 'number' && Number.isInteger(seq) ? seq : 0, reverts: kept },
        dropped,
        lost: `${dropped} of ${items.length} scene or source changes to put back; put those back by hand`,
        kept: `${kept.length} changes to put back`,
      };
    });
    if (snapshot.recovered) notice({ ...snapshot.recovered, done: 'Kept every readable change to put back' });
    const opened = await AppendJournal.open(join(dataDir, obsRevertsJournalName), parseLine, 'the latest scene and source changes to put back', snapshot.value.seq);
    for (const recovered of opened.recovered) notice({ ...recovered, done: 'Kept every readable change to put back' });
    const kept = new KeptObsReverts(options.logger);
    for (const revert of snapshot.value.reverts) kept.apply({ add: revert });
    for (const line of opened.lines) if (line.seq > snapshot.value.seq) kept.apply(line.entry);
    for (const id of kept.pending.keys()) kept.earlier.add(id);
    kept.journal = new SnapshottedJournal(opened.journal, {
      path,
      content: (seq) => JSON.stringify({ version: 1, seq, reverts: [...kept.pending.values()] } satisfies RevertsFile),
      clock,
      delayMs: options.saveDelayMs ?? 1000,
      onError: (error) => options.logger.error('automations: the changes to put back could not be saved', { error }),
    });
    await kept.journal.snapshot().catch((error: unknown) => options.logger.error('automations: could not write the changes to put back', { error }));
    return kept;
  }

  /** Reverts an earlier process was waiting for, oldest first. */
  fromEarlier(): KeptObsRevert[] {
    return [...this.pending.values()].filter((r) => this.earlier.has(r.id));
  }

  keep(revert: NewObsRevert): string {
    const id = randomUUID();
    const entry: KeptObsRevert = { ...revert, id };
    this.write({ add: entry });
    return id;
  }

  inherit(id: string, previous: string): void {
    if (this.pending.get(id)?.kind === 'scene') this.write({ inherit: id, previous });
  }

  done(id: string): void {
    if (this.pending.has(id)) this.write({ done: id });
  }

  flush(): Promise<void> {
    return this.journal?.flush() ?? Promise.resolve();
  }

  dispose(): void {
    this.journal?.close();
  }

  private write(line: Line): void {
    this.apply(line);
    try {
      this.journal?.append(line);
    } catch (error) {
      // Still done by the run that waits for it; only a quit during the wait would lose it.
      this.logger?.error('automations: a change to put back could not be written', { error });
    }
  }

  private apply(line: Line): void {
    if ('add' in line) {
      this.pending.set(line.add.id, line.add);
      if (this.pending.size > maxKept) this.pending.delete(this.pending.keys().next().value!);
    } else if ('inherit' in line) {
      const entry = this.pending.get(line.inherit);
      if (entry?.kind === 'scene') this.pending.set(entry.id, { ...entry, previous: line.previous });
    } else {
      this.pending.delete(line.done);
      this.earlier.delete(line.done);
    }
  }
}
