/**
 * The mod log: every moderator's action on the broadcaster's channel, by anyone (the broadcaster,
 * their moderators in Sidestage or on the website), from the one channel-event stream's
 * `moderation` events (`channel.moderate` v2, which names every action, removals included, with
 * who did it). Each entry is tagged with the broadcast it happened in (the broadcast story's id)
 * and the account whose channel it is, and kept on disk like the broadcast story's minutes:
 *
 * - `mod-log.json`: an atomic snapshot of the newest entries of every account (bounded).
 * - `mod-log.journal.a|b`: each new entry is one line, on its way to the disk at once; the snapshot
 *   follows a while after and on quit (`SnapshottedJournal`).
 *
 * A damaged file is set aside and named (`DataRecoveryNotices`), every readable entry kept.
 */
import { join } from 'node:path';
import { modLogEntrySchema, type ChannelEventOf, type ModLogEntry, type ModLogState } from '../../../shared/ipc/contract';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppendJournal, SnapshottedJournal } from '../common/append-journal';
import { AtomicJsonFile, keepValid } from '../common/atomic-json-file';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { ChannelEvents } from '../events/channel-events';
import type { Logger } from '../logger';

export const modLogFileName = 'mod-log.json';
export const modLogJournalName = 'mod-log.journal';

/** Entries kept on disk, every account's together; the oldest go first. */
export const maxKept = 5_000;
/** The current account's newest entries the renderer is sent (the sheet and the cards read these). */
export const maxShown = 500;

type ModLogFile = { version: 1; seq: number; entries: ModLogEntry[] };

const parseEntry = (raw: unknown): ModLogEntry | null => modLogEntrySchema.safeParse(raw).data ?? null;

export type ModLogFiles = { ok: true; journal: AppendJournal<ModLogEntry>; path: string; entries: ModLogEntry[] } | { ok: false; problem: string };

/** Reads the snapshot and the journal's lines after it; files that cannot be opened leave the log off, with the reason. */
export async function openModLogFiles(dataDir: string, options: { notices?: DataRecoveryNotices; logger: Logger }): Promise<ModLogFiles> {
  const notice = (recovered: Parameters<DataRecoveryNotices['add']>[0]) => {
    if (options.notices) options.notices.add(recovered);
    else options.logger.warn('a mod log file was damaged', { file: recovered.file, setAsideAs: recovered.setAsideAs, reason: recovered.reason });
  };
  try {
    const path = join(dataDir, modLogFileName);
    const file = new AtomicJsonFile<ModLogFile>(path, { describeAll: 'the mod log' });
    const snapshot = await file.read({ version: 1, seq: 0, entries: [] }, (raw) => {
      if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { entries?: unknown }).entries)) return null;
      const { entries: items, seq } = raw as { entries: unknown[]; seq?: unknown };
      const { kept, dropped } = keepValid(items, parseEntry);
      return {
        value: { version: 1 as const, seq: typeof seq === 'number' && Number.isInteger(seq) ? seq : 0, entries: kept },
        dropped,
        lost: `${dropped} of ${items.length} mod log entries`,
        kept: `${kept.length} mod log entries`,
      };
    });
    if (snapshot.recovered) notice({ ...snapshot.recovered, done: snapshot.recovered.kept ? 'Kept every readable mod log entry' : 'Started a new mod log' });
    const opened = await AppendJournal.open(join(dataDir, modLogJournalName), parseEntry, 'the latest mod log entries', snapshot.value.seq);
    for (const recovered of opened.recovered) notice({ ...recovered, done: 'Kept every readable mod log entry' });
    const entries = [...snapshot.value.entries, ...opened.lines.filter((line) => line.seq > snapshot.value.seq).map((line) => line.entry)];
    return { ok: true, journal: opened.journal, path, entries };
  } catch (error) {
    options.logger.error('mod log: its files could not be opened; moderator actions are not logged', { error });
    return { ok: false, problem: `The mod log is off: its files in the data folder could not be opened (${error instanceof Error ? error.message : String(error)}).` };
  }
}

export interface ModLogOptions {
  files: ModLogFiles;
  /** The one channel-event stream (src/main/services/events/channel-events.ts). */
  channelEvents: Pick<ChannelEvents, 'on'>;
  broadcaster: Pick<BroadcasterSource, 'id' | 'onChange'>;
  /** The broadcast on air now (the broadcast story's live id); null off air. */
  liveBroadcastId: () => string | null;
  logger: Logger;
  clock?: Clock;
  /** How soon after an entry the snapshot is written. Default 2 s. */
  saveDelayMs?: number;
  /** Entries kept on disk. Default `maxKept`. */
  maxEntries?: number;
  /** How long a burst of actions (a hate raid cleared: hundreds of bans) is gathered into one change. Default 100 ms. */
  coalesceMs?: number;
}

export class ModLog extends Disposable {
  /** Oldest first, every account's. */
  private entries: ModLogEntry[];
  private readonly ids: Set<string>;
  private readonly journal: SnapshottedJournal<ModLogEntry> | null;
  private readonly changes = new Emitter<ModLogState>();
  private readonly maxEntries: number;
  private readonly clock: Clock;
  private emitTimer: unknown = null;
  private started = false;

  constructor(private readonly options: ModLogOptions) {
    super();
    const { files } = options;
    this.maxEntries = options.maxEntries ?? maxKept;
    this.clock = options.clock ?? systemClock;
    this.entries = files.ok ? files.entries.slice(-this.maxEntries) : [];
    this.ids = new Set(this.entries.map((e) => e.id));
    this.journal = files.ok
      ? new SnapshottedJournal(files.journal, {
          path: files.path,
          content: (seq) => JSON.stringify({ version: 1, seq, entries: this.entries } satisfies ModLogFile),
          clock: this.clock,
          delayMs: options.saveDelayMs ?? 2_000,
          onError: (error) => options.logger.error('mod log: could not be saved', { error }),
        })
      : null;
    this.register(() => {
      if (this.emitTimer !== null) this.clock.clearTimeout(this.emitTimer);
      this.changes.dispose();
    });
  }

  /** Listens before EventSub connects, so that no action is missed. */
  start(): void {
    if (this.started || !this.options.files.ok) return;
    this.started = true;
    this.register(this.options.channelEvents.on(['moderation'], (event) => this.record(event)));
    this.register(this.options.broadcaster.onChange((change) => change.id !== change.previousId && this.emit()));
  }

  getState(): ModLogState {
    const { files, broadcaster } = this.options;
    if (!files.ok) return { entries: [], liveBroadcastId: null, unavailable: files.problem };
    const id = broadcaster.id;
    const shown: ModLogEntry[] = [];
    for (let i = this.entries.length - 1; i >= 0 && shown.length < maxShown; i--) if (this.entries[i]!.broadcasterId === id) shown.push(this.entries[i]!);
    return { entries: shown, liveBroadcastId: this.options.liveBroadcastId(), unavailable: null };
  }

  onChange(listener: (state: ModLogState) => void): Disposer {
    return this.changes.on(listener);
  }

  /** The broadcast on air changed (it began or ended): "this broadcast" is another one. */
  liveChanged(): void {
    this.emit();
  }

  /** On quit: the snapshot now, then the files closed. */
  async close(): Promise<void> {
    if (!this.journal) return;
    await this.journal.flush().catch((error: unknown) => this.options.logger.error('mod log: could not be written on quit', { error }));
    this.journal.close();
  }

  private record(event: ChannelEventOf<'moderation'>): void {
    const broadcasterId = this.options.broadcaster.id;
    if (!broadcasterId || this.ids.has(event.id)) return;
    const entry: ModLogEntry = {
      id: event.id,
      at: event.at,
      broadcasterId,
      broadcastId: this.options.liveBroadcastId(),
      moderator: event.moderator,
      action: event.action.slice(0, 60),
      user: event.user,
      reason: event.reason.slice(0, 1000),
      expiresAt: event.expiresAt,
      messageText: event.messageText === null ? null : event.messageText.slice(0, 1000),
      detail: event.detail.slice(0, 1000),
    };
    // Kept in memory even when the disk refuses it; the snapshot takes it the next time it can.
    try {
      this.journal?.append(entry);
    } catch (error) {
      this.options.logger.error('mod log: an entry could not be written', { error, action: entry.action });
    }
    this.entries.push(entry);
    this.ids.add(entry.id);
    if (this.entries.length > this.maxEntries) for (const dropped of this.entries.splice(0, this.entries.length - this.maxEntries)) this.ids.delete(dropped.id);
    this.emitSoon();
  }

  /** One change for a burst: the renderer is sent the list once, not once per ban of a cleared raid. */
  private emitSoon(): void {
    if (this.emitTimer !== null) return;
    this.emitTimer = this.clock.setTimeout(() => {
      this.emitTimer = null;
      this.emit();
    }, this.options.coalesceMs ?? 100);
  }

  private emit(): void {
    this.changes.fire(this.getState());
  }
}
