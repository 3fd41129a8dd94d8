import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test-support/fake-clock';
import { waitUntil } from '../../test-support/wait-until';
import { AppendJournal, SnapshottedJournal } from './append-journal';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const numbers = (raw: unknown) => (typeof raw === 'number' ? raw : null);

describe('AppendJournal', () => {
  it('appends numbered lines a new opening reads back in order, 0600', async () => {
    const base = join(dir, 'log');
    const { journal } = await AppendJournal.open(base, numbers, 'x');
    expect(journal.append(10)).toBe(1);
    expect(journal.append(20)).toBe(2);
    journal.close();
    expect(await readFile(`${base}.a`, 'utf8')).toBe('[1,10]\n[2,20]\n');
    expect((await stat(`${base}.a`)).mode & 0o777).toBe(0o600);
    const again = await AppendJournal.open(base, numbers, 'x');
    expect(again.lines).toEqual([
      { seq: 1, entry: 10 },
      { seq: 2, entry: 20 },
    ]);
    expect(again.journal.append(30)).toBe(3);
    again.journal.close();
  });

  it('closes once: a second close does nothing, and a closed journal takes no line', async () => {
    const { journal } = await AppendJournal.open(join(dir, 'log'), numbers, 'x');
    journal.close();
    journal.close();
    expect(() => journal.append(1)).toThrow('The journal is closed.');
  });

  it('numbers past a snapshot, so its lines are never taken for older ones', async () => {
    const { journal } = await AppendJournal.open(join(dir, 'log'), numbers, 'x', 41);
    expect(journal.append(1)).toBe(42);
    journal.close();
  });

  it('takes turns between two files: lines go to the other one, the older one is emptied once a snapshot holds it', async () => {
    const base = join(dir, 'log');
    const { journal } = await AppendJournal.open(base, numbers, 'x');
    journal.append(1);
    journal.rotate();
    journal.append(2);
    // Both files are read back while the snapshot is not on disk.
    expect((await AppendJournal.open(base, numbers, 'x')).lines.map((l) => l.entry)).toEqual([1, 2]);
    journal.dropRotated();
    expect(await readFile(`${base}.a`, 'utf8')).toBe('');
    expect(await readFile(`${base}.b`, 'utf8')).toBe('[2,2]\n');
    journal.close();
  });

  it('a line a crash cut short is left out quietly; a damaged line is named, the file set aside, the rest kept', async () => {
    const base = join(dir, 'log');
    await writeFile(`${base}.a`, '[1,1]\n[2,2]\n[3,');
    const cut = await AppendJournal.open(base, numbers, 'x');
    expect(cut.lines.map((l) => l.entry)).toEqual([1, 2]);
    expect(cut.recovered).toEqual([]);
    cut.journal.close();
    await writeFile(`${base}.b`, '[4,4]\n{oops\n["5","not a seq"]\n[6,6]\n');
    const damaged = await AppendJournal.open(base, numbers, 'the lines');
    expect(damaged.lines.map((l) => l.entry)).toEqual([1, 2, 4, 6]);
    expect(damaged.recovered).toEqual([expect.objectContaining({ reason: '2 of its 4 lines were damaged', lost: '2 of 4 lines', kept: '2 lines' })]);
    expect((await readdir(dir)).some((n) => n.startsWith('log.b.damaged-'))).toBe(true);
    damaged.journal.close();
  });

  it('an unreadable file is set aside whole and named with the precise reason', async () => {
    const base = join(dir, 'log');
    await mkdir(`${base}.a`);
    const opened = await AppendJournal.open(base, numbers, 'the lines');
    expect(opened.lines).toEqual([]);
    expect(opened.recovered).toEqual([expect.objectContaining({ reason: 'a folder is where the file should be', lost: 'the lines', kept: null })]);
    expect((await readdir(dir)).some((n) => n.startsWith('log.a.damaged-'))).toBe(true);
    expect(opened.journal.append(1)).toBe(1);
    opened.journal.close();
  });
});

describe('SnapshottedJournal', () => {
  /** A journal whose snapshot is the entries so far, as JSON with the seq it holds. */
  async function snapshotted(options: { path?: string; errors?: unknown[] } = {}) {
    const base = join(dir, 'log');
    const path = options.path ?? join(dir, 'log.json');
    const clock = createFakeClock();
    const entries: number[] = [];
    const { journal: appender } = await AppendJournal.open(base, numbers, 'x');
    const journal = new SnapshottedJournal(appender, {
      path,
      content: (seq) => JSON.stringify({ seq, entries }),
      clock,
      delayMs: 1_000,
      onError: (error) => options.errors?.push(error),
    });
    const add = (n: number) => {
      entries.push(n);
      journal.append(n);
    };
    return { base, path, clock, journal, add };
  }

  it('writes the snapshot a while after the lines, then empties the file they were in', async () => {
    const { base, path, clock, journal, add } = await snapshotted();
    add(1);
    add(2);
    clock.advance(999);
    expect(await readdir(dir)).not.toContain('log.json');
    clock.advance(1);
    await waitUntil(() => journal.lastSeq === 2 && readdirSync(dir).includes('log.json'), 2_000, 'the snapshot');
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ seq: 2, entries: [1, 2] });
    expect(await readFile(`${base}.a`, 'utf8')).toBe('[1,1]\n[2,2]\n');
    // The next snapshot: lines go to the other file from its start, and the first is emptied once it lands.
    add(3);
    await journal.flush();
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ seq: 3, entries: [1, 2, 3] });
    expect(await readFile(`${base}.a`, 'utf8')).toBe('');
    add(4);
    expect(await readFile(`${base}.b`, 'utf8')).toBe('[4,4]\n');
    journal.close();
  });

  it('a snapshot that cannot be written keeps every line, tells its owner, and the next one rotates nothing away', async () => {
    const errors: unknown[] = [];
    // A folder where the snapshot should go: it cannot be renamed over.
    const path = join(dir, 'in-the-way');
    await mkdir(path);
    await writeFile(join(path, 'x'), 'x');
    const { base, clock, journal, add } = await snapshotted({ path, errors });
    add(1);
    clock.advance(1_000);
    await waitUntil(() => errors.length === 1, 2_000, 'the failure told');
    add(2);
    await expect(journal.flush()).rejects.toThrow();
    add(3);
    await expect(journal.flush()).rejects.toThrow();
    journal.close();
    // Nothing was emptied: every line is read back.
    expect((await AppendJournal.open(base, numbers, 'x')).lines.map((l) => l.entry)).toEqual([1, 2, 3]);
  });

  it('closed: no snapshot is written after, and no line taken', async () => {
    const { clock, journal, add } = await snapshotted();
    add(1);
    journal.close();
    clock.advance(5_000);
    await journal.flush();
    expect(await readdir(dir)).not.toContain('log.json');
    expect(() => journal.append(2)).toThrow('The journal is closed.');
  });
});
