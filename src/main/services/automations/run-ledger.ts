/**
 * Exactly once: which (automation, event) pairs were already handled, and every run's steps, kept
 * on disk so that a duplicate frame, a reconnect, a restart or a kill -9 in the middle of a run
 * never does an action twice.
 *
 * Two files, both written atomically:
 * - `automation-runs.json`, the run log: each run and each step's state, written BEFORE a step's
 *   request goes out (write-ahead) and after it ends. A run found running at start was interrupted:
 *   it is reported so, and its steps are never done again. The write-ahead does not wait for the
 *   disk (a killed process leaves the file written; the disk's flush follows within a second), so
 *   that an event's first action is not held up by the disk.
 * - `automation-handled.json`, the pairs handled (up to 20,000), written a second after a change: a
 *   run leaves the log only once its pair is in this file, so the pair is always in one of the two.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { runRecordSchema, type RunRecord } from '../../../shared/ipc/contract';
import type { Clock } from '../../../shared/primitives/clock';
import { AtomicJsonFile, flushFile, keepValid, writeFileAtomicSync } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';

export const runsFileName = 'automation-runs.json';
export const handledFileName = 'automation-handled.json';

type RunsFile = { version: 1; runs: RunRecord[] };
type HandledFile = { version: 1; handled: [string, number][] };
const handledEntrySchema = z.tuple([z.string().min(1), z.number()]);

export const runKey = (automationId: string, eventId: string) => `${automationId}|${eventId}`;
const keyOf = (run: RunRecord) => runKey(run.automationId, run.event.id);
const finished = (run: RunRecord) => run.status !== 'queued' && run.status !== 'running';

export interface RunLedgerOptions {
  notices?: DataRecoveryNotices;
  logger: Logger;
  /** Finished runs kept in the log. Default 100. */
  maxRuns?: number;
  /** Pairs remembered. Default 20,000 (a long stream's events for each automation that fired). */
  maxHandled?: number;
  /** Default 1 s. */
  handledSaveDelayMs?: number;
}

export class RunLedger {
  private readonly handled = new Map<string, number>();
  /** Each pair's number, and the last number the handled file holds. */
  private readonly handledSeq = new Map<string, number>();
  private seq = 0;
  private savedSeq = 0;
  private runs: RunRecord[];
  private saveTimer: unknown = null;
  private diskTimer: unknown = null;
  private pendingWrite: Promise<void> | null = null;
  private readonly maxRuns: number;
  private readonly maxHandled: number;
  private readonly saveDelayMs: number;

  private constructor(
    private readonly runsFile: AtomicJsonFile<RunsFile>,
    private readonly handledFile: AtomicJsonFile<HandledFile>,
    private readonly clock: Clock,
    runs: RunRecord[],
    private readonly options: RunLedgerOptions,
  ) {
    this.runs = runs;
    this.maxRuns = options.maxRuns ?? 100;
    this.maxHandled = options.maxHandled ?? 20_000;
    this.saveDelayMs = options.handledSaveDelayMs ?? 1000;
  }

  /** Reads both files; runs that were under way when Sidestage stopped come back as interrupted. */
  static async open(dataDir: string, clock: Clock, options: RunLedgerOptions): Promise<RunLedger> {
    const runsFile = new AtomicJsonFile<RunsFile>(join(dataDir, runsFileName), { describeAll: 'the automations run log' });
    const handledFile = new AtomicJsonFile<HandledFile>(join(dataDir, handledFileName), { describeAll: 'the record of events automations already handled' });
    const runsRead = await runsFile.read({ version: 1, runs: [] }, (raw) => {
      if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { runs?: unknown }).runs)) return null;
      const items = (raw as { runs: unknown[] }).runs;
      const { kept, dropped } = keepValid(items, (item) => {
        const parsed = runRecordSchema.safeParse(item);
        return parsed.success ? parsed.data : null;
      });
      return {
        value: { version: 1 as const, runs: kept },
        dropped,
        lost: `${dropped} of ${items.length} runs; an action of one of them may be done again if its event comes again`,
        kept: `${kept.length} runs`,
      };
    });
    if (runsRead.recovered) options.notices?.add({ ...runsRead.recovered, done: runsRead.recovered.kept ? 'Kept every readable run' : 'Started a new run log' });
    const handledRead = await handledFile.read({ version: 1, handled: [] }, (raw) => {
      if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { handled?: unknown }).handled)) return null;
      const items = (raw as { handled: unknown[] }).handled;
      const { kept, dropped } = keepValid(items, (item) => {
        const parsed = handledEntrySchema.safeParse(item);
        return parsed.success ? (parsed.data as [string, number]) : null;
      });
      return {
        value: { version: 1 as const, handled: kept },
        dropped,
        lost: `${dropped} of ${items.length} handled events; one of those may run again if it comes again`,
        kept: `${kept.length} handled events`,
      };
    });
    if (handledRead.recovered) options.notices?.add({ ...handledRead.recovered, done: handledRead.recovered.kept ? 'Kept every readable entry' : 'Started a new record of handled events' });

    const now = new Date(clock.now()).toISOString();
    let interrupted = 0;
    const runs = runsRead.value.runs.map((run) => {
      if (finished(run)) return run;
      interrupted++;
      return interrupt(run, now);
    });
    const ledger = new RunLedger(runsFile, handledFile, clock, runs, options);
    for (const [key, at] of handledRead.value.handled) ledger.handled.set(key, at);
    // The log's pairs count as handled until the handled file holds them.
    for (const run of runs) ledger.remember(keyOf(run), Date.parse(run.queuedAt) || clock.now());
    if (interrupted > 0) {
      options.logger.warn('automations: runs interrupted when Sidestage stopped', { count: interrupted });
      await ledger.persist().catch((error: unknown) => options.logger.error('automations: could not write the run log', { error }));
    }
    return ledger;
  }

  has(automationId: string, eventId: string): boolean {
    return this.handled.has(runKey(automationId, eventId));
  }

  /** Newest first. */
  list(): RunRecord[] {
    return [...this.runs].reverse();
  }

  /**
   * Records a new run (queued, running or skipped) and its pair; resolves once both are safe on
   * disk for a run that will act (the run log now, the pair at the latest with the log's eviction).
   */
  add(run: RunRecord): Promise<void> {
    this.remember(keyOf(run), this.clock.now());
    this.runs.push(run);
    this.evict();
    return this.persist();
  }

  /** The run changed (a step started or ended); resolves once that is on disk. */
  update(): Promise<void> {
    this.evict();
    return this.persist();
  }

  /** Forgets finished runs (their pairs stay handled). */
  clearFinished(): Promise<void> {
    this.scheduleHandledSave();
    this.runs = this.runs.filter((run) => !finished(run) || !this.isSaved(keyOf(run)));
    return this.persist();
  }

  /** Writes what is pending now, to the disk (on quit). */
  async flush(): Promise<void> {
    if (this.saveTimer !== null) this.clock.clearTimeout(this.saveTimer);
    this.saveTimer = null;
    await this.saveHandled();
    await this.persist();
    await flushFile(this.runsFile.path);
  }

  dispose(): void {
    if (this.saveTimer !== null) this.clock.clearTimeout(this.saveTimer);
    if (this.diskTimer !== null) this.clock.clearTimeout(this.diskTimer);
    this.saveTimer = null;
    this.diskTimer = null;
  }

  /** For tests and the benchmark. */
  sizes(): { runs: number; handled: number } {
    return { runs: this.runs.length, handled: this.handled.size };
  }

  private remember(key: string, at: number): void {
    if (this.handled.has(key)) return;
    this.handled.set(key, at);
    this.handledSeq.set(key, ++this.seq);
    // The oldest go first: an event older than 20,000 newer ones does not come again.
    while (this.handled.size > this.maxHandled) {
      const oldest = this.handled.keys().next().value!;
      this.handled.delete(oldest);
      this.handledSeq.delete(oldest);
    }
    this.scheduleHandledSave();
  }

  private isSaved(key: string): boolean {
    return (this.handledSeq.get(key) ?? 0) <= this.savedSeq;
  }

  /** Keeps the newest `maxRuns` finished runs, and every run whose pair is not in the handled file yet; true when some left. */
  private evict(): boolean {
    let excess = this.runs.length - this.maxRuns;
    if (excess <= 0) return false;
    const before = this.runs.length;
    this.runs = this.runs.filter((run) => {
      if (excess > 0 && finished(run) && this.isSaved(keyOf(run))) {
        excess--;
        return false;
      }
      return true;
    });
    return this.runs.length !== before;
  }

  /**
   * Writes the log once for everything that changed in this turn of the event loop; resolves once
   * the file is replaced (rejects when it cannot be, so a run does not act without its record).
   */
  private persist(): Promise<void> {
    this.pendingWrite ??= new Promise<void>((resolve, reject) => {
      queueMicrotask(() => {
        this.pendingWrite = null;
        try {
          writeFileAtomicSync(this.runsFile.path, JSON.stringify({ version: 1, runs: this.runs }), { flush: false });
        } catch (error) {
          reject(error);
          return;
        }
        this.scheduleDiskFlush();
        resolve();
      });
    });
    return this.pendingWrite;
  }

  /** The disk's own copy within a second of a change (for a power cut; a killed process needs none). */
  private scheduleDiskFlush(): void {
    if (this.diskTimer !== null) return;
    this.diskTimer = this.clock.setTimeout(() => {
      this.diskTimer = null;
      flushFile(this.runsFile.path).catch((error: unknown) => this.options.logger.warn('automations: the run log could not be flushed to the disk', { error }));
    }, 1000);
  }

  private scheduleHandledSave(): void {
    if (this.saveTimer !== null) return;
    this.saveTimer = this.clock.setTimeout(() => {
      this.saveTimer = null;
      // From a timer: a failed save (a full disk) is logged and tried again with the next change;
      // the runs it covers stay in the log meanwhile.
      this.saveHandled().catch((error: unknown) => this.options.logger.error('automations: the record of handled events could not be saved', { error }));
    }, this.saveDelayMs);
  }

  private async saveHandled(): Promise<void> {
    const upTo = this.seq;
    await this.handledFile.write({ version: 1, handled: [...this.handled] });
    this.savedSeq = Math.max(this.savedSeq, upTo);
    if (this.evict()) await this.persist();
  }
}

/** A run Sidestage stopped in the middle of: reported, never done again. */
function interrupt(run: RunRecord, now: string): RunRecord {
  const started = run.status === 'running';
  return {
    ...run,
    status: 'interrupted',
    reason: started
      ? 'Sidestage stopped during this run (it was closed or it crashed). The action under way was not done again; check it by hand.'
      : 'Sidestage stopped before this run started (it was closed or it crashed); it was not run later.',
    endedAt: now,
    steps: run.steps.map((step) =>
      step.status === 'running'
        ? { ...step, status: 'interrupted', endedAt: now, error: 'Sidestage stopped during this action: it may or may not have happened, and it was not done again.' }
        : step.status === 'waiting'
          ? { ...step, status: 'notRun' }
          : step,
    ),
  };
}
