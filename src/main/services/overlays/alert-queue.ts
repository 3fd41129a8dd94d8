/**
 * The one alert queue: every alert (a channel event's, a test's, an automation's) waits here and
 * shows one at a time, with a gap between two. Main owns it and what was shown, so that overlay
 * pages only display what it says: a reload, a second page or a restart never replays an alert.
 *
 * Exactly once: an event's id is remembered once accepted (`seen`, kept across restarts), and an
 * alert's start is recorded before any page is told of it; one that was on screen when Sidestage
 * stopped counts as shown. Waiting alerts survive a restart and continue. The record is the one way
 * a hot ledger is kept on disk (`common/append-journal.ts`): each change (the ids accepted since the
 * last one, and the queue as it is now: small, the long list of ids is not in it) is a line appended
 * to `alert-queue.journal.a|b`, one write to an open file that a crash or a kill -9 of Sidestage
 * keeps; `alert-queue.json`, the snapshot with every id, follows a second later and on quit.
 *
 * A backlog is told, not played for an hour: more than `summaryAfter` alerts of one type waiting
 * and the rest of that type become one ("and 40 more follows"). Alerts wait while paused by hand,
 * during an ad break (no viewer sees them then) and while no alerts page is open.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { summaryText } from '../../../shared/domain/alert-template';
import { alertKindSchema, queuedAlertKindSchema, type AlertKind, type AlertLine, type AlertQueueState } from '../../../shared/ipc/schemas/overlays';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import { AppendJournal, SnapshottedJournal } from '../common/append-journal';
import { AtomicJsonFile, keepValid, type Validated } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';
import { MessageDeduper } from '../events/message-deduper';

const queuedAlertSchema = z
  .object({
    id: z.string().min(1).max(300),
    kind: queuedAlertKindSchema,
    /** The type a summary tells; null otherwise. */
    ofKind: alertKindSchema.nullable(),
    /** Alerts a summary stands for (1 for any other). */
    count: z.number().int().positive(),
    text: z.string().max(2_000),
    imageId: z.string().nullable(),
    soundId: z.string().nullable(),
    volume: z.number().min(0).max(1),
    durationMs: z.number().int().positive().max(600_000),
    test: z.boolean(),
    /** The viewer's words are spoken with it (absent in a queue saved before variations: not spoken). */
    speak: z.boolean().default(false),
    /** The variation of its type that made it (absent: the type's default). */
    variationId: z.string().max(40).nullable().default(null),
    /** The chatter the alert is about (absent for tests, automations' and anonymous alerts): theirs wait no longer once they are banned. */
    userId: z.string().max(100).optional(),
  })
  .strict();
export type QueuedAlert = z.infer<typeof queuedAlertSchema>;
/** An alert as it is queued: not spoken and no variation unless said. */
export type NewAlert = Omit<QueuedAlert, 'ofKind' | 'count' | 'speak' | 'variationId'> & Partial<Pick<QueuedAlert, 'speak' | 'variationId'>>;

/** An event id accepted, with when: the exactly-once ledger is a list of these. */
const seenPairSchema = z.tuple([z.string(), z.number()]);
const seenSchema = z.array(seenPairSchema);
const showingSchema = z.object({ alert: queuedAlertSchema, startedAt: z.number() });

/** The queue itself, without the ids: what each journal line holds whole. */
const queueNowSchema = z.object({
  waiting: z.array(queuedAlertSchema),
  showing: showingSchema.nullable(),
  last: queuedAlertSchema.nullable(),
  pausedByHand: z.boolean(),
  adBreakUntil: z.number().nullable(),
});
type QueueNow = z.infer<typeof queueNowSchema>;

/** `alert-queue.json`: every id and the queue, holding the journal's lines up to `seq` (0 in a file older than the journal). */
const savedQueueSchema = queueNowSchema.extend({ version: z.literal(1), seq: z.number().int().nonnegative().default(0), seen: seenSchema });
type SavedQueue = z.infer<typeof savedQueueSchema>;

/**
 * `alert-queue.json` as read: each id and alert checked on its own, so that a damaged one costs only
 * itself (set aside and named like every data file's).
 */
function validSavedQueue(raw: unknown): Validated<SavedQueue> | null {
  const frame = savedQueueSchema.extend({ seen: z.array(z.unknown()), waiting: z.array(z.unknown()), showing: z.unknown(), last: z.unknown() }).safeParse(raw);
  if (!frame.success) return null;
  const seen = keepValid(frame.data.seen, (pair) => seenPairSchema.safeParse(pair).data ?? null);
  const waiting = keepValid(frame.data.waiting, (alert) => queuedAlertSchema.safeParse(alert).data ?? null);
  const showing = showingSchema.nullable().safeParse(frame.data.showing);
  const last = queuedAlertSchema.nullable().safeParse(frame.data.last);
  const lost = [
    waiting.dropped ? `${waiting.dropped} of ${frame.data.waiting.length} alerts waiting` : null,
    seen.dropped ? `${seen.dropped} of ${frame.data.seen.length} events already alerted` : null,
    showing.success ? null : 'the alert on screen',
    last.success ? null : 'the last alert shown',
  ].filter((part) => part !== null);
  return {
    value: { ...frame.data, seen: seen.kept, waiting: waiting.kept, showing: showing.data ?? null, last: last.data ?? null },
    dropped: waiting.dropped + seen.dropped + (showing.success ? 0 : 1) + (last.success ? 0 : 1),
    lost: lost.length ? lost.join(', ') : null,
    kept: `${waiting.kept.length} alerts waiting, ${seen.kept.length} events already alerted`,
  };
}

/** A journal line: the ids accepted since the line before, and the queue as it is now. */
const queueLineSchema = z.object({ seen: seenSchema, queue: queueNowSchema });
type QueueLine = z.infer<typeof queueLineSchema>;

export const alertQueueFileName = 'alert-queue.json';
export const alertQueueJournalName = 'alert-queue.journal';

/**
 * Ids remembered, long enough for what the platform sends again (a resent notification, a
 * redemption caught up after a restart: those older than ten minutes make no alert), and small
 * enough that saving them on every alert stays quick.
 */
const SEEN_LIMIT = 5_000;
/** Custom alerts (automations) waiting at most; event alerts are bounded by their summaries. */
export const MAX_WAITING_CUSTOM = 100;
/** The renderer is sent the first ones waiting only. */
const WAITING_SHOWN = 10;
/** Alerts dropped before their turn that the queue's list still names. */
const DROPPED_SHOWN = 10;

export interface AlertQueueOptions {
  dataDir: string;
  logger: Logger;
  notices?: DataRecoveryNotices;
  clock?: Clock;
  /** Read at each use, so a change in the settings applies at once. */
  gapMs: () => number;
  summaryAfter: () => number;
  /** How soon after a change the snapshot is written. Default 1 s. */
  snapshotDelayMs?: number;
}

export interface ShowingAlert {
  alert: QueuedAlert;
  startedAt: number;
}

export class AlertQueue {
  private readonly clock: Clock;
  private readonly changes = new Emitter<AlertQueueState>();
  /** Events already alerted: the one bounded seen-set. */
  private readonly seen = new MessageDeduper({ maxEntries: SEEN_LIMIT, maxAgeMs: Infinity, now: () => this.clock.now() });
  private waiting: QueuedAlert[];
  private showingNow: ShowingAlert | null = null;
  /** The alert on screen as last told (once its start was on disk): what pages are sent. */
  private announced: ShowingAlert | null = null;
  private last: QueuedAlert | null;
  private pausedByHand: boolean;
  private adBreakUntil: number | null;
  private pagesOpen = 0;
  /** Dropped before their turn (not kept across a restart: the list says what happened while live), newest first. */
  private dropped: AlertQueueState['dropped'] = [];
  /** After an alert, the gap runs: nothing starts until it is over. */
  private inGap = false;
  private endTimer: unknown = null;
  private gapTimer: unknown = null;
  private adTimer: unknown = null;
  private revision = 0;
  /** Ids accepted since the last journal line: the next line holds them. */
  private seenSinceLine: [string, number][] = [];
  /** Changes made in this task are saved (once) and told at its end. */
  private saving = false;
  private disposed = false;
  private warnedWrite = false;
  private readonly journal: SnapshottedJournal<QueueLine>;

  private constructor(
    private readonly options: AlertQueueOptions,
    journal: AppendJournal<QueueLine>,
    seen: Iterable<[string, number]>,
    saved: QueueNow,
  ) {
    this.clock = options.clock ?? systemClock;
    for (const [id, at] of seen) this.seen.add(id, at);
    this.waiting = saved.waiting;
    // On screen when Sidestage stopped: it was shown.
    this.last = saved.showing?.alert ?? saved.last;
    this.pausedByHand = saved.pausedByHand;
    this.adBreakUntil = saved.adBreakUntil !== null && saved.adBreakUntil > this.clock.now() ? saved.adBreakUntil : null;
    if (this.adBreakUntil !== null) this.armAdTimer();
    this.journal = new SnapshottedJournal(journal, {
      path: join(options.dataDir, alertQueueFileName),
      content: (seq) => JSON.stringify({ version: 1, seq, seen: this.seen.entries(), ...this.queueNow() } satisfies SavedQueue),
      clock: this.clock,
      delayMs: options.snapshotDelayMs ?? 1000,
      onError: (error) => options.logger.warn('alert queue: could not save its snapshot; its journal keeps every change meanwhile', { reason: String(error) }),
    });
  }

  static async open(options: AlertQueueOptions): Promise<AlertQueue> {
    const consequence = 'Alerts that were waiting may be gone, and an alert the platform sends again may show a second time.';
    // Read (and recovered) like every data file; written by the journal's snapshots.
    const file = new AtomicJsonFile<SavedQueue>(join(options.dataDir, alertQueueFileName), { describeAll: 'the alerts waiting and the list of alerts already shown' });
    const empty: SavedQueue = { version: 1, seq: 0, seen: [], waiting: [], showing: null, last: null, pausedByHand: false, adBreakUntil: null };
    const read = await file.read(empty, validSavedQueue);
    if (read.recovered) options.notices?.add({ ...read.recovered, done: read.existed ? 'Kept the alerts and events that could be read' : 'Started an empty alert queue', consequence });
    const parseLine = (raw: unknown) => {
      const parsed = queueLineSchema.safeParse(raw);
      return parsed.success ? parsed.data : null;
    };
    const opened = await AppendJournal.open(join(options.dataDir, alertQueueJournalName), parseLine, 'the latest changes of the alert queue', read.value.seq);
    for (const recovered of opened.recovered) options.notices?.add({ ...recovered, done: 'Kept every readable change of the alert queue', consequence });
    // The snapshot, then the changes after it, in order: each line has the queue as it was then.
    const seen: [string, number][] = [...read.value.seen];
    let queue: QueueNow = read.value;
    const after = opened.lines.filter((line) => line.seq > read.value.seq);
    for (const { entry } of after) {
      seen.push(...entry.seen);
      queue = entry.queue;
    }
    const alerts = new AlertQueue(options, opened.journal, seen, queue);
    // What was read becomes the snapshot, so that the journal's lines can go.
    if (after.length || opened.recovered.length) await alerts.journal.snapshot().catch((error: unknown) => options.logger.warn('alert queue: could not save its snapshot', { reason: String(error) }));
    if (queue.showing) alerts.changed();
    return alerts;
  }

  /** True when this event's alert was accepted before (this run or an earlier one). */
  hasSeen(eventId: string): boolean {
    return this.seen.has(eventId);
  }

  /** When `key` (an event id, or a key given to `enqueue` as `remember`) was first accepted; null: never. */
  seenAt(key: string): number | null {
    return this.seen.firstSeenAt(key);
  }

  /**
   * Queues an alert. With `eventId`, at most once per event, ever: false when it was seen. With
   * `summarise` (event alerts), a backlog of its type folds into one summary. `remember`: more keys
   * kept with the event's id, across restarts (a hype train's level, a follower), for `seenAt`.
   */
  enqueue(alert: NewAlert, options: { eventId?: string; summarise?: AlertKind; remember?: readonly string[] } = {}): boolean {
    if (this.disposed) return false;
    if (options.eventId !== undefined) {
      if (this.seen.has(options.eventId)) return false;
      this.remember(options.eventId);
    }
    for (const key of options.remember ?? []) if (!this.seen.has(key)) this.remember(key);
    const entry: QueuedAlert = { speak: false, variationId: null, ...alert, ofKind: null, count: 1 };
    const kind = options.summarise;
    if (kind) {
      const summary = this.waiting.find((a) => a.kind === 'summary' && a.ofKind === kind);
      if (summary) {
        summary.count += 1;
        summary.text = summaryText(kind, summary.count);
      } else if (this.waiting.filter((a) => a.kind === kind).length >= this.options.summaryAfter()) {
        this.waiting.push({ ...entry, id: `summary:${randomUUID()}`, kind: 'summary', ofKind: kind, text: summaryText(kind, 1), speak: false, variationId: null });
      } else {
        this.waiting.push(entry);
      }
    } else {
      if ((alert.kind === 'custom' || alert.kind === 'sound') && this.waiting.filter((a) => a.kind === alert.kind).length >= MAX_WAITING_CUSTOM) {
        throw new AppError('unavailable', `${MAX_WAITING_CUSTOM} ${alert.kind === 'sound' ? 'sounds' : 'custom alerts'} are already waiting; this one was not queued.`);
      }
      this.waiting.push(entry);
    }
    this.changed();
    this.startNextIfDue();
    return true;
  }

  pause(): AlertQueueState {
    if (!this.pausedByHand) {
      this.pausedByHand = true;
      this.changed();
    }
    return this.getState();
  }

  /** Ends a pause by hand and an ad break's wait alike: the broadcaster decides. */
  resume(): AlertQueueState {
    const wasPaused = this.pausedByHand || this.adBreakUntil !== null;
    this.pausedByHand = false;
    this.clearAdBreak();
    if (wasPaused) this.changed();
    this.startNextIfDue();
    return this.getState();
  }

  /** Alerts wait until `untilMs` (an ad break's end); a longer break already known wins. */
  pauseForAdBreak(untilMs: number): void {
    if (untilMs <= this.clock.now() || (this.adBreakUntil !== null && this.adBreakUntil >= untilMs)) return;
    this.adBreakUntil = untilMs;
    this.armAdTimer();
    this.changed();
  }

  /** The ad break is over before its time (the stream went offline): alerts need not wait for it. */
  endAdBreak(): void {
    if (this.adBreakUntil === null) return;
    this.clearAdBreak();
    this.changed();
    this.startNextIfDue();
  }

  /**
   * A chatter was banned or timed out: their alerts waiting (not the one on screen) are dropped, and
   * the queue's list says which and `reason`. Answers how many went.
   */
  dropFrom(userId: string, reason: string): number {
    const gone = this.waiting.filter((a) => a.userId === userId);
    if (gone.length === 0) return 0;
    this.waiting = this.waiting.filter((a) => a.userId !== userId);
    const at = new Date(this.clock.now()).toISOString();
    this.dropped = [...gone.reverse().map((a) => ({ ...line(a), reason, at })), ...this.dropped].slice(0, DROPPED_SHOWN);
    this.changed();
    return gone.length;
  }

  /** Drops the alerts waiting (another account is now current: its stream shows none of them). */
  clearWaiting(): void {
    if (this.waiting.length === 0) return;
    this.waiting = [];
    this.changed();
  }

  /** Ends the alert on screen now; the next one follows after the gap. */
  skip(): AlertQueueState {
    if (this.showingNow) this.endShowing();
    return this.getState();
  }

  /** Shows the last alert again, next (an explicit request: the one way an alert shows twice). */
  replay(): AlertQueueState {
    if (!this.last) throw new AppError('invalid_argument', 'No alert has been shown yet, so there is nothing to replay.');
    this.waiting.unshift({ ...this.last, id: `replay:${randomUUID()}` });
    this.changed();
    this.startNextIfDue();
    return this.getState();
  }

  /** How many alerts pages are open: with none, alerts wait. */
  setPagesOpen(count: number): void {
    if (count === this.pagesOpen) return;
    this.pagesOpen = count;
    this.notifyNow();
    this.startNextIfDue();
  }

  /** The alert on screen, once its start is on disk (what a page that opens now joins). */
  showing(): ShowingAlert | null {
    return this.announced;
  }

  getState(): AlertQueueState {
    const now = this.clock.now();
    const showing = this.showingNow;
    return {
      revision: this.revision,
      showing: showing
        ? { ...line(showing.alert), startedAt: new Date(showing.startedAt).toISOString(), endsAt: new Date(showing.startedAt + showing.alert.durationMs).toISOString() }
        : null,
      waiting: this.waiting.slice(0, WAITING_SHOWN).map(line),
      waitingCount: this.waiting.reduce((sum, a) => sum + a.count, 0),
      pausedByHand: this.pausedByHand,
      adBreakEndsAt: this.adBreakUntil !== null && this.adBreakUntil > now ? new Date(this.adBreakUntil).toISOString() : null,
      pagesOpen: this.pagesOpen,
      dropped: this.dropped,
      last: this.last ? line(this.last) : null,
    };
  }

  /** Fires once a change is on disk (an alert's start included), with the state then. */
  onChange(listener: (state: AlertQueueState) => void): Disposer {
    return this.changes.on(listener);
  }

  /** Stops the timers; a change not recorded yet is recorded now, and the snapshot written. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    for (const timer of [this.endTimer, this.gapTimer, this.adTimer]) if (timer !== null) this.clock.clearTimeout(timer);
    this.endTimer = this.gapTimer = this.adTimer = null;
    this.save();
    this.changes.dispose();
    await this.journal.flush().catch((error: unknown) => this.options.logger.warn('alert queue: could not save its snapshot on quit; its journal keeps every change', { reason: String(error) }));
    this.journal.close();
  }

  // ---------- the cycle: show, gap, next ----------

  private isWaitingForSomething(): boolean {
    return this.pausedByHand || this.adBreakUntil !== null || this.pagesOpen === 0;
  }

  private startNextIfDue(): void {
    if (this.disposed || this.showingNow || this.inGap || this.isWaitingForSomething()) return;
    const next = this.waiting.shift();
    if (!next) return;
    this.showingNow = { alert: next, startedAt: this.clock.now() };
    this.endTimer = this.clock.setTimeout(() => {
      this.endTimer = null;
      this.endShowing();
    }, next.durationMs);
    this.changed();
  }

  private endShowing(): void {
    if (this.endTimer !== null) this.clock.clearTimeout(this.endTimer);
    this.endTimer = null;
    const ended = this.showingNow;
    if (!ended) return;
    this.showingNow = null;
    this.last = ended.alert;
    this.inGap = true;
    this.gapTimer = this.clock.setTimeout(() => {
      this.gapTimer = null;
      this.inGap = false;
      this.startNextIfDue();
    }, this.options.gapMs());
    this.changed();
  }

  private armAdTimer(): void {
    if (this.adTimer !== null) this.clock.clearTimeout(this.adTimer);
    const until = this.adBreakUntil;
    if (until === null) return;
    this.adTimer = this.clock.setTimeout(() => {
      this.adTimer = null;
      this.adBreakUntil = null;
      this.changed();
      this.startNextIfDue();
    }, until - this.clock.now());
  }

  private clearAdBreak(): void {
    if (this.adTimer !== null) this.clock.clearTimeout(this.adTimer);
    this.adTimer = null;
    this.adBreakUntil = null;
  }

  private remember(eventId: string): void {
    const now = this.clock.now();
    this.seen.add(eventId, now);
    this.seenSinceLine.push([eventId, now]);
  }

  // ---------- saving, then telling ----------

  private queueNow(): QueueNow {
    return {
      waiting: this.waiting,
      showing: this.showingNow ? { alert: this.showingNow.alert, startedAt: this.showingNow.startedAt } : null,
      last: this.last,
      pausedByHand: this.pausedByHand,
      adBreakUntil: this.adBreakUntil,
    };
  }

  /**
   * Records the change, then tells the listeners; the alert on screen as recorded is what pages may
   * be told. The changes of one task (an alert queued and started) are one journal line, at its end.
   */
  private changed(): void {
    this.revision += 1;
    if (this.saving) return;
    this.saving = true;
    queueMicrotask(() => this.save());
  }

  private save(): void {
    if (!this.saving) return;
    this.saving = false;
    try {
      this.journal.append({ seen: this.seenSinceLine, queue: this.queueNow() });
      this.seenSinceLine = [];
      this.warnedWrite = false;
    } catch (error) {
      // Not on disk: the alerts go on (the screen matters more), only a restart could repeat one.
      if (!this.warnedWrite) {
        this.warnedWrite = true;
        this.options.logger.warn('alert queue: could not save; alerts go on, but a restart now could show one again', { reason: String(error) });
      }
    }
    this.announced = this.showingNow;
    if (!this.disposed) this.changes.fire(this.getState());
  }

  /** Nothing to save (pages open): told at once, unless a save (which tells) is on its way. */
  private notifyNow(): void {
    this.revision += 1;
    if (!this.saving) this.changes.fire(this.getState());
  }
}

function line(alert: QueuedAlert): AlertLine {
  return { id: alert.id, kind: alert.kind, text: alert.text, test: alert.test };
}
