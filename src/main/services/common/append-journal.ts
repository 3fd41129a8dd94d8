/**
 * The one way to keep a hot ledger on disk: a record that must be on its way to the disk before
 * an action goes out (an automation's step, an alert's start), where even an atomic rewrite
 * (temporary file, flush, rename: several trips to the disk, and the whole file each time) would
 * hold the action up. An append-only journal of JSON lines beside an atomic snapshot.
 *
 * `AppendJournal`: an append is one write to an open file; a process killed right after leaves it
 * written (the system holds it). Two files take turns (`<base>.a`, `<base>.b`): a snapshot of
 * everything so far is written while new lines go to the other file (`rotate()`), and the older one
 * is emptied once the snapshot is on disk (`dropRotated()`). Each line is `[seq, entry]`; the
 * snapshot says the last `seq` it holds, so a line it already has is not applied twice. A last line
 * a crash cut short is expected, and left out quietly; any other damaged line sets the file aside
 * and is named (a `Recovery`), the readable lines kept.
 *
 * `SnapshottedJournal`: the owner's side, the same for every owner: lines appended, the snapshot
 * (written with `writeFileAtomic`, so it is flushed) a while after them, one at a time, and on
 * quit. Used by automations' run log and the overlays' alert queue.
 */
import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Clock } from '../../../shared/primitives/clock';
import { ensurePrivateDir, readRaw, recoverWhole, writeFileAtomic, type Recovery } from './atomic-json-file';

export interface JournalLine<E> {
  seq: number;
  entry: E;
}

export interface OpenedJournal<E> {
  journal: AppendJournal<E>;
  /** The lines of both files, by `seq`. */
  lines: JournalLine<E>[];
  recovered: Recovery[];
}

const suffixes = ['a', 'b'] as const;

async function readLines<E>(path: string, parse: (raw: unknown) => E | null, describe: string): Promise<{ lines: JournalLine<E>[]; recovered: Recovery | null }> {
  const read = await readRaw(path);
  if (read.kind === 'missing') return { lines: [], recovered: null };
  if (read.kind === 'unreadable') return { lines: [], recovered: await recoverWhole(path, read.reason, describe) };
  const raw = read.data.toString('utf8').split('\n');
  // The last piece: empty after a complete line, or a line cut short by a crash (not damage).
  raw.pop();
  const lines: JournalLine<E>[] = [];
  let damaged = 0;
  for (const piece of raw) {
    try {
      const [seq, value] = JSON.parse(piece) as [unknown, unknown];
      const entry = typeof seq === 'number' && Number.isInteger(seq) ? parse(value) : null;
      if (entry === null) damaged++;
      else lines.push({ seq: seq as number, entry });
    } catch {
      damaged++;
    }
  }
  if (damaged === 0) return { lines, recovered: null };
  const recovered = await recoverWhole(path, `${damaged} of its ${raw.length} lines ${damaged === 1 ? 'was' : 'were'} damaged`, `${damaged} of ${raw.length} lines`);
  return { lines, recovered: { ...recovered, kept: `${lines.length} lines` } };
}

export class AppendJournal<E> {
  private fd: number;
  private current: 0 | 1 = 0;
  private seq: number;
  private closed = false;

  private constructor(
    private readonly base: string,
    lastSeq: number,
  ) {
    this.seq = lastSeq;
    this.fd = openSync(this.path(0), 'a', 0o600);
  }

  /**
   * Reads both files (the lines, by `seq`) and opens the journal for appending after them, numbering
   * from past `afterSeq` too (the snapshot's: lines it holds are not applied again).
   */
  static async open<E>(base: string, parse: (raw: unknown) => E | null, describe: string, afterSeq = 0): Promise<OpenedJournal<E>> {
    await ensurePrivateDir(dirname(base));
    const recovered: Recovery[] = [];
    const lines: JournalLine<E>[] = [];
    for (const suffix of suffixes) {
      const read = await readLines(`${base}.${suffix}`, parse, describe);
      lines.push(...read.lines);
      if (read.recovered) recovered.push(read.recovered);
    }
    lines.sort((x, y) => x.seq - y.seq);
    const journal = new AppendJournal<E>(base, Math.max(afterSeq, lines.at(-1)?.seq ?? 0));
    return { journal, lines, recovered };
  }

  /** The `seq` of the last line appended. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Appends one line; throws when it cannot be written (the caller must not act then). */
  append(entry: E): number {
    // A closed descriptor's number may be another file's by now: never written to.
    if (this.closed) throw new Error('The journal is closed.');
    const seq = this.seq + 1;
    writeSync(this.fd, `${JSON.stringify([seq, entry])}\n`);
    this.seq = seq;
    return seq;
  }

  /** Lines go to the other file from now on, emptied first (its lines must be in a snapshot on disk). */
  rotate(): void {
    if (this.closed) return;
    const next = this.current === 0 ? 1 : 0;
    const fd = openSync(this.path(next), 'w', 0o600);
    closeSync(this.fd);
    this.fd = fd;
    this.current = next;
  }

  /** Empties the file lines no longer go to (once a snapshot holding its lines is on disk). */
  dropRotated(): void {
    const other = this.current === 0 ? 1 : 0;
    const fd = openSync(this.path(other), 'a', 0o600);
    try {
      ftruncateSync(fd, 0);
    } finally {
      closeSync(fd);
    }
  }

  /** Closes the file; again does nothing. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  private path(index: 0 | 1): string {
    return `${this.base}.${suffixes[index]}`;
  }
}

export interface JournalSnapshotOptions {
  /** The snapshot file, written with `writeFileAtomic`. */
  path: string;
  /**
   * The snapshot's text, holding every line up to `seq`: the owner writes `seq` in it, and gives it
   * back as `afterSeq` when it opens the journal again.
   */
  content(seq: number): string;
  clock: Clock;
  /** How soon after a line the snapshot is written. */
  delayMs: number;
  /** A snapshot written from its timer failed (a full disk): logged; the journal keeps every line meanwhile. */
  onError(error: unknown): void;
}

/**
 * A journal folded into its owner's atomic snapshot a while after its lines: an append is on its
 * way to the disk at once, and the snapshot follows without holding anything up.
 */
export class SnapshottedJournal<E> {
  private timer: unknown = null;
  /** The other file may hold lines no snapshot on disk has yet: it must not be emptied by a rotation. */
  private rotatedPending = true;
  private snapshotting: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly journal: AppendJournal<E>,
    private readonly options: JournalSnapshotOptions,
  ) {}

  /** The `seq` of the last line appended. */
  get lastSeq(): number {
    return this.journal.lastSeq;
  }

  /** Appends one line now (throws when it cannot be written: the caller must not act then); the snapshot follows. */
  append(entry: E): number {
    const seq = this.journal.append(entry);
    this.schedule();
    return seq;
  }

  /**
   * Writes the snapshot now, then drops the lines it holds. One at a time; asked again meanwhile, it
   * runs once more after. Rejects when it cannot be written (the journal keeps every line).
   */
  snapshot(): Promise<void> {
    if (this.snapshotting) {
      this.again = true;
      return this.snapshotting;
    }
    this.snapshotting = (async () => {
      try {
        do {
          this.again = false;
          if (this.closed) return;
          // New lines go to the other file while this snapshot is written (unless an earlier
          // snapshot did not land: the other file still holds lines only the journal has).
          if (!this.rotatedPending) {
            this.journal.rotate();
            this.rotatedPending = true;
          }
          await writeFileAtomic(this.options.path, this.options.content(this.journal.lastSeq));
          if (this.closed) return;
          this.journal.dropRotated();
          this.rotatedPending = false;
        } while (this.again);
      } finally {
        this.snapshotting = null;
      }
    })();
    return this.snapshotting;
  }

  /** The snapshot now, not after the delay (on quit). */
  flush(): Promise<void> {
    this.cancelTimer();
    return this.snapshot();
  }

  /** Closes the journal; a snapshot not written yet is not written. */
  close(): void {
    this.cancelTimer();
    this.closed = true;
    this.journal.close();
  }

  private schedule(): void {
    if (this.timer !== null || this.closed) return;
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      // From a timer: a failed snapshot is told to the owner; the journal keeps every line meanwhile.
      this.snapshot().catch((error: unknown) => this.options.onError(error));
    }, this.options.delayMs);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
