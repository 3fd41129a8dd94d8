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

/** Keeps every readable broadcast, and every readable press of a broadcast whose other presses are damaged. */
function validateMarkerLog(raw: unknown): { value: MarkerLogFile; dropped: number; lost: string; kept: string } | null {
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { broadcasts?: unknown }).broadcasts)) return null;
  let droppedPresses = 0;
  let total = 0;
  const { kept, dropped } = keepValid((raw as { broadcasts: unknown[] }).broadcasts, (item) => {
    const whole = broadcastMarkerLogSchema.safeParse(item);
    if (whole.success) {
      total += whole.data.entries.length;
      return whole.data;
    }
    const head = broadcastMarkerLogSchema.omit({ entries: true }).safeParse(item);
    const entries = (item as { entries?: unknown }).entries;
    if (!head.success || !Array.isArray(entries)) return null;
    const presses = keepValid(entries, (entry) => {
      const parsed = markerEntrySchema.safeParse(entry);
      return parsed.success ? parsed.data : null;
    });
    droppedPresses += presses.dropped;
    total += entries.length;
    return { ...head.data, entries: presses.kept };
  });
  const keptPresses = kept.reduce((n, b) => n + b.entries.length, 0);
  const lost = [dropped ? `${dropped} broadcast${dropped === 1 ? '' : 's'}' marker lists` : '', droppedPresses ? `${droppedPresses} of ${total} marker presses` : '']
    .filter(Boolean)
    .join(' and ');
  return {
    value: { version: 1, broadcasts: kept },
    dropped: dropped + droppedPresses,
    lost: `${lost} (the markers themselves are still on the platform)`,
    kept: `${keptPresses} marker presses in ${kept.length} broadcasts`,
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
