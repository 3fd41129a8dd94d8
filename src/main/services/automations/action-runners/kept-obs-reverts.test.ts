import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test-support/fake-clock';
import { DataRecoveryNotices } from '../../common/data-recovery-notices';
import { silentLogger } from '../../logger';
import { firstChattersFileName, FirstChatters } from '../trigger-sources/first-chatters';
import { KeptObsReverts, obsRevertsFileName, obsRevertsJournalName } from './kept-obs-reverts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});
const newDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kept-files-'));
  dirs.push(dir);
  return dir;
};

describe('the kept OBS reverts file', () => {
  it("keeps what a run waits for across a kill (journal only), with a scene's inherited 'before'; what is done is gone", async () => {
    const dir = await newDir();
    const clock = createFakeClock(0);
    const kept = await KeptObsReverts.open(dir, clock, { logger: silentLogger });
    const water = kept.keep({ kind: 'scene', set: 'Water', previous: 'Scene', dueAt: 10_000 });
    const raid = kept.keep({ kind: 'scene', set: 'Raid', previous: 'Water', dueAt: 20_000 });
    const banner = kept.keep({ kind: 'source', sceneName: 'Scene', sourceName: 'Banner', visible: false, dueAt: 5000 });
    kept.inherit(raid, 'Scene');
    kept.done(water);
    expect(kept.fromEarlier()).toEqual([]);
    // A kill: no snapshot written, the journal lines stay.
    kept.dispose();
    const again = await KeptObsReverts.open(dir, clock, { logger: silentLogger });
    expect(again.fromEarlier()).toEqual([
      { id: raid, kind: 'scene', set: 'Raid', previous: 'Scene', dueAt: 20_000 },
      { id: banner, kind: 'source', sceneName: 'Scene', sourceName: 'Banner', visible: false, dueAt: 5000 },
    ]);
    again.done(raid);
    again.done(banner);
    await again.flush();
    again.dispose();
    const third = await KeptObsReverts.open(dir, clock, { logger: silentLogger });
    expect(third.fromEarlier()).toEqual([]);
    third.dispose();
  });

  it('a damaged file and a damaged journal line are set aside and named; the readable ones kept', async () => {
    const dir = await newDir();
    const notices = new DataRecoveryNotices(silentLogger);
    await writeFile(join(dir, obsRevertsFileName), JSON.stringify({ version: 1, seq: 0, reverts: [{ id: 'a', kind: 'scene', set: 'Water', previous: 'Scene', dueAt: 1 }, { id: 'b', kind: 'scene', set: 7 }] }));
    await writeFile(join(dir, `${obsRevertsJournalName}.a`), `[1,{"done":"a"}]\n[2,"nonsense"]\n`);
    const kept = await KeptObsReverts.open(dir, createFakeClock(0), { logger: silentLogger, notices });
    expect(kept.fromEarlier()).toEqual([]);
    expect(notices.list()).toHaveLength(2);
    expect((await readdir(dir)).filter((n) => n.includes('.damaged-'))).toHaveLength(2);
    kept.dispose();
  });
});

describe('the first-time chatters file', () => {
  it('a damaged file is set aside and named; the readable chatters kept', async () => {
    const dir = await newDir();
    const notices = new DataRecoveryNotices(silentLogger);
    await writeFile(join(dir, firstChattersFileName), JSON.stringify({ version: 1, seq: 0, userIds: ['u1', 42, ''] }));
    const first = await FirstChatters.open(dir, createFakeClock(0), { logger: silentLogger, notices });
    expect(first.see('u1').ever).toBe(false);
    expect(first.size).toBe(1);
    expect(notices.list()).toHaveLength(1);
    first.dispose();
  });
});
