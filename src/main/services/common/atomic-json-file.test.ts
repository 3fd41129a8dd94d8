import fs from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AtomicJsonFile, keepValid, writeFileAtomic, writeFileAtomicSync } from './atomic-json-file';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const numbers = (raw: unknown) => {
  if (!Array.isArray(raw)) return null;
  const { kept, dropped } = keepValid(raw, (v) => (typeof v === 'number' ? v : null));
  return { value: kept, dropped, lost: `${dropped} numbers`, kept: `${kept.length} numbers` };
};

describe('writeFileAtomic', () => {
  it('writes 0600 in a 0700 directory and leaves no temporary file', async () => {
    const file = join(dir, 'new', 'a.json');
    await writeFileAtomic(file, '{}');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'new'))).mode & 0o777).toBe(0o700);
    expect(await readdir(join(dir, 'new'))).toEqual(['a.json']);
  });

  it('synchronously: flushes to the disk, 0600, nothing left beside it', async () => {
    // The named export the module under test imports follows the spy once synced.
    const sync = vi.spyOn(fs, 'fsyncSync');
    syncBuiltinESMExports();
    try {
      writeFileAtomicSync(join(dir, 'flushed.json'), Buffer.from('[1]'));
      expect(sync).toHaveBeenCalledTimes(1);
      expect(await readFile(join(dir, 'flushed.json'), 'utf8')).toBe('[1]');
      expect((await stat(join(dir, 'flushed.json'))).mode & 0o777).toBe(0o600);
      expect(await readdir(dir)).toEqual(['flushed.json']);
    } finally {
      sync.mockRestore();
      syncBuiltinESMExports();
    }
  });

  it('removes its temporary file when the write fails', async () => {
    // A folder in the file's place: the rename fails after the temporary file was written.
    await mkdir(join(dir, 'a.json'));
    await writeFile(join(dir, 'a.json', 'inside'), 'x');
    await expect(writeFileAtomic(join(dir, 'a.json'), '{}')).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['a.json']);
  });
});

describe('AtomicJsonFile.read', () => {
  it('answers the fallback without a notice when there is no file', async () => {
    const file = new AtomicJsonFile<number[]>(join(dir, 'n.json'));
    expect(await file.read([], numbers)).toEqual({ value: [], existed: false, recovered: null });
  });

  it('keeps the valid entries, writes them back and keeps the original aside', async () => {
    const path = join(dir, 'n.json');
    await writeFile(path, '[1, "two", 3]');
    const { value, recovered } = await new AtomicJsonFile<number[]>(path).read([], numbers);
    expect(value).toEqual([1, 3]);
    expect(recovered).toMatchObject({ file: path, lost: '1 numbers', kept: '2 numbers' });
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual([1, 3]);
    expect(await readFile(recovered!.setAsideAs!, 'utf8')).toBe('[1, "two", 3]');
  });

  it('sets a file that is not JSON aside whole and says why', async () => {
    const path = join(dir, 'n.json');
    await writeFile(path, '[1, 2');
    const { value, recovered } = await new AtomicJsonFile<number[]>(path, { describeAll: 'the numbers' }).read([], numbers);
    expect(value).toEqual([]);
    expect(recovered).toMatchObject({ reason: 'it is not valid JSON (it may have been cut short)', lost: 'the numbers', kept: null });
    expect(await readdir(dir)).toEqual([expect.stringMatching(/^n\.json\.damaged-/)]);
  });
});
