import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelEventOf } from '../../../shared/ipc/contract';
import { signedInAuthState } from '../../test-support/auth-states';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { fakeChannelEvents } from '../../test-support/fake-channel-events';
import { channelEvent, user } from '../../test-support/moderation-fakes';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger } from '../logger';
import { ModLog, modLogFileName, openModLogFiles } from './mod-log';

let dir: string;
/** Every log a test opened: closed before its folder goes, so that no snapshot is still being written into it. */
let opened: ModLog[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mod-log-'));
});
afterEach(async () => {
  for (const log of opened) {
    await log.close();
    log.dispose();
  }
  opened = [];
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

const moderation = (action: string, fields: Partial<Omit<ChannelEventOf<'moderation'>, 'kind' | 'id' | 'source'>> = {}) =>
  channelEvent('moderation', { moderator: user('7', 'ModMia'), action, user: user('9', 'PixelPal'), reason: '', messageId: null, messageText: null, expiresAt: null, detail: '', ...fields });

async function setup(options: { live?: string | null; maxEntries?: number; notices?: DataRecoveryNotices } = {}) {
  const { auth, broadcaster } = fakeBroadcaster();
  const { stream } = fakeChannelEvents(broadcaster);
  let live = options.live ?? null;
  const files = await openModLogFiles(dir, { logger: silentLogger, notices: options.notices });
  const log = new ModLog({ files, channelEvents: stream, broadcaster, liveBroadcastId: () => live, logger: silentLogger, saveDelayMs: 10, maxEntries: options.maxEntries });
  log.start();
  opened.push(log);
  return { auth, stream, log, setLive: (id: string | null) => (live = id) };
}

describe('ModLog', () => {
  it("logs every moderator's action (who, what, on whom, why), tagged with the broadcast on air, newest first, once per event", async () => {
    const { stream, log, setLive } = await setup({ live: 'b1' });
    const ban = moderation('ban', { reason: 'spam' });
    stream.publish(ban);
    stream.publish(ban);
    setLive(null);
    stream.publish(moderation('delete', { messageId: 'm1', messageText: 'buy followers' }));
    stream.publish(moderation('slow', { user: null, detail: '30 s between messages' }));
    const { entries } = log.getState();
    expect(entries.map((e) => [e.action, e.broadcastId, e.moderator.name, e.user?.name ?? null])).toEqual([
      ['slow', null, 'ModMia', null],
      ['delete', null, 'ModMia', 'PixelPal'],
      ['ban', 'b1', 'ModMia', 'PixelPal'],
    ]);
    expect(entries[1]).toMatchObject({ messageText: 'buy followers', broadcasterId: '42' });
    expect(entries[2]!.reason).toBe('spam');
  });

  it('keeps the entries across a restart, each account its own; bounded, the oldest going first', async () => {
    const first = await setup({ maxEntries: 3 });
    for (const action of ['ban', 'timeout', 'unban', 'delete']) first.stream.publish(moderation(action));
    await first.log.close();
    first.log.dispose();

    const again = await setup({ maxEntries: 3 });
    expect(again.log.getState().entries.map((e) => e.action)).toEqual(['delete', 'unban', 'timeout']);
    again.auth.set({ ...signedInAuthState, account: { ...signedInAuthState.account!, id: '77', login: 'other' } });
    expect(again.log.getState().entries).toEqual([]);
    await again.log.close();
  });

  it('a line appended before a kill is read back from the journal, without the snapshot', async () => {
    const first = await setup();
    first.stream.publish(moderation('ban'));
    // No close: the process died before the snapshot.
    const again = await setup();
    expect(again.log.getState().entries.map((e) => e.action)).toEqual(['ban']);
    await again.log.close();
    await first.log.close();
  });

  it('a damaged file is set aside and named; the log starts again', async () => {
    await writeFile(join(dir, modLogFileName), '{ not json');
    const notices = new DataRecoveryNotices(silentLogger);
    const { stream, log } = await setup({ notices });
    expect(notices.list()).toHaveLength(1);
    expect(notices.list()[0]).toMatchObject({ file: modLogFileName });
    expect((await readdir(dir)).some((name) => name.startsWith(modLogFileName) && name !== modLogFileName)).toBe(true);
    stream.publish(moderation('ban'));
    expect(log.getState().entries).toHaveLength(1);
    await log.close();
  });
});

describe('ModLog changes', () => {
  it('a burst of actions is one change, not one per action', async () => {
    const { broadcaster } = fakeBroadcaster();
    const { stream } = fakeChannelEvents(broadcaster);
    const files = await openModLogFiles(dir, { logger: silentLogger });
    const log = new ModLog({ files, channelEvents: stream, broadcaster, liveBroadcastId: () => null, logger: silentLogger, coalesceMs: 20 });
    log.start();
    const changes: number[] = [];
    log.onChange((state) => changes.push(state.entries.length));
    for (let i = 0; i < 200; i++) stream.publish(moderation('ban', { user: user(String(1000 + i)) }));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(changes).toEqual([200]);
    await log.close();
    log.dispose();
  });
});
