import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * One JSON file written atomically (a temporary file beside it, then a rename), so that a crash
 * or a power cut mid-write leaves either the old file or the new one, never half of one.
 * Writes are serialised: the last one asked for is the one that lands.
 */
export class AtomicJsonFile<T> {
  private chain: Promise<void> = Promise.resolve();
  private latest: T | undefined;
  private dirty = false;

  constructor(readonly path: string) {}

  /** The stored value; `fallback` when there is none or it cannot be read (a broken file is kept aside). */
  async read(fallback: T, validate: (value: unknown) => T | null = (v) => v as T): Promise<{ value: T; existed: boolean }> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { value: fallback, existed: false };
      throw err;
    }
    try {
      const value = validate(JSON.parse(text));
      if (value !== null) return { value, existed: true };
    } catch {
      // fall through: unreadable
    }
    // Kept for a person to look at rather than silently overwritten.
    await rename(this.path, `${this.path}.broken-${Date.now()}`).catch(() => {});
    return { value: fallback, existed: false };
  }

  /**
   * Queues a write of `value`; resolves once it (or a later value) is on disk, rejects if that
   * write failed. A failure does not stop later writes: the next one tries again.
   */
  write(value: T): Promise<void> {
    this.latest = value;
    this.dirty = true;
    const next = this.chain.catch(() => {}).then(() => this.flushLatest());
    this.chain = next;
    return next;
  }

  /** Resolves when every write asked for so far is on disk (rejects if the last one failed). */
  settled(): Promise<void> {
    return this.chain;
  }

  private async flushLatest(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    const text = JSON.stringify(this.latest);
    const tmp = `${this.path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(dirname(this.path), { recursive: true });
      try {
        await writeFile(tmp, text, { encoding: 'utf8', mode: 0o600 });
        await rename(tmp, this.path);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => {});
        throw err;
      }
    } catch (err) {
      // Not on disk: a write queued behind this one (which counted on it) must try again.
      this.dirty = true;
      throw err;
    }
  }
}
