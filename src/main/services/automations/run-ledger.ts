/**
 * Exactly once: which (automation, event) pairs were already handled, and every run's steps, kept
 * on disk so that a duplicate frame, a reconnect, a restart or a kill -9 in the middle of a run
 * never does an action twice.
 *
 * - The run log: each change of a run (queued, a step started, a step done...) is appended to a
 *   journal (`automation-runs.journal.a|b`) BEFORE the step's request goes out: one write to an open
 *   file, so an event's first action is not held up by the disk, and a killed process leaves it.
 *   A run is written whole once; each change after is a short delta naming it (`run-log-lines.ts`).
 *   A snapshot (`automation-runs.json`, atomic) follows five seconds after changes and on quit; the
 *   journal's lines it holds are then dropped. A run found under way at start was interrupted: it is
 *   reported so, and its steps are never done again.
 * - The pairs handled (up to 20,000): each is a line of its own journal
 *   (`automation-handled.journal.a|b`, about 60 bytes) as the run or the skip is recorded, never a
 *   rewrite of the whole record; the snapshot (`automation-handled.json`, atomic) is written only
 *   every few minutes and on quit, so a busy stream does not rewrite megabytes a second.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { runRecordSchema, type RunRecord } from '../../../shared/ipc/contract';
import type { Clock } from '../../../shared/primitives/clock';
import { AppendJournal, SnapshottedJournal } from '../common/append-journal';
import { AtomicJsonFile, keepValid } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import { MessageDeduper } from '../events/message-deduper';
import type { Logger } from '../logger';
import { applyDelta, copyRun, isDelta, parseRunLogLine, runChange, type RunLogLine } from './run-log-lines';

export const runsFileName = 'automation-runs.json';
export const runsJournalName = 'automation-runs.journal';
export const handledFileName = 'automation-handled.json';
export const handledJournalName = 'automation-handled.journal';

type RunsFile = { version: 1; seq: number; runs: RunRecord[] };
type HandledPair = [string, number];
/** Version 1 had no `seq` (it was rewritten whole); version 2 is the journal's snapshot. */
type HandledFile = { version: 2; seq: number; handled: HandledPair[] };
const handledEntrySchema = z.tuple([z.string().min(1), z.number()]);
const parseHandled = (raw: unknown): HandledPair | null => {
  const parsed = handledEntrySchema.safeParse(raw);
  return parsed.success ? (parsed.data as HandledPair) : null;
};

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
  /**
   * How soon after a change the run log's snapshot is written (the journal holds every change
   * meanwhile, so this only bounds the journal's length and the bytes rewritten per run). Default 5 s.
   */
  saveDelayMs?: number;
  /** How soon after a new pair the handled record's snapshot is written (its journal holds them meanwhile). Default 5 min. */
  handledSnapshotDelayMs?: number;
}

export class RunLedger {
  /** The pairs handled: the one bounded seen-set (oldest first out past `maxHandled`). */
  private readonly handled: MessageDeduper;
  /** The runs as the service holds them (it changes them in place), oldest first. */
  private runs: RunRecord[];
  /**
   * Each run in the log as last written to the journal: a change is written as its delta from this,
   * and the snapshot is made of these, so it holds exactly what the journal's lines up to its `seq` do.
   */
  private readonly written = new Map<string, RunRecord>();
  private closed = false;
  private readonly journal: SnapshottedJournal<RunLogLine>;
  private readonly handledJournal: SnapshottedJournal<HandledPair>;
  private readonly maxRuns: number;
  private readonly maxHandled: number;
  private readonly saveDelayMs: number;

  private constructor(
    runsPath: string,
    journal: AppendJournal<RunLogLine>,
    handledPath: string,
    handledJournal: AppendJournal<HandledPair>,
    private readonly clock: Clock,
    runs: RunRecord[],
    private readonly options: RunLedgerOptions,
  ) {
    this.runs = runs;
    for (const run of runs) this.written.set(run.id, copyRun(run));
    this.maxRuns = options.maxRuns ?? 100;
    this.maxHandled = options.maxHandled ?? 20_000;
    this.handled = new MessageDeduper({ maxEntries: this.maxHandled, maxAgeMs: Infinity, now: () => clock.now() });
    this.saveDelayMs = options.saveDelayMs ?? 5000;
    this.journal = new SnapshottedJournal(journal, {
      path: runsPath,
      content: (seq) => {
        this.evict();
        return JSON.stringify({ version: 1, seq, runs: this.runs.flatMap((run) => this.written.get(run.id) ?? []) } satisfies RunsFile);
      },
      clock,
      delayMs: this.saveDelayMs,
      onError: (error) => options.logger.error('automations: the run log could not be saved', { error }),
    });
    this.handledJournal = new SnapshottedJournal(handledJournal, {
      path: handledPath,
      content: (seq) => JSON.stringify({ version: 2, seq, handled: this.handled.entries() } satisfies HandledFile),
      clock,
      delayMs: options.handledSnapshotDelayMs ?? 5 * 60_000,
      onError: (error) => options.logger.error('automations: the record of handled events could not be saved', { error }),
    });
  }

  /** Reads the files; runs that were under way when Sidestage stopped come back as interrupted. */
  static async open(dataDir: string, clock: Clock, options: RunLedgerOptions): Promise<RunLedger> {
    const runsPath = join(dataDir, runsFileName);
    const runsFile = new AtomicJsonFile<RunsFile>(runsPath, { describeAll: 'the automations run log' });
    const handledPath = join(dataDir, handledFileName);
    const handledFile = new AtomicJsonFile<HandledFile>(handledPath, { describeAll: 'the record of events automations already handled' });
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
    const opened = await AppendJournal.open(join(dataDir, runsJournalName), parseRunLogLine, 'the latest changes of the automations run log', snapshot.value.seq);
    for (const recovered of opened.recovered) notice({ ...recovered, done: 'Kept every readable change of the run log' });
    const handledRead = await handledFile.read({ version: 2, seq: 0, handled: [] }, (raw) => {
      if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { handled?: unknown }).handled)) return null;
      const { handled: items, seq } = raw as { handled: unknown[]; seq?: unknown };
      const { kept, dropped } = keepValid(items, parseHandled);
      return {
        // Version 1 (no seq): every journal line is newer.
        value: { version: 2 as const, seq: typeof seq === 'number' && Number.isInteger(seq) ? seq : 0, handled: kept },
        dropped,
        lost: `${dropped} of ${items.length} handled events; one of those may run again if it comes again`,
        kept: `${kept.length} handled events`,
      };
    });
    if (handledRead.recovered) notice({ ...handledRead.recovered, done: handledRead.recovered.kept ? 'Kept every readable entry' : 'Started a new record of handled events' });
    const handledOpened = await AppendJournal.open(join(dataDir, handledJournalName), parseHandled, 'the latest events automations handled', handledRead.value.seq);
    for (const recovered of handledOpened.recovered) notice({ ...recovered, done: 'Kept every readable entry' });

    // The snapshot, then the changes after it, in order: a whole run as it was then, or a delta on the
    // run as the lines before left it (one whose run is not there, its line lost to damage, is left out).
    const byId = new Map(snapshot.value.runs.map((run) => [run.id, run]));
    let orphans = 0;
    for (const { seq, entry } of opened.lines) {
      if (seq <= snapshot.value.seq) continue;
      if (!isDelta(entry)) byId.set(entry.id, entry);
      else {
        const run = byId.get(entry.d);
        if (run) byId.set(run.id, applyDelta(run, entry));
        else orphans++;
      }
    }
    if (orphans > 0) options.logger.warn('automations: changes of runs no longer in the run log were left out', { count: orphans });
    const now = new Date(clock.now()).toISOString();
    let interrupted = 0;
    const runs = [...byId.values()].map((run) => {
      if (finished(run)) return run;
      interrupted++;
      return interrupt(run, now);
    });
    const ledger = new RunLedger(runsPath, opened.journal, handledPath, handledOpened.journal, clock, runs, options);
    for (const [key, at] of handledRead.value.handled) ledger.handled.add(key, at);
    for (const { seq, entry } of handledOpened.lines) if (seq > handledRead.value.seq) ledger.handled.add(entry[0], entry[1]);
    // A run's pair is journalled with it; one from an older Sidestage (before this journal) is added now.
    for (const run of runs) if (!ledger.handled.has(keyOf(run))) ledger.remember(keyOf(run), Date.parse(run.queuedAt) || clock.now());
    if (interrupted > 0) options.logger.warn('automations: runs interrupted when Sidestage stopped', { count: interrupted });
    // What was read (and found interrupted) becomes the snapshot; the journal's older lines can go.
    await ledger.journal.snapshot().catch((error: unknown) => options.logger.error('automations: could not write the run log', { error }));
    await ledger.handledJournal.snapshot().catch((error: unknown) => options.logger.error('automations: could not write the record of handled events', { error }));
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
    // In the log (in memory) whatever happens: a run that cannot be recorded shows why it did not act.
    this.runs.push(run);
    this.evict();
    if (this.closed) return Promise.reject(new Error('The run log is closed.'));
    try {
      this.remember(keyOf(run), this.clock.now());
    } catch (error) {
      return Promise.reject(error);
    }
    return this.record(run);
  }

  /** An event an automation skipped (counted, not logged): handled, so a duplicate of it is not counted or run again. */
  markHandled(automationId: string, eventId: string): void {
    if (this.closed) return;
    try {
      this.remember(runKey(automationId, eventId), this.clock.now());
    } catch (error) {
      // Only a skip's: at worst its duplicate is counted again.
      this.options.logger.error('automations: a skipped event could not be recorded', { error });
    }
  }

  /** `run` changed (a step started or ended): written before the caller goes on. */
  update(run: RunRecord): Promise<void> {
    return this.record(run);
  }

  /** Forgets finished runs (their pairs stay handled: each is in the handled journal). */
  async clearFinished(): Promise<void> {
    this.runs = this.runs.filter((run) => !finished(run));
    this.keepWrittenOfRuns();
    await this.journal.snapshot();
  }

  /** Writes what is pending now, to the disk (on quit). */
  async flush(): Promise<void> {
    await this.handledJournal.flush();
    await this.journal.flush();
  }

  dispose(): void {
    this.closed = true;
    this.journal.close();
    this.handledJournal.close();
  }

  /** For tests and the benchmark. */
  sizes(): { runs: number; handled: number } {
    return { runs: this.runs.length, handled: this.handled.size };
  }

  /** The run's line: whole the first time, then what changed since the last line (nothing: no line). */
  private record(run: RunRecord): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The run log is closed.'));
    const before = this.written.get(run.id);
    const line = before ? runChange(before, run) : run;
    if (line === null) return Promise.resolve();
    try {
      this.journal.append(line);
    } catch (error) {
      return Promise.reject(error);
    }
    // Only once it is written: a line that failed is sent again, whole or as part of the next delta.
    if (this.runs.includes(run) || this.written.has(run.id)) this.written.set(run.id, copyRun(run));
    return Promise.resolve();
  }

  private keepWrittenOfRuns(): void {
    if (this.written.size === this.runs.length) return;
    const kept = new Set(this.runs.map((run) => run.id));
    for (const id of this.written.keys()) if (!kept.has(id)) this.written.delete(id);
  }

  /**
   * The pair is handled from now on: one journal line, written at once (a kill right after keeps
   * it). Throws when it cannot be written, so that a run does not act without its record.
   */
  private remember(key: string, at: number): void {
    if (this.handled.has(key)) return;
    this.handledJournal.append([key, at]);
    // The oldest go first: an event older than 20,000 newer ones does not come again.
    this.handled.add(key, at);
  }

  /** Keeps the newest `maxRuns` finished runs (their pairs are journalled), and every run under way. */
  private evict(): void {
    let excess = this.runs.length - this.maxRuns;
    if (excess <= 0) return;
    this.runs = this.runs.filter((run) => {
      if (excess > 0 && finished(run)) {
        excess--;
        return false;
      }
      return true;
    });
    this.keepWrittenOfRuns();
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
