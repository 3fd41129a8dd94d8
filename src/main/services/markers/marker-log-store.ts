/**
 * The marker log on disk: one JSON file in the data directory with the newest broadcasts' presses.
 * Writes are atomic (a temporary file renamed over the old one) and one at a time, so a crash
 * never leaves half a file and two saves never interleave.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { broadcastMarkerLogSchema, type BroadcastMarkerLog } from '../../../shared/ipc/contract';
import type { Logger } from '../logger';

const fileSchema = z.object({ version: z.literal(1), broadcasts: z.array(broadcastMarkerLogSchema) });

export interface MarkerLogStore {
  load(): Promise<BroadcastMarkerLog[]>;
  save(broadcasts: BroadcastMarkerLog[]): Promise<void>;
  /** Resolves when no save is under way. */
  idle(): Promise<void>;
}

export class FileMarkerLogStore implements MarkerLogStore {
  readonly path: string;
  private chain: Promise<void> = Promise.resolve();
  private seq = 0;

  constructor(dataDir: string, private readonly logger: Logger, fileName = 'marker-log.json') {
    this.path = join(dataDir, fileName);
  }

  async load(): Promise<BroadcastMarkerLog[]> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    try {
      return fileSchema.parse(JSON.parse(text)).broadcasts;
    } catch (error) {
      // Keep the unreadable file for a person to look at, and start a fresh log.
      const aside = `${this.path}.unreadable-${Date.now()}`;
      await rename(this.path, aside).catch(() => {});
      this.logger.warn('the marker log could not be read; it was set aside and a new one started', { aside, error });
      return [];
    }
  }

  save(broadcasts: BroadcastMarkerLog[]): Promise<void> {
    const body = `${JSON.stringify({ version: 1, broadcasts }, null, 2)}\n`;
    const run = this.chain.then(() => this.write(body));
    // A failed save must not block the next one.
    this.chain = run.catch(() => {});
    return run;
  }

  idle(): Promise<void> {
    return this.chain;
  }

  private async write(body: string): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${process.pid}.${++this.seq}.tmp`;
    await writeFile(temp, body, { encoding: 'utf8', mode: 0o600 });
    await rename(temp, this.path);
  }
}

export class MemoryMarkerLogStore implements MarkerLogStore {
  broadcasts: BroadcastMarkerLog[] = [];
  saves = 0;
  async load(): Promise<BroadcastMarkerLog[]> {
    return structuredClone(this.broadcasts);
  }
  async save(broadcasts: BroadcastMarkerLog[]): Promise<void> {
    this.saves++;
    this.broadcasts = structuredClone(broadcasts);
  }
  async idle(): Promise<void> {}
}
