/**
 * Exactly once: which (automation, event) pairs were already handled, and every run's steps, kept
 * on disk so that a duplicate frame, a reconnect, a restart or a kill -9 in the middle of a run
 * never does an action twice.
 *
 * - The run log: each change of a run (queued, a step started, a step done...) is appended to a
 *   journal (`automation-runs.journal.a|b`) BEFORE the step's request goes out: one write to an open
 *   file, so an event's first action is not held up by the disk, and a killed process leaves it.
 *   A snapshot (`automation-runs.json`, atomic) follows a second after changes and on quit; the
 *   journal's lines it holds are then dropped. A run found under way at start was interrupted: it is
 *   reported so, and its steps are never done again.
 * - `automation-handled.json`: the pairs handled (up to 20,000), written a second after a change. A
 *   run leaves the log only once its pair is in this file, so the pair is always in one of the two.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { runRecordSchema, type RunRecord } from '../../../shared/ipc/contract';
import type { Clock } from '../../../shared/primitives/clock';
import { AppendJournal, SnapshottedJournal } from '../common/append-journal';
import { AtomicJsonFile, keepValid } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';

export const runsFileName = 'automation-runs.json';
export const runsJournalName = 'automation-runs.journal';
export const handledFileName = 'automation-handled.json';

type RunsFile = { version: 1; seq: number; runs: RunRecord[] };
type HandledFile = { version: 1; handled: [string, number][] };
const handledEntrySchema = z.tuple([z.string().min(1), z.number()]);

const runKey = (automationId: string, eventId: string) => `${automationId}|${eventId}`;
const keyOf = (run: RunRecord) => runKey(run.automationId, run.event.id);
const finished = (run: RunRecord) => run.status !== 'queued' && run.status !== 'running';
const parseRun = (raw: unknown): RunRecord | null => {
  const parsed = runRecordSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
};

export interface RunLedgerOptions {
  notices?: DataRecoveryNotices;
  logger: Logger;
  /** Finished runs kept in the log. Default 100. */
  maxRuns?: number;
  /** Pairs remembered. Default 20,000 (a long stream's events for each automation that fired). */
  maxHandled?: number;
  /** How soon after a change the snapshot and the handled file are written. Default 1 s. */
  saveDelayMs?: number;
}

export class RunLedger {
  private readonly handled = new Map<string, number>();
  /** Each pair's number, and the last number the handled file holds. */
  private readonly handledSeq = new Map<string, number>();
  private seq = 0;
  private savedSeq = 0;
  private runs: RunRecord[];
  private handledTimer: unknown = null;
  private closed = false;
  private readonly journal: SnapshottedJournal<RunRecord>;
  private readonly maxRuns: number;
  private readonly maxHandled: number;
  private readonly saveDelayMs: number;

  private constructor(
    runsPath: string,
    journal: AppendJournal<RunRecord>,
    private readonly handledFile: AtomicJsonFile<HandledFile>,
    private readonly clock: Clock,
    runs: RunRecord[],
    private readonly options: RunLedgerOptions,
  ) {
    this.runs = runs;
    this.maxRuns = options.maxRuns ?? 100;
    this.maxHandled = options.maxHandled ?? 20_000;
    this.saveDelayMs = options.saveDelayMs ?? 1000;
    this.journal = new SnapshottedJournal(journal, {
      path: runsPath,
      content: (seq) => {
        this.evict();
        return JSON.stringify({ version: 1, seq, runs: this.runs } satisfies RunsFile);
      },
      clock,
      delayMs: this.saveDelayMs,
      onError: (error) => options.logger.error('automations: the run log could not be saved', { error }),
    });
  }

  /** Reads the files; runs that were under way when Sidestage stopped come back as interrupted. */
  static async open(dataDir: string, clock: Clock, options: RunLedgerOptions): Promise<RunLedger> {
    const runsPath = join(dataDir, runsFileName);
    const runsFile = new AtomicJsonFile<RunsFile>(runsPath, { describeAll: 'the automations run log' });
    const handledFile = new AtomicJsonFile<HandledFile>(join(dataDir, handledFileName), { describeAll: 'the record of events automations already handled' });
    const notice = (recovered: Parameters<DataRecoveryNotices['add']>[0]) => options.notices?.add(recovered);
    const snapshot = await runsFile.read({ version: 1, seq: 0, runs: [] }, (raw) => {
      if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { runs?: unknown }).runs)) return null;
      const { runs: items, seq } = raw as { runs: unknown[]; seq?: unknown };
      const { kept, dropped } = keepValid(items, parseRun);
      return {
        value: { version: 1 as const, seq: typeof seq === 'number' && Number.isInteger(seq) ? seq : 0, runs: kept },
        dropped,
        lost: `${dropped} of ${items.length} runs; an action of one of them may be done again if its event comes again`,
        kept: `${kept.length} runs`,
      };
    });
    if (snapshot.recovered) notice({ ...snapshot.recovered, done: snapshot.recovered.kept ? 'Kept every readable run' : 'Started a new run log' });
    const opened = await AppendJournal.open(join(dataDir, runsJournalName), parseRun, 'the latest changes of the automations run log', snapshot.value.seq);
    for (const recovered of opened.recovered) notice({ ...recovered, done: 'Kept every readable change of the run log' });
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
    if (handledRead.recovered) notice({ ...handledRead.recovered, done: handledRead.recovered.kept ? 'Kept every readable entry' : 'Started a new record of handled events' });

    // The snapshot, then the changes after it, in order: each line is a run as it was then.
    const byId = new Map(snapshot.value.runs.map((run) => [run.id, run]));
    for (const { seq, entry } of opened.lines) if (seq > snapshot.value.seq) byId.set(entry.id, entry);
    const now = new Date(clock.now()).toISOString();
    let interrupted = 0;
    const runs = [...byId.values()].map((run) => {
      if (finished(run)) return run;
      interrupted++;
      return interrupt(run, now);
    });
    const ledger = new RunLedger(runsPath, opened.journal, handledFile, clock, runs, options);
    for (const [key, at] of handledRead.value.handled) ledger.handled.set(key, at);
    // The log's pairs count as handled until the handled file holds them.
    for (const run of runs) ledger.remember(keyOf(run), Date.parse(run.queuedAt) || clock.now());
    if (interrupted > 0) options.logger.warn('automations: runs interrupted when Sidestage stopped', { count: interrupted });
    // What was read (and found interrupted) becomes the snapshot; the journal's older lines can go.
    await ledger.journal.snapshot().catch((error: unknown) => options.logger.error('automations: could not write the run log', { error }));
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
   * Records a new run (queued, running or skipped) and its pair. Resolves once it is written (the
   * journal's line); rejects when it cannot be, so that a run does not act without its record.
   */
  add(run: RunRecord): Promise<void> {
    this.remember(keyOf(run), this.clock.now());
    this.runs.push(run);
    this.evict();
    return this.record(run);
  }

  /** An event an automation skipped (counted, not logged): handled, so a duplicate of it is not counted or run again. */
  markHandled(automationId: string, eventId: string): void {
    this.remember(runKey(automationId, eventId), this.clock.now());
  }

  /** `run` changed (a step started or ended): written before the caller goes on. */
  update(run: RunRecord): Promise<void> {
    return this.record(run);
  }

  /** Forgets finished runs (their pairs stay handled). */
  async clearFinished(): Promise<void> {
    await this.saveHandled();
    this.runs = this.runs.filter((run) => !finished(run) || !this.isSaved(keyOf(run)));
    await this.journal.snapshot();
  }

  /** Writes what is pending now, to the disk (on quit). */
  async flush(): Promise<void> {
    this.clearHandledTimer();
    await this.saveHandled();
    await this.journal.flush();
  }

  dispose(): void {
    this.clearHandledTimer();
    this.closed = true;
    this.journal.close();
  }

  /** For tests and the benchmark. */
  sizes(): { runs: number; handled: number } {
    return { runs: this.runs.length, handled: this.handled.size };
  }

  private record(run: RunRecord): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The run log is closed.'));
    try {
      this.journal.append(run);
    } catch (error) {
      return Promise.reject(error);
    }
    return Promise.resolve();
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

  /** Keeps the newest `maxRuns` finished runs, and every run whose pair is not in the handled file yet. */
  private evict(): void {
    let excess = this.runs.length - this.maxRuns;
    if (excess <= 0) return;
    this.runs = this.runs.filter((run) => {
      if (excess > 0 && finished(run) && this.isSaved(keyOf(run))) {
        excess--;
        return false;
      }
      return true;
    });
  }

  private scheduleHandledSave(): void {
    if (this.handledTimer !== null) return;
    this.handledTimer = this.clock.setTimeout(() => {
      this.handledTimer = null;
      // From a timer: a failed save (a full disk) is logged and tried again with the next change;
      // the runs it covers stay in the log meanwhile.
      this.saveHandled()
        .then(() => this.journal.snapshot())
        .catch((error: unknown) => this.options.logger.error('automations: the record of handled events could not be saved', { error }));
    }, this.saveDelayMs);
  }

  private async saveHandled(): Promise<void> {
    const upTo = this.seq;
    await this.handledFile.write({ version: 1, handled: [...this.handled] });
    this.savedSeq = Math.max(this.savedSeq, upTo);
  }

  private clearHandledTimer(): void {
    if (this.handledTimer !== null) this.clock.clearTimeout(this.handledTimer);
    this.handledTimer = null;
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
