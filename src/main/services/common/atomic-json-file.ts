/**
 * The one way Sidestage writes and reads back its files in the data directory.
 *
 * Writing: a fresh 0600 temporary file beside the target (in a 0700 directory), flushed, then
 * renamed over it, so a crash or a power cut leaves the old file or the new one, never half of
 * one; the temporary file is removed whenever the write fails (a full disk leaves nothing behind).
 *
 * Reading: a file that cannot be used is never reset silently. It is renamed aside (kept for a
 * person to look at) and the caller gets a `Recovery` that names the file, says why and what was
 * lost, for `DataRecoveryNotices` to tell the user. Validators may keep the good part of a file
 * (`dropped`): the original is then set aside whole and the good part written in its place.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

/** What happened to a damaged file, in words a broadcaster can read. */
export interface Recovery {
  /** Full path of the damaged file. */
  file: string;
  /** Where the damaged file now is; null when it could not be moved (it is then left in place). */
  setAsideAs: string | null;
  /** Why it could not be used, e.g. "it is not valid JSON (it may have been cut short)". */
  reason: string;
  /** What could not be kept, e.g. "2 of 5 pending actions"; null when the good part was kept whole. */
  lost: string | null;
  /** What was kept, e.g. "3 pending actions"; null when nothing could be. */
  kept: string | null;
}

/** A validator's answer: the usable value, and how many parts of the file it had to leave out. */
export interface Validated<T> {
  value: T;
  /** Parts of the file (entries, settings) that were invalid and left out. */
  dropped?: number;
  lost?: string | null;
  kept?: string | null;
}

/** The private data directory: created 0700 before anything writes into it, and tightened if it was looser. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode is only for a directory it creates (and is masked by the umask).
  await chmod(dir, 0o700);
}

/** Writes `data` atomically with mode 0600; never leaves its temporary file behind. */
export async function writeFileAtomic(filePath: string, data: string | Buffer): Promise<void> {
  await mkdir(dirname(filePath), { recursive: true, mode: 0o700 });
  const tmp = `${filePath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    // 'wx': the temporary name must be new, so the mode given here is the mode the file gets.
    const handle = await open(tmp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, filePath);
  } catch (err) {
    await rm(tmp, { force: true, recursive: true }).catch(() => {});
    throw err;
  }
}

/**
 * `writeFileAtomic` for a caller that cannot wait: the token key, read inside a synchronous decrypt.
 * (A record that must be written before an action goes out is a journal's line:
 * `append-journal.ts`.)
 */
export function writeFileAtomicSync(filePath: string, data: Buffer): void {
  mkdirSync(dirname(filePath), { recursive: true, mode: 0o700 });
  const tmp = `${filePath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const fd = openSync(tmp, 'wx', 0o600);
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, filePath);
  } catch (err) {
    rmSync(tmp, { force: true, recursive: true });
    throw err;
  }
}

/** The name a damaged file is kept under: `<name>.damaged-<time>`. */
export function setAsideName(filePath: string, now = Date.now()): string {
  return `${filePath}.damaged-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
}

/** Renames a damaged file (or a directory in its place) aside; answers the new path, or null. */
export async function setAside(filePath: string, now = Date.now()): Promise<string | null> {
  const aside = setAsideName(filePath, now);
  try {
    await rename(filePath, aside);
    return aside;
  } catch {
    return null;
  }
}

/** Why a read failed, in words; never the file's contents (they may hold tokens). */
export function describeReadError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EISDIR') return 'a folder is where the file should be';
  if (code === 'EACCES' || code === 'EPERM') return 'Sidestage is not allowed to read it';
  if (code === 'EIO') return 'the disk reported an error reading it';
  return `it could not be read (${code ?? 'unknown error'})`;
}

export type RawRead = { kind: 'missing' } | { kind: 'read'; data: Buffer } | { kind: 'unreadable'; reason: string };

/** Reads a file's bytes, telling "not there" from "there but unreadable". */
export async function readRaw(filePath: string): Promise<RawRead> {
  try {
    return { kind: 'read', data: await readFile(filePath) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unreadable', reason: describeReadError(err) };
  }
}

/** Sets a damaged file aside whole and describes it. */
export async function recoverWhole(file: string, reason: string, lost: string | null): Promise<Recovery> {
  return { file, setAsideAs: await setAside(file), reason, lost, kept: null };
}

export interface ReadResult<T> {
  value: T;
  /** True when the file was there and (at least partly) usable. */
  existed: boolean;
  recovered: Recovery | null;
}

export interface JsonFileOptions {
  /** What the whole file holds, for "lost" when none of it can be used, e.g. "the notification history". */
  describeAll: string;
}

/**
 * One JSON file written atomically. Writes are serialised: the last one asked for is the one
 * that lands, and a failed write does not stop later ones.
 */
export class AtomicJsonFile<T> {
  private chain: Promise<void> = Promise.resolve();
  private latest: T | undefined;
  private dirty = false;

  constructor(
    readonly path: string,
    private readonly options: JsonFileOptions = { describeAll: 'its contents' },
  ) {}

  get name(): string {
    return basename(this.path);
  }

  /**
   * The stored value, or `fallback` when there is none. A file that cannot be used whole is set
   * aside and named in `recovered`; when `validate` keeps part of it, that part is written back.
   */
  async read(fallback: T, validate: (raw: unknown) => Validated<T> | null): Promise<ReadResult<T>> {
    const raw = await readRaw(this.path);
    if (raw.kind === 'missing') return { value: fallback, existed: false, recovered: null };
    if (raw.kind === 'unreadable') {
      return { value: fallback, existed: false, recovered: await recoverWhole(this.path, raw.reason, this.options.describeAll) };
    }
    const text = raw.data.toString('utf8');
    let parsed: unknown;
    try {
      if (text.trim() === '') throw new Error('empty');
      parsed = JSON.parse(text);
    } catch {
      const reason = text.trim() === '' ? 'it is empty' : 'it is not valid JSON (it may have been cut short)';
      return { value: fallback, existed: false, recovered: await recoverWhole(this.path, reason, this.options.describeAll) };
    }
    let result: Validated<T> | null;
    try {
      result = validate(parsed);
    } catch {
      result = null;
    }
    if (result === null) {
      return {
        value: fallback,
        existed: false,
        recovered: await recoverWhole(this.path, 'its contents are not in the form Sidestage expects', this.options.describeAll),
      };
    }
    if (!result.dropped) return { value: result.value, existed: true, recovered: null };
    // Keep the original whole for a person, and the good part where the program looks for it.
    const setAsideAs = await setAside(this.path);
    await this.write(result.value).catch(() => {
      // The good part is in memory and is written with the next change; nothing is lost yet.
    });
    return {
      value: result.value,
      existed: true,
      recovered: {
        file: this.path,
        setAsideAs,
        reason: `${result.dropped} ${result.dropped === 1 ? 'part of it was' : 'parts of it were'} damaged`,
        lost: result.lost ?? null,
        kept: result.kept ?? null,
      },
    };
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
    try {
      await writeFileAtomic(this.path, JSON.stringify(this.latest));
    } catch (err) {
      // Not on disk: a write queued behind this one (which counted on it) must try again.
      this.dirty = true;
      throw err;
    }
  }
}

/** Keeps each element of `items` that `schema`-parses; counts the rest. */
export function keepValid<E>(items: unknown[], parse: (item: unknown) => E | null): { kept: E[]; dropped: number } {
  const kept: E[] = [];
  let dropped = 0;
  for (const item of items) {
    let value: E | null;
    try {
      value = parse(item);
    } catch {
      value = null;
    }
    if (value === null) dropped++;
    else kept.push(value);
  }
  return { kept, dropped };
}

/** True for a full disk or quota: the error a broadcaster can fix by freeing space. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
