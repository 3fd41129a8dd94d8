/**
 * The marker log on disk: one JSON file in the data directory with the newest broadcasts' presses,
 * through the one atomic JSON file (writes serialised, a crash never leaves half a file).
 */
import { join } from 'node:path';
import { broadcastMarkerLogSchema, markerEntrySchema, type BroadcastMarkerLog } from '../../../shared/ipc/contract';
import { AtomicJsonFile, keepValid } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';

type MarkerLogFile = { version: 1; broadcasts: BroadcastMarkerLog[] };

export interface MarkerLogStore {
  load(): Promise<BroadcastMarkerLog[]>;
  save(broadcasts: BroadcastMarkerLog[]): Promise<void>;
  /** Resolves when no save is under way. */
  idle(): Promise<void>;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Keeps every readable press: of whole broadcasts, of a broadcast whose other presses are damaged,
 * and of a broadcast whose own details (id, title, start) are damaged, which is kept with what can
 * be read of them. Every damaged part is counted, so that the file is set aside and named.
 */
function validateMarkerLog(raw: unknown): { value: MarkerLogFile; dropped: number; lost: string; kept: string } | null {
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { broadcasts?: unknown }).broadcasts)) return null;
  let droppedPresses = 0;
  let repairedHeads = 0;
  let total = 0;
  const { kept, dropped } = keepValid((raw as { broadcasts: unknown[] }).broadcasts, (item) => {
    const whole = broadcastMarkerLogSchema.safeParse(item);
    if (whole.success) {
      total += whole.data.entries.length;
      return whole.data;
    }
    const entries = (item as { entries?: unknown } | null)?.entries;
    if (!Array.isArray(entries)) return null;
    const presses = keepValid(entries, (entry) => {
      const parsed = markerEntrySchema.safeParse(entry);
      return parsed.success ? parsed.data : null;
    });
    droppedPresses += presses.dropped;
    total += entries.length;
    const head = broadcastMarkerLogSchema.omit({ entries: true }).safeParse(item);
    if (head.success) return { ...head.data, entries: presses.kept };
    if (presses.kept.length === 0) return null;
    repairedHeads++;
    return { ...readableHead(item as Record<string, unknown>, repairedHeads), entries: presses.kept };
  });
  const keptPresses = kept.reduce((n, b) => n + b.entries.length, 0);
  const lost = [
    dropped ? `the marker ${dropped === 1 ? 'list' : 'lists'} of ${plural(dropped, 'broadcast', 'broadcasts')}` : '',
    droppedPresses ? `${droppedPresses} of ${plural(total, 'marker press', 'marker presses')}` : '',
    repairedHeads ? `the title and start of ${plural(repairedHeads, 'broadcast', 'broadcasts')} (their presses are kept)` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return {
    value: { version: 1, broadcasts: kept },
    dropped: dropped + droppedPresses + repairedHeads,
    lost: `${lost} (the markers themselves are still on the platform)`,
    kept: `${plural(keptPresses, 'marker press', 'marker presses')} in ${plural(kept.length, 'broadcast', 'broadcasts')}`,
  };
}

/** What can be read of a broadcast's damaged details; its presses stay grouped under their own id when it is readable. */
function readableHead(raw: Record<string, unknown>, n: number): Omit<BroadcastMarkerLog, 'entries'> {
  return {
    streamId: typeof raw.streamId === 'string' && raw.streamId !== '' ? raw.streamId : `damaged-broadcast-${n}`,
    startedAt: typeof raw.startedAt === 'string' ? raw.startedAt : null,
    title: typeof raw.title === 'string' ? raw.title : '',
  };
}

export class FileMarkerLogStore implements MarkerLogStore {
  readonly path: string;
  private readonly file: AtomicJsonFile<MarkerLogFile>;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    dataDir: string,
    private readonly logger: Logger,
    fileName = 'marker-log.json',
    private readonly notices?: DataRecoveryNotices,
  ) {
    this.path = join(dataDir, fileName);
    this.file = new AtomicJsonFile(this.path, { describeAll: 'the list of marker presses (the markers themselves are still on the platform)' });
  }

  async load(): Promise<BroadcastMarkerLog[]> {
    const { value, recovered } = await this.file.read({ version: 1, broadcasts: [] }, validateMarkerLog);
    if (recovered) {
      if (!this.notices) this.logger.warn('the marker log was damaged', { file: recovered.file, setAsideAs: recovered.setAsideAs, reason: recovered.reason });
      this.notices?.add({ ...recovered, done: recovered.kept ? 'Kept every readable marker press' : 'Started a new marker log' });
    }
    return value.broadcasts;
  }

  save(broadcasts: BroadcastMarkerLog[]): Promise<void> {
    const run = this.file.write({ version: 1, broadcasts });
    // idle() must not reject: a failed save is the caller's to report.
    this.chain = run.catch(() => {});
    return run;
  }

  idle(): Promise<void> {
    return this.chain;
  }
}
