/**
 * An append-only journal of JSON lines beside an atomic snapshot: for a record that must be on its
 * way to the disk before an action goes out, where even an atomic rewrite (temporary file, flush,
 * rename: several trips to the disk) would hold the action up. An append is one write to an open
 * file: a process killed right after leaves it written (the system holds it); the owner's next
 * snapshot (written with `writeFileAtomic`, a second later) is the disk's copy. A line a crash cut
 * short is ignored.
 *
 * Two files take turns (`<base>.a`, `<base>.b`): the owner writes a snapshot of everything so far
 * while new lines go to the other file (`rotate()`), and empties the older one once the snapshot is
 * on disk (`dropRotated()`). Each line is `[seq, entry]`; the snapshot says the last `seq` it holds,
 * so a line it already has is not applied twice. Any damaged line but the last sets the file aside
 * and is named (a `Recovery`), the readable lines kept. Used by automations' run log.
 */
import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ensurePrivateDir, recoverWhole, type Recovery } from './atomic-json-file';

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
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], recovered: null };
    return { lines: [], recovered: await recoverWhole(path, 'it could not be read', describe) };
  }
  const raw = text.split('\n');
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
