import { describe, expect, it, vi } from 'vitest';
import type { AuthState, StreamStatus } from '../../../shared/ipc/contract';
import type { ApiRequest } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { networkAppError } from '../api/network-error';
import { createFakeClock } from '../auth/fake-clock';
import { silentLogger } from '../logger';
import { RecordingNotifier } from '../notifications/notifier';
import { MemorySettingsStore } from '../settings/settings-store';
import { MemoryMarkerLogStore } from './marker-log-store';
import { MarkerService } from './marker-service';

const signedIn: AuthState = {
  status: 'signedIn',
  account: { id: '42', login: 'me', displayName: 'Me', broadcasterType: 'affiliate', profileImageUrl: '' },
  scopes: [],
  missingScopes: [],
  pending: null,
  lastValidatedAt: null,
  error: null,
};
const live: StreamStatus = { live: true, streamId: 's1', startedAt: '2025-01-01T00:00:00Z', viewerCount: 3, title: 'T', categoryId: '', categoryName: '', checkedAt: null, error: null };
const offline: StreamStatus = { ...live, live: false, streamId: null, startedAt: null, viewerCount: null };

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

function setup(opts: { status?: StreamStatus; refreshTo?: StreamStatus } = {}) {
  const clock = createFakeClock(Date.UTC(2025, 0, 1, 1, 23, 45));
  let status = opts.status ?? live;
  const listeners = new Set<(s: StreamStatus) => void>();
  const stream = {
    getStatus: () => status,
    refresh: vi.fn(async () => {
      if (opts.refreshTo) status = opts.refreshTo;
      return status;
    }),
    onChange: (l: (s: StreamStatus) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(next: StreamStatus) {
      status = next;
      listeners.forEach((l) => l(next));
    },
  };
  const posts: ApiRequest[] = [];
  const postResults: (() => unknown)[] = [];
  const request = vi.fn(async (req: ApiRequest) => {
    if (req.method === 'POST') {
      posts.push(req);
      const next = postResults.shift();
      const value = next ? next() : { id: `m${posts.length}`, created_at: '', description: (req.body as { description?: string }).description ?? '', position_seconds: 5025 };
      return { status: 200, data: { data: [value] } };
    }
    return { status: 200, data: { data: [{ user_id: '42', videos: [{ video_id: 'v1', markers: [{ id: 'm1', created_at: 'x', description: 'd', position_seconds: 5025, URL: 'u' }] }] }] } };
  });
  const notifier = new RecordingNotifier();
  const settings = new MemorySettingsStore();
  const store = new MemoryMarkerLogStore();
  const showWindow = vi.fn();
  const service = new MarkerService({ api: { request: request as never }, auth: { getState: () => signedIn }, stream, notifier, settings, store, logger: silentLogger, clock, retryWindowMs: 30_000, retryBaseMs: 1_000, showWindow, noteWaitMs: 60_000 });
  return { service, clock, stream, request, posts, postResults, notifier, settings, store, showWindow };
}

describe('MarkerService', () => {
  it('creates a marker while live and tells its position', async () => {
    const { service, posts, notifier, store } = setup();
    const overview = await service.drop('button');
    expect(posts[0]).toMatchObject({ method: 'POST', path: '/helix/streams/markers', body: { user_id: '42' }, retry: 'never' });
    expect(overview.logs[0]!.entries[0]).toMatchObject({ status: 'created', positionSeconds: 5025, source: 'button', delaySeconds: 0 });
    expect(notifier.shown.at(-1)!.notification.title).toBe('Marker at 1:23:45');
    expect(overview.lastResult).toMatchObject({ ok: true, message: 'Marker at 1:23:45' });
    await flush();
    expect(store.broadcasts[0]!.entries[0]!.status).toBe('created');
  });

  it('fills the description template with the press time', async () => {
    const { service, posts, settings } = setup();
    settings.set('markers.descriptionTemplate', 'Moment {n}');
    await service.drop('hotkey');
    await service.drop('hotkey', 'Explicit');
    expect(posts.map((p) => (p.body as { description?: string }).description)).toEqual(['Moment 1', 'Explicit']);
  });

  it('refuses a press while offline, in words, without calling the API', async () => {
    const { service, posts, notifier, stream } = setup({ status: offline });
    await expect(service.drop('hotkey')).rejects.toThrow(/not live/);
    expect(stream.refresh).toHaveBeenCalled();
    expect(posts).toHaveLength(0);
    expect(notifier.shown.at(-1)!.notification).toMatchObject({ title: 'Marker not created' });
    expect(service.getOverview().lastResult).toMatchObject({ ok: false });
  });

  it('asks the platform once before refusing, so a stream that just started is marked', async () => {
    const { service, posts } = setup({ status: offline, refreshTo: live });
    await service.drop('hotkey');
    expect(posts).toHaveLength(1);
  });

  it('explains VOD storage off', async () => {
    const { service, postResults } = setup();
    postResults.push(() => {
      throw new ApiError(404, 'Not Found', 'The user hasn’t enabled video on demand (VOD)');
    });
    await expect(service.drop('hotkey')).rejects.toThrow(/VOD storage is off/);
    expect(service.getOverview().logs[0]!.entries[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('retries a network failure within the window and says how late the marker landed', async () => {
    const { service, clock, posts, postResults, notifier } = setup();
    postResults.push(() => {
      throw networkAppError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    });
    postResults.push(() => {
      throw new ApiError(503, 'Service Unavailable', 'down');
    });
    const overview = await service.drop('hotkey');
    expect(overview.logs[0]!.entries[0]).toMatchObject({ status: 'pending', attempts: 1 });
    clock.advance(1_000);
    await flush();
    expect(posts).toHaveLength(2);
    clock.advance(2_000);
    await flush();
    expect(posts).toHaveLength(3);
    const entry = service.getOverview().logs[0]!.entries[0]!;
    expect(entry).toMatchObject({ status: 'created', attempts: 3, delaySeconds: 3 });
    expect(notifier.shown.at(-1)!.notification.title).toBe('Marker at 1:23:45 (placed 3 s after the press)');
  });

  it('gives up after the retry window and says so', async () => {
    const { service, clock, posts, postResults, notifier } = setup();
    for (let i = 0; i < 20; i++) {
      postResults.push(() => {
        throw networkAppError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
      });
    }
    await service.drop('hotkey');
    for (let s = 0; s < 60; s++) {
      clock.advance(1_000);
      await flush();
    }
    const entry = service.getOverview().logs[0]!.entries[0]!;
    expect(entry.status).toBe('failed');
    expect(entry.error).toMatch(/connection was refused/);
    // 1 + 2 + 4 + 8 + 8 = 23 s of waits fit in 30 s; the next 8 s would not.
    expect(posts).toHaveLength(6);
    expect(notifier.shown.at(-1)!.notification.title).toBe('Marker not created');
  });

  it('does not retry a refusal (4xx)', async () => {
    const { service, clock, posts, postResults } = setup();
    postResults.push(() => {
      throw new ApiError(403, 'Forbidden', 'nope');
    });
    await expect(service.drop('tray')).rejects.toThrow(/editors/);
    clock.advance(60_000);
    await flush();
    expect(posts).toHaveLength(1);
  });

  it('says what a missing permission costs', async () => {
    const { service, postResults } = setup();
    postResults.push(() => {
      throw new ApiError(401, 'Unauthorized', 'Missing scope: channel:manage:broadcast or user:edit:broadcast');
    });
    await expect(service.drop('hotkey')).rejects.toThrow('Sidestage may not place markers: sign in again and allow "Drop stream markers".');
  });

  it('keeps one log per broadcast, newest first', async () => {
    const { service, stream } = setup();
    await service.drop('button');
    stream.set({ ...live, streamId: 's2', title: 'Second' });
    await service.drop('button');
    await service.drop('button');
    const logs = service.getOverview().logs;
    expect(logs.map((l) => [l.streamId, l.entries.length])).toEqual([
      ['s2', 2],
      ['s1', 1],
    ]);
  });

  it('marks presses left pending by a previous run as not created', async () => {
    const { service, store } = setup();
    store.broadcasts = [
      {
        streamId: 's0',
        startedAt: null,
        title: '',
        entries: [{ id: 'e', source: 'hotkey', pressedAt: 'x', description: '', status: 'pending', positionSeconds: null, delaySeconds: 0, markerId: null, attempts: 1, error: null }],
      },
    ];
    await service.start();
    expect(service.getOverview().logs[0]!.entries[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/closed/) });
    expect(store.broadcasts[0]!.entries[0]!.status).toBe('failed');
  });

  it('reads back the platform’s markers of the current video', async () => {
    const { service, request } = setup();
    const overview = await service.refreshApiMarkers();
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'GET', path: '/helix/streams/markers', query: expect.objectContaining({ user_id: '42' }) }));
    expect(overview.api).toMatchObject({ videoId: 'v1', markers: [{ id: 'm1', positionSeconds: 5025, url: 'u' }], error: null });
  });

  it('an older read-back finishing last does not hide a newer marker', async () => {
    const { service, request } = setup();
    let releaseOld!: () => void;
    request.mockImplementationOnce(async () => {
      await new Promise<void>((r) => (releaseOld = r));
      return { status: 200, data: { data: [] } };
    });
    const older = service.refreshApiMarkers();
    await service.refreshApiMarkers();
    releaseOld();
    await older;
    expect(service.getOverview().api.markers.map((m) => m.id)).toEqual(['m1']);
  });

  it('the note shortcut waits for the note and keeps the press’s time', async () => {
    const { service, clock, posts, notifier, showWindow } = setup();
    const waiting = await service.requestNote();
    expect(waiting.noteRequest).toMatchObject({ pressedAt: new Date(clock.now()).toISOString() });
    expect(showWindow).toHaveBeenCalled();
    expect(notifier.shown.at(-1)!.notification.title).toBe('Marker: add a note');
    expect(posts).toHaveLength(0);
    clock.advance(20_000);
    const placed = await service.drop('button', 'Clutch save', waiting.noteRequest!.id);
    expect(posts[0]!.body).toEqual({ user_id: '42', description: 'Clutch save' });
    expect(placed.noteRequest).toBeNull();
    expect(placed.logs[0]!.entries[0]).toMatchObject({ source: 'hotkey', delaySeconds: 20, pressedAt: waiting.noteRequest!.pressedAt });
    await expect(service.drop('button', 'again', waiting.noteRequest!.id)).rejects.toThrow(/has ended/);
  });

  it('a note request not answered in time is placed without a note', async () => {
    const { service, clock, posts } = setup();
    await service.requestNote();
    clock.advance(60_000);
    await flush();
    expect(posts).toHaveLength(1);
    expect(service.getOverview()).toMatchObject({ noteRequest: null, logs: [{ entries: [{ status: 'created', delaySeconds: 60 }] }] });
  });

  it('refuses a note request while offline', async () => {
    const { service } = setup({ status: offline });
    await expect(service.requestNote()).rejects.toThrow(/not live/);
    expect(service.getOverview().noteRequest).toBeNull();
  });

  it('stops retrying on dispose', async () => {
    const { service, clock, postResults } = setup();
    postResults.push(() => {
      throw new ApiError(500, 'Internal Server Error', 'x');
    });
    await service.drop('hotkey');
    service.dispose();
    expect(clock.pendingTimers()).toBe(0);
  });
});
