import { describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../../shared/ipc/contract';
import { ApiError } from '../api/api-error';
import { createFakeClock } from '../../test-support/fake-clock';
import { silentLogger } from '../logger';
import { StreamStatusService, type StreamEventsSource } from './stream-status-service';
import { signedInAuthState } from '../../test-support/auth-states';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { fakeChannelEvents } from '../../test-support/fake-channel-events';

const signedIn: AuthState = signedInAuthState;
const signedOut: AuthState = { ...signedIn, status: 'signedOut', account: null };

/** Gaps fired by hand, and the channel-event stream over notifications fired in the platform's shapes. */
function fakeEvents(broadcaster: Parameters<typeof fakeChannelEvents>[0]) {
  const gaps = new Set<(g: unknown) => void>();
  const source: StreamEventsSource = {
    onGap: (l) => {
      gaps.add(l);
      return () => gaps.delete(l);
    },
  };
  const channel = fakeChannelEvents(broadcaster);
  return {
    source,
    channelEvents: channel.stream,
    emit: (type: string, event: unknown) => channel.source.fire(type, event),
    gap: () => gaps.forEach((l) => l({ reason: 'drop', since: null })),
  };
}

const liveStream = { id: 's1', user_id: '42', game_id: '509658', game_name: 'Just Chatting', title: 'Hello', viewer_count: 17, started_at: '2025-01-01T00:00:00Z', type: 'live' };
const channel = { broadcaster_id: '42', game_id: '33214', game_name: 'Fortnite', title: 'Next time' };

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function setup(opts: { live?: boolean; auth?: AuthState } = {}) {
  const clock = createFakeClock();
  const { auth, broadcaster } = fakeBroadcaster(opts.auth ?? signedIn);
  const events = fakeEvents(broadcaster);
  let live = opts.live ?? false;
  const get = vi.fn(async (path: string, _query?: unknown): Promise<unknown> => {
    if (path === '/helix/streams') return { data: live ? [liveStream] : [] };
    if (path === '/helix/channels') return { data: [channel] };
    throw new Error(`unexpected ${path}`);
  });
  const service = new StreamStatusService({ api: { get: get as never }, broadcaster, events: events.source, channelEvents: events.channelEvents, logger: silentLogger, clock, pollIntervalMs: 60_000 });
  const changes: unknown[] = [];
  service.onChange((s) => changes.push(s));
  return { service, clock, auth, events, get, changes, setLive: (v: boolean) => (live = v) };
}

describe('StreamStatusService', () => {
  it('reads the live stream at sign-in with counts, title and category', async () => {
    const { service, get } = setup({ live: true });
    service.start();
    await flush();
    expect(get).toHaveBeenCalledWith('/helix/streams', { user_id: '42', type: 'live' });
    expect(service.getStatus()).toMatchObject({ live: true, streamId: 's1', viewerCount: 17, title: 'Hello', categoryName: 'Just Chatting', error: null });
  });

  it('reads the channel for title and category when offline', async () => {
    const { service, get } = setup({ live: false });
    service.start();
    await flush();
    expect(get).toHaveBeenCalledWith('/helix/channels', { broadcaster_id: '42' });
    expect(service.getStatus()).toMatchObject({ live: false, title: 'Next time', categoryName: 'Fortnite', viewerCount: null });
  });

  it('polls every interval while signed in and stops on sign-out', async () => {
    const { service, clock, get, auth } = setup();
    service.start();
    await flush();
    const calls = get.mock.calls.length;
    clock.advance(60_000);
    await flush();
    expect(get.mock.calls.length).toBeGreaterThan(calls);
    auth.set(signedOut);
    expect(clock.pendingTimers()).toBe(0);
    expect(service.getStatus().live).toBe(false);
  });

  it('keeps the status through a re-sign-in without polling, and polls again once signed in', async () => {
    const { service, clock, get, auth } = setup({ live: true });
    service.start();
    await flush();
    expect(service.getStatus()).toMatchObject({ live: true, streamId: 's1' });
    auth.expire();
    auth.signingIn();
    expect(service.getStatus()).toMatchObject({ live: true, streamId: 's1', viewerCount: 17 });
    expect(clock.pendingTimers()).toBe(0);
    await expect(service.refresh()).rejects.toMatchObject({ code: 'not_signed_in' });
    const calls = get.mock.calls.length;
    auth.set(signedIn);
    await flush();
    expect(get.mock.calls.length).toBeGreaterThan(calls);
    expect(clock.pendingTimers()).toBe(1);
    expect(service.getStatus()).toMatchObject({ live: true, streamId: 's1' });
    auth.set(signedOut);
    expect(service.getStatus()).toMatchObject({ live: false, streamId: null, title: '' });
  });

  it('goes live on stream.online at once, then fills the counts from a poll', async () => {
    const { service, events, setLive, changes } = setup();
    service.start();
    await flush();
    setLive(true);
    events.emit('stream.online', { id: 's1', broadcaster_user_id: '42', started_at: '2025-01-01T00:00:00Z', type: 'live' });
    expect(service.getStatus()).toMatchObject({ live: true, streamId: 's1', startedAt: '2025-01-01T00:00:00Z' });
    await flush();
    expect(service.getStatus().viewerCount).toBe(17);
    expect(changes.length).toBeGreaterThanOrEqual(3);
  });

  it('ignores another broadcaster’s events and goes offline on stream.offline', async () => {
    const { service, events } = setup({ live: true });
    service.start();
    await flush();
    events.emit('stream.offline', { broadcaster_user_id: '7' });
    expect(service.getStatus().live).toBe(true);
    events.emit('stream.offline', { broadcaster_user_id: '42' });
    expect(service.getStatus()).toMatchObject({ live: false, streamId: null, startedAt: null });
  });

  it('polls at once after an events gap', async () => {
    const { service, events, get } = setup();
    service.start();
    await flush();
    const calls = get.mock.calls.length;
    events.gap();
    await flush();
    expect(get.mock.calls.length).toBeGreaterThan(calls);
  });

  it('an answer older than an event does not overwrite it', async () => {
    const { service, events, get } = setup();
    service.start();
    await flush();
    let release!: () => void;
    get.mockImplementationOnce(async () => {
      await new Promise<void>((r) => (release = r));
      return { data: [] };
    });
    const stale = service.refresh();
    events.emit('stream.online', { id: 's9', broadcaster_user_id: '42', started_at: '2025-01-01T00:00:00Z', type: 'live' });
    release();
    await stale.catch(() => {});
    await flush();
    expect(service.getStatus().live).toBe(true);
  });

  it('a poll that an event made stale does not let two polls overlap, so the last one asked has the last word', async () => {
    const { service, events, get } = setup({ live: true });
    service.start();
    await flush();
    // Each check of the listing answers with its own number as the viewer count; the first two wait.
    let asked = 0;
    const gates: (() => void)[] = [];
    get.mockImplementation(async (path: string) => {
      if (path !== '/helix/streams') return { data: [channel] };
      const n = ++asked;
      if (n <= 2) await new Promise<void>((resolve) => gates.push(resolve));
      return { data: [{ ...liveStream, viewer_count: n }] };
    });
    const first = service.refresh();
    await flush();
    // The event discards the first poll (older) and starts a second one.
    events.emit('stream.online', { id: 's1', broadcaster_user_id: '42', started_at: '2025-01-01T00:00:00Z', type: 'live' });
    await flush();
    gates[0]!();
    await first;
    await flush();
    // Asked while the second poll is under way: it shares it rather than racing it.
    const third = service.refresh();
    await flush();
    gates[1]!();
    await third;
    await flush();
    expect(service.getStatus().viewerCount).toBe(asked);
  });

  it('a check asked while another is under way is answered by a read made after it (the stream the caller just started is in it)', async () => {
    const { service, get, setLive } = setup({ live: false });
    let release!: () => void;
    get.mockImplementationOnce(async () => {
      await new Promise<void>((r) => (release = r));
      return { data: [] };
    });
    // The start's check is under way (it began before the stream started)...
    service.start();
    await flush();
    // ...when the broadcaster goes live and asks.
    setLive(true);
    const asked = service.refresh();
    const alsoAsked = service.refresh();
    release();
    await expect(asked).resolves.toMatchObject({ live: true, streamId: 's1' });
    await expect(alsoAsked).resolves.toMatchObject({ live: true });
    expect(service.getStatus().live).toBe(true);
    // The two callers shared the one check that followed: the first, then one more, never two at once.
    expect(get.mock.calls.filter(([path]) => path === '/helix/streams')).toHaveLength(2);
  });

  it('trusts an event over a lagging listing for a while, then the listing', async () => {
    const { service, events, clock } = setup();
    service.start();
    await flush();
    events.emit('stream.online', { id: 's1', broadcaster_user_id: '42', started_at: '2025-01-01T00:00:00Z', type: 'live' });
    await flush();
    expect(service.getStatus()).toMatchObject({ live: true, title: 'Next time' });
    clock.advance(240_000);
    await flush();
    expect(service.getStatus().live).toBe(false);
  });

  it('takes a title or category changed on the platform from channel.update at once, over a poll under way', async () => {
    const { service, events, get } = setup({ live: false });
    service.start();
    await flush();
    // A poll that read the channel before the change answers after the event.
    let answer: (value: unknown) => void = () => {};
    get.mockImplementationOnce(async () => ({ data: [] })).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const polling = service.refresh();
    await flush();
    events.emit('channel.update', { broadcaster_user_id: '42', title: 'Changed on the platform', category_id: '509658', category_name: 'Just Chatting', language: 'en' });
    expect(service.getStatus()).toMatchObject({ title: 'Changed on the platform', categoryName: 'Just Chatting' });
    answer({ data: [channel] });
    await polling;
    expect(service.getStatus()).toMatchObject({ title: 'Changed on the platform', categoryName: 'Just Chatting' });
    events.emit('channel.update', { broadcaster_user_id: '7', title: 'Someone else', category_id: '1', category_name: 'x' });
    expect(service.getStatus().title).toBe('Changed on the platform');
  });

  it('keeps what it knew and says why when a check fails', async () => {
    const { service, get } = setup({ live: true });
    service.start();
    await flush();
    get.mockRejectedValueOnce(new ApiError(503, 'Service Unavailable', 'try later'));
    await expect(service.refresh()).rejects.toThrow('try again in a moment');
    expect(service.getStatus()).toMatchObject({ live: true, error: 'The platform had a problem; try again in a moment.' });
  });

  it('refuses to refresh when signed out', async () => {
    const { service } = setup({ auth: signedOut });
    service.start();
    await expect(service.refresh()).rejects.toMatchObject({ code: 'not_signed_in' });
  });
});
