import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BroadcastMarkerLog } from '../../../shared/ipc/contract';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger, type Logger } from '../logger';
import { FileMarkerLogStore } from './marker-log-store';

const log = (n: number): BroadcastMarkerLog => ({
  streamId: `s${n}`,
  startedAt: null,
  title: `t${n}`,
  entries: [{ id: `e${n}`, source: 'hotkey', pressedAt: '2025-01-01T00:00:00.000Z', description: '', status: 'created', positionSeconds: n, delaySeconds: 0, markerId: `m${n}`, attempts: 1, error: null }],
});

let dir: string;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('FileMarkerLogStore', () => {
  it('starts empty, saves atomically and reads back', async () => {
    dir = await mkdtemp(join(tmpdir(), 'markers-'));
    const store = new FileMarkerLogStore(join(dir, 'nested'), silentLogger);
    expect(await store.load()).toEqual([]);
    await Promise.all([store.save([log(1)]), store.save([log(1), log(2)])]);
    expect(await new FileMarkerLogStore(join(dir, 'nested'), silentLogger).load()).toEqual([log(1), log(2)]);
    // No temporary file is left behind.
    expect(await readdir(join(dir, 'nested'))).toEqual(['marker-log.json']);
  });

  it('sets an unreadable file aside instead of failing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'markers-'));
    await writeFile(join(dir, 'marker-log.json'), '{ nope');
    const store = new FileMarkerLogStore(dir, silentLogger);
    expect(await store.load()).toEqual([]);
    const files = await readdir(dir);
    expect(files.some((f) => f.startsWith('marker-log.json.damaged-'))).toBe(true);
    await store.save([log(3)]);
    expect(JSON.parse(await readFile(join(dir, 'marker-log.json'), 'utf8')).broadcasts).toHaveLength(1);
  });

  it('reads logs written before clips (no kind: a marker) beside clip entries, and drops a clip entry whose link is not a web address', async () => {
    dir = await mkdtemp(join(tmpdir(), 'markers-'));
    const old = log(1);
    const clip = { ...old.entries[0]!, id: 'c1', kind: 'clip', url: 'https://clips.example/Clip-1/edit', markerId: 'Clip-1' };
    const badClip = { ...clip, id: 'c2', url: 'javascript:alert(1)' };
    await writeFile(join(dir, 'marker-log.json'), JSON.stringify({ version: 1, broadcasts: [{ ...old, entries: [old.entries[0], clip, badClip] }] }));
    const loaded = await new FileMarkerLogStore(dir, silentLogger).load();
    expect(loaded[0]!.entries.map((e) => [e.id, e.kind ?? 'marker', e.url ?? null])).toEqual([
      ['e1', 'marker', null],
      ['c1', 'clip', 'https://clips.example/Clip-1/edit'],
    ]);
  });

  it('names a press whose only damage is an unknown status, and keeps both broadcasts’ good presses', async () => {
    dir = await mkdtemp(join(tmpdir(), 'markers-'));
    const notices = new DataRecoveryNotices(silentLogger);
    const [a, b] = [log(1), log(2)];
    const unknown = { ...a.entries[0]!, id: 'e1-unknown', status: 'exploded' };
    await writeFile(join(dir, 'marker-log.json'), JSON.stringify({ version: 1, broadcasts: [{ ...a, entries: [a.entries[0], unknown] }, b] }));
    const loaded = await new FileMarkerLogStore(dir, silentLogger, undefined, notices).load();
    expect(loaded).toEqual([a, b]);
    expect(notices.list()).toEqual([
      expect.objectContaining({
        file: 'marker-log.json',
        reason: '1 part of it was damaged',
        lost: '1 of 3 marker presses (the markers themselves are still on the platform)',
        kept: '2 marker presses in 2 broadcasts',
        setAsideAs: expect.stringMatching(/^marker-log\.json\.damaged-/),
      }),
    ]);
  });

  it('keeps every good press around a damaged one and of a broadcast whose details are damaged, and says so in the log and as a notice', async () => {
    dir = await mkdtemp(join(tmpdir(), 'markers-'));
    const warnings: string[] = [];
    const logger: Logger = { ...silentLogger, warn: (message) => void warnings.push(message) };
    const notices = new DataRecoveryNotices(logger);
    const [a, b] = [log(1), log(2)];
    const damaged = {
      version: 1,
      broadcasts: [
        { ...a, entries: [a.entries[0], { id: 'bad', status: 'lost' }, { ...a.entries[0], id: 'e1b' }] },
        // Its title and start are damaged; its press is not.
        { ...b, title: 42, startedAt: {} },
        { streamId: 's3', title: 't3', startedAt: null, entries: [{ id: 'only-bad' }] },
        'not a broadcast',
      ],
    };
    await writeFile(join(dir, 'marker-log.json'), JSON.stringify(damaged));
    const loaded = await new FileMarkerLogStore(dir, logger, undefined, notices).load();
    expect(loaded.map((l) => [l.streamId, l.title, l.entries.map((e) => e.id)])).toEqual([
      ['s1', 't1', ['e1', 'e1b']],
      ['s2', '', ['e2']],
      ['s3', 't3', []],
    ]);
    expect(notices.list()).toEqual([
      expect.objectContaining({
        file: 'marker-log.json',
        reason: '4 parts of it were damaged',
        lost: 'the marker list of 1 broadcast, 2 of 5 marker presses, the title and start of 1 broadcast (their presses are kept) (the markers themselves are still on the platform)',
        kept: '3 marker presses in 3 broadcasts',
        done: 'Kept every readable marker press',
        setAsideAs: expect.stringMatching(/^marker-log\.json\.damaged-/),
      }),
    ]);
    expect(warnings).toEqual([expect.stringMatching(/^damaged data file marker-log\.json: 4 parts of it were damaged/)]);
    // What was kept is what the next start reads, without a new notice.
    const again = new DataRecoveryNotices(silentLogger);
    expect(await new FileMarkerLogStore(dir, silentLogger, undefined, again).load()).toEqual(loaded);
    expect(again.list()).toEqual([]);
  });
});
