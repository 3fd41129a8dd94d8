import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storyCsv } from '../../../shared/domain/broadcast-story';
import { Emitter } from '../../../shared/primitives/emitter';
import { events, viewer } from '../../test-support/automation-fixtures';
import { liveStatus, ManualChannelEvents, ManualStream, openRecorder } from '../../test-support/broadcast-story-fixtures';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { RecordingNotifier } from '../../test-support/recording-notifier';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger } from '../logger';
import { offlineStatus } from '../stream-status/stream-status-service';
import type { StoryMarkerSource } from './broadcast-story-recorder';
import { storiesFileName } from './story-files';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'broadcast-story-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const T0 = Date.UTC(2025, 0, 1, 20, 0, 0);
const minute = 60_000;

async function setup(clock: FakeClock = createFakeClock(T0), extra: Parameters<typeof openRecorder>[2] extends infer O ? Partial<O> : never = {}) {
  const stream = new ManualStream();
  const channelEvents = new ManualChannelEvents();
  const recorder = await openRecorder(dir, clock, { stream, channelEvents, ...extra });
  return { clock, stream, channelEvents, recorder };
}

describe('BroadcastStoryRecorder', () => {
  it('records one bucket a minute: viewers, chat lines, chatters, follows, subs, bits, redemptions, donations; a quiet minute is a zero', async () => {
    const { clock, stream, channelEvents, recorder } = await setup();
    stream.set(liveStatus(T0, 10));
    channelEvents.fire(events.chat('hi', { user: viewer(1) }));
    channelEvents.fire(events.chat('hello', { user: viewer(2) }));
    channelEvents.fire(events.chat('again', { user: viewer(1) }));
    channelEvents.fire(events.follow(viewer(3)));
    channelEvents.fire(events.redemption());
    channelEvents.fire(events.cheer(100));
    channelEvents.fire({ ...events.follow(), kind: 'giftSubscriptions', gifter: null, tier: '1000', count: 5, cumulativeTotal: null } as never);
    // One of the five gifts, named: counted by the gift above, not again.
    channelEvents.fire({ ...events.follow(viewer(5)), kind: 'subscription', tier: '1000', isGift: true } as never);
    clock.advance(minute);
    stream.set(liveStatus(T0, 15));
    channelEvents.fire(events.chat('later', { user: viewer(4) }));
    clock.advance(2 * minute);
    const story = recorder.get('stream-1');
    expect(story.minutes.slice(0, 3)).toEqual([
      { minute: 0, viewers: 10, chatLines: 3, chatters: 2, follows: 1, subs: 5, bits: 100, redemptions: 1, donations: 0 },
      { minute: 1, viewers: 15, chatLines: 1, chatters: 1, follows: 0, subs: 0, bits: 0, redemptions: 0, donations: 0 },
      { minute: 2, viewers: 15, chatLines: 0, chatters: 0, follows: 0, subs: 0, bits: 0, redemptions: 0, donations: 0 },
    ]);
    expect(story.followers).toEqual(['Viewer3']);
    expect(story.subscribers).toEqual([{ name: 'Viewer5', tier: '1000', gift: true }]);
    expect(story.chatters).toEqual([
      { name: 'Viewer1', lines: 2 },
      { name: 'Viewer2', lines: 1 },
      { name: 'Viewer4', lines: 1 },
    ]);
    recorder.dispose();
  });

  it('puts the moments on the timeline: a raid, an ad break, a category change, a marker from the marker log', async () => {
    const markerChanges = new Emitter<ReturnType<StoryMarkerSource['getOverview']>>();
    const markers: StoryMarkerSource = { getOverview: () => ({ logs: [] }), onChange: (l) => markerChanges.on(l) };
    const { clock, stream, channelEvents, recorder } = await setup(undefined, { markers });
    stream.set(liveStatus(T0, 10));
    clock.advance(90_000);
    channelEvents.fire(events.raid(42, viewer(9)));
    channelEvents.fire({ ...events.follow(), kind: 'adBreakBegin', durationSeconds: 60, isAutomatic: false, startedAt: new Date(clock.now()).toISOString() } as never);
    stream.set(liveStatus(T0, 50, { categoryName: 'Chess' }));
    const entry = { id: 'press-1', kind: 'marker' as const, pressedAt: new Date(T0 + 30_000).toISOString(), description: 'Boss fight', status: 'created', positionSeconds: 30 };
    markerChanges.fire({ logs: [{ streamId: 'stream-1', entries: [entry] }] });
    markerChanges.fire({ logs: [{ streamId: 'stream-1', entries: [entry] }] });
    expect(recorder.get('stream-1').moments.map((m) => [m.kind, m.offsetSeconds, m.label])).toEqual([
      ['raidIn', 90, 'Raid from Viewer9 with 42 viewers'],
      ['adBreak', 90, 'Ad break, 60 s'],
      ['categoryChange', 90, 'Category: Chess'],
      ['marker', 30, 'Boss fight'],
    ]);
    recorder.dispose();
  });

  it('ends with the stream: kept on disk, announced a few seconds later', async () => {
    const notifier = new RecordingNotifier();
    let opened = 0;
    const { clock, stream, channelEvents, recorder } = await setup(undefined, { notifier, openWindow: () => void opened++ });
    const ended: string[] = [];
    recorder.onEnded(({ id }) => ended.push(id));
    stream.set(liveStatus(T0, 10));
    channelEvents.fire(events.follow());
    clock.advance(minute + 20_000);
    channelEvents.fire(events.follow());
    stream.set({ ...offlineStatus, checkedAt: new Date(clock.now()).toISOString() });
    expect(recorder.list()).toMatchObject({ liveId: null, broadcasts: [{ id: 'stream-1', endedAt: new Date(T0 + minute + 20_000).toISOString(), totals: { minutes: 2, follows: 2 } }] });
    expect(ended).toEqual([]);
    clock.advance(5000);
    expect(ended).toEqual(['stream-1']);
    expect(notifier.shown.map((n) => n.notification.title)).toEqual(['Your broadcast is over: here is its story']);
    notifier.shown[0]!.handlers.onClick?.();
    expect(opened).toBe(1);
    await recorder.flush();
    const onDisk = JSON.parse(await readFile(join(dir, storiesFileName), 'utf8')) as { broadcasts: { id: string }[] };
    expect(onDisk.broadcasts.map((b) => b.id)).toEqual(['stream-1']);
    recorder.dispose();
    const again = await setup(createFakeClock(clock.now()));
    expect(again.recorder.list()).toMatchObject({ liveId: null, broadcasts: [{ id: 'stream-1', totals: { follows: 2 } }] });
    again.recorder.dispose();
  });

  it('a restart mid-broadcast goes on with the same broadcast; the minutes Sidestage was closed are missing, not zero', async () => {
    const first = await setup();
    first.stream.set(liveStatus(T0, 10));
    first.channelEvents.fire(events.follow());
    first.clock.advance(2 * minute);
    await first.recorder.flush();
    first.recorder.dispose();
    const clock = createFakeClock(T0 + 5 * minute + 1000);
    const second = await setup(clock);
    second.stream.set(liveStatus(T0, 30));
    second.channelEvents.fire(events.follow());
    clock.advance(minute);
    const story = second.recorder.get('stream-1');
    expect(story.minutes.map((m) => [m.minute, m.viewers, m.follows])).toEqual([
      [0, 10, 1],
      [1, 10, 0],
      // The minute under way on quit, kept as far as it went.
      [2, 10, 0],
      [5, 30, 1],
      [6, 30, 0],
    ]);
    expect(second.recorder.list().broadcasts).toHaveLength(1);
    second.recorder.dispose();
  });

  it("each broadcast carries its broadcaster's id, read back after a restart; a broadcast of a file from before has none (unknown)", async () => {
    const old = { id: 'old-1', startedAt: new Date(T0 - 10 * minute).toISOString(), endedAt: new Date(T0 - 5 * minute).toISOString(), title: 't', categoryName: 'c', minutes: [], moments: [], chatters: [], followers: [], subscribers: [] };
    await writeFile(join(dir, storiesFileName), JSON.stringify({ version: 1, broadcasts: [old] }));
    const first = await setup(undefined, { broadcaster: { id: '111' } });
    first.stream.set(liveStatus(T0, 10));
    first.clock.advance(minute);
    first.recorder.dispose();
    // Killed while live: the journal's begin line holds the broadcaster.
    const second = await setup(createFakeClock(T0 + 2 * minute), { broadcaster: { id: '222' } });
    expect(second.recorder.get('stream-1').broadcasterId).toBe('111');
    second.stream.set({ ...offlineStatus, checkedAt: new Date(T0 + 2 * minute).toISOString() });
    await second.recorder.flush();
    expect(second.recorder.list().broadcasts.map((b) => [b.id, b.broadcasterId])).toEqual([
      ['stream-1', '111'],
      ['old-1', undefined],
    ]);
    const saved = JSON.parse(await readFile(join(dir, storiesFileName), 'utf8')) as { broadcasts: { id: string; broadcasterId?: string }[] };
    expect(saved.broadcasts.map((b) => b.broadcasterId)).toEqual([undefined, '111']);
    second.recorder.dispose();
  });

  it('a broadcast across midnight stays one timeline', async () => {
    const start = Date.UTC(2025, 0, 1, 23, 58, 30);
    const { clock, stream, channelEvents, recorder } = await setup(createFakeClock(start));
    stream.set(liveStatus(start, 10));
    for (let i = 0; i < 4; i++) {
      channelEvents.fire(events.chat(`line ${i}`));
      clock.advance(minute);
    }
    const story = recorder.get('stream-1');
    expect(story.minutes.map((m) => [m.minute, m.chatLines])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 0],
    ]);
    const times = storyCsv(story)
      .trim()
      .split('\r\n')
      .slice(1)
      .map((row) => row.split(',')[2]);
    expect(times.slice(0, 4)).toEqual(['2025-01-01T23:58:30.000Z', '2025-01-01T23:59:30.000Z', '2025-01-02T00:00:30.000Z', '2025-01-02T00:01:30.000Z']);
    recorder.dispose();
  });

  it('killed while live (nothing flushed): every finished minute is back, only the minute under way is lost', async () => {
    const { clock, stream, channelEvents } = await setup();
    stream.set(liveStatus(T0, 10));
    channelEvents.fire(events.chat('a'));
    channelEvents.fire(events.follow());
    clock.advance(minute);
    channelEvents.fire(events.chat('b'));
    channelEvents.fire(events.raid(5));
    clock.advance(30_000);
    channelEvents.fire(events.chat('c, lost with its minute'));
    // kill -9: no flush, no dispose, no snapshot was due.
    const after = await setup(createFakeClock(clock.now()));
    expect(after.recorder.list().liveId).toBe('stream-1');
    const story = after.recorder.get('stream-1');
    expect(story.minutes.map((m) => [m.minute, m.chatLines, m.follows])).toEqual([[0, 1, 1]]);
    // The moment was written at once.
    expect(story.moments.map((m) => m.kind)).toEqual(['raidIn']);
    after.recorder.dispose();
  });

  it('keeps the newest broadcasts only', async () => {
    const { clock, stream, recorder } = await setup(undefined, { maxBroadcasts: 3 });
    for (let i = 1; i <= 5; i++) {
      stream.set(liveStatus(clock.now(), 1, { streamId: `s${i}` }));
      clock.advance(minute);
      stream.set({ ...offlineStatus, checkedAt: new Date(clock.now()).toISOString() });
    }
    expect(recorder.list().broadcasts.map((b) => b.id)).toEqual(['s5', 's4', 's3']);
    expect(() => recorder.get('s1')).toThrow(/last 100/);
    // The list's writes land before the directory is removed.
    await recorder.flush();
    recorder.dispose();
  });

  it('a damaged file is set aside and named; the readable broadcasts are kept', async () => {
    const good = { id: 'ok-1', startedAt: new Date(T0).toISOString(), endedAt: new Date(T0 + minute).toISOString(), title: 't', categoryName: 'c', minutes: [], moments: [], chatters: [], followers: [], subscribers: [] };
    await writeFile(join(dir, storiesFileName), JSON.stringify({ version: 1, broadcasts: [good, { id: 42 }] }));
    const notices = new DataRecoveryNotices(silentLogger);
    const { recorder } = await setup(undefined, { notices });
    expect(recorder.list().broadcasts.map((b) => b.id)).toEqual(['ok-1']);
    const [notice] = notices.list();
    expect(notice).toMatchObject({ file: storiesFileName, lost: 'the stories of 1 broadcast', kept: 'the stories of 1 broadcast' });
    expect((await readdir(dir)).some((name) => name.startsWith(`${storiesFileName}.damaged-`))).toBe(true);
    recorder.dispose();
  });

  it('a file that is not JSON is set aside whole, and recording starts anew', async () => {
    await writeFile(join(dir, storiesFileName), '{"version":1,"broad');
    const notices = new DataRecoveryNotices(silentLogger);
    const { recorder } = await setup(undefined, { notices });
    expect(recorder.list().broadcasts).toEqual([]);
    expect(notices.list()[0]).toMatchObject({ reason: 'it is not valid JSON (it may have been cut short)', done: 'Started a new list of broadcasts' });
    recorder.dispose();
  });
});
