import { describe, expect, it, vi } from 'vitest';
import type { AuthState, StreamStatus } from '../../../shared/ipc/contract';
import type { ApiRequest } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { AppError } from '../app-error';
import { networkAppError } from '../api/network-error';
import { createFakeClock } from '../../test-support/fake-clock';
import { silentLogger } from '../logger';
import { RecordingNotifier } from '../../test-support/recording-notifier';
import { MemorySettingsStore } from '../settings/settings-store';
import { MemoryMarkerLogStore } from '../../test-support/memory-marker-log-store';
import { MarkerService } from './marker-service';
import { signedInAuthState } from '../../test-support/auth-states';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';

const signedIn: AuthState = signedInAuthState;
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
  /** What the platform lists (newest first); a test may replace the contents. */
  const listed: { id: string; created_at: string; description: string; position_seconds: number; URL: string }[] = [
    { id: 'm1', created_at: 'x', description: 'd', position_seconds: 5025, URL: 'u' },
  ];
  /** Every request in order, `POST` or `GET first=<n>`, to tell checks (first=20) from read-backs. */
  const calls: string[] = [];
  const listResults: (() => void)[] = [];
  const request = vi.fn(async (req: ApiRequest) => {
    if (req.method === 'POST') {
      calls.push('POST');
      posts.push(req);
      const next = postResults.shift();
      const value = next ? next() : { id: `m${posts.length}`, created_at: '', description: (req.body as { description?: string }).description ?? '', position_seconds: 5025 };
      return { status: 200, data: { data: [value] } };
    }
    calls.push(`GET first=${String(req.query?.first)}`);
    listResults.shift()?.();
    return { status: 200, data: { data: [{ user_id: '42', videos: [{ video_id: 'v1', markers: [...listed] }] }] } };
  });
  const notifier = new RecordingNotifier();
  const settings = new MemorySettingsStore();
  const store = new MemoryMarkerLogStore();
  const showWindow = vi.fn();
  const { auth, broadcaster } = fakeBroadcaster(signedIn);
  const service = new MarkerService({ api: { request: request as never }, broadcaster, stream, notifier, settings, store, logger: silentLogger, clock, retryWindowMs: 30_000, retryBaseMs: 1_000, showWindow, noteWaitMs: 60_000 });
  return { service, clock, stream, request, posts, postResults, listed, listResults, calls, notifier, settings, store, showWindow, auth };
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

  it('keeps the platform’s markers through a re-sign-in, reads them again once signed in, and forgets them on sign-out', async () => {
    const { service, auth, calls } = setup();
    await service.start();
    await flush();
    expect(service.getOverview().api.markers.map((m) => m.id)).toEqual(['m1']);
    auth.expire();
    auth.signingIn();
    expect(service.getOverview().api.markers.map((m) => m.id)).toEqual(['m1']);
    await expect(service.drop('hotkey')).rejects.toMatchObject({ code: 'not_signed_in' });
    const reads = calls.length;
    auth.set(signedIn);
    await flush();
    expect(calls.length).toBe(reads + 1);
    auth.set({ ...signedIn, status: 'signedOut', account: null });
    expect(service.getOverview().api).toEqual({ videoId: null, markers: [], fetchedAt: null, error: null });
    await service.dispose();
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

  it('a second note press places the first marker at its own press time and waits for the new note', async () => {
    const { service, clock, posts } = setup();
    const first = await service.requestNote();
    clock.advance(5_000);
    const second = await service.requestNote();
    await flush();
    // The first press is placed at once, undescribed, keeping its time; the second one waits.
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ user_id: '42' });
    expect(service.getOverview().logs[0]!.entries).toMatchObject([{ status: 'created', source: 'hotkey', pressedAt: first.noteRequest!.pressedAt, delaySeconds: 5 }]);
    expect(second.noteRequest!.id).not.toBe(first.noteRequest!.id);
    expect(service.getOverview().noteRequest).toMatchObject({ id: second.noteRequest!.id });

    const placed = await service.drop('button', 'Second one', second.noteRequest!.id);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual({ user_id: '42', description: 'Second one' });
    expect(placed.logs[0]!.entries.map((e) => e.status)).toEqual(['created', 'created']);
    await expect(service.drop('button', 'again', first.noteRequest!.id)).rejects.toThrow(/has ended/);
    clock.advance(120_000);
    await flush();
    expect(posts).toHaveLength(2);
  });

  it('a note request that times out places its marker once, also after a second press', async () => {
    const { service, clock, posts } = setup();
    const first = await service.requestNote();
    clock.advance(60_000);
    await flush();
    expect(posts).toHaveLength(1);
    await expect(service.drop('button', 'late', first.noteRequest!.id)).rejects.toThrow(/has ended/);

    // A second request replaced by a third: each is placed once, the third by its own timeout.
    await service.requestNote();
    clock.advance(5_000);
    await service.requestNote();
    await flush();
    expect(posts).toHaveLength(2);
    clock.advance(55_000); // the second request's timeout, had it not been placed already
    await flush();
    expect(posts).toHaveLength(2);
    clock.advance(5_000); // the third request's timeout
    await flush();
    expect(posts).toHaveLength(3);
    clock.advance(300_000);
    await flush();
    expect(posts).toHaveLength(3);
    expect(service.getOverview().logs[0]!.entries.map((e) => [e.status, e.delaySeconds])).toEqual([
      ['created', 60],
      ['created', 5],
      ['created', 60],
    ]);
    expect(service.getOverview().noteRequest).toBeNull();
  });

  it('after a failure that may have created the marker, reads the platform’s list and keeps the marker found there', async () => {
    const { service, clock, posts, postResults, listed, calls, request, notifier } = setup();
    const sentAt = clock.now();
    postResults.push(() => {
      throw networkAppError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    });
    // It did land; beside it, an older marker with the same words and a newer one with other words.
    listed.splice(
      0,
      listed.length,
      { id: 'other', created_at: new Date(sentAt + 2_000).toISOString(), description: 'Another', position_seconds: 5027, URL: '' },
      { id: 'landed', created_at: new Date(sentAt).toISOString(), description: 'Boss fight', position_seconds: 5025, URL: '' },
      { id: 'older', created_at: new Date(sentAt - 10 * 60_000).toISOString(), description: 'Boss fight', position_seconds: 4425, URL: '' },
    );
    const overview = await service.drop('button', 'Boss fight');
    expect(overview.logs[0]!.entries[0]).toMatchObject({ status: 'pending', attempts: 1 });
    clock.advance(1_000);
    await flush();
    expect(posts).toHaveLength(1);
    expect(calls.filter((c) => c !== 'GET first=100')).toEqual(['POST', 'GET first=20']);
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'GET', path: '/helix/streams/markers', query: { user_id: '42', first: 20 } }));
    expect(service.getOverview().logs[0]!.entries[0]).toMatchObject({ status: 'created', markerId: 'landed', positionSeconds: 5025, attempts: 1, delaySeconds: 0, error: null });
    expect(notifier.shown.at(-1)!.notification.title).toBe('Marker at 1:23:45');
  });

  it.each([
    ['a reset after sending', () => networkAppError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))],
    ['no answer in time', () => networkAppError(Object.assign(new Error('headers'), { code: 'UND_ERR_HEADERS_TIMEOUT' }))],
    ['500', () => new ApiError(500, 'Internal Server Error', null)],
    ['502', () => new ApiError(502, 'Bad Gateway', null)],
    ['504', () => new ApiError(504, 'Gateway Timeout', null)],
  ])('after %s, sends again once the list shows no such marker', async (_name, failure) => {
    const { service, clock, posts, postResults, listed, calls } = setup();
    await service.drop('button');
    // The list holds that earlier press's marker, with the same (empty) words: already claimed, it is not this one.
    listed.splice(0, listed.length, { id: 'm1', created_at: new Date(clock.now()).toISOString(), description: '', position_seconds: 5025, URL: '' });
    postResults.push(() => {
      throw failure();
    });
    await service.drop('button');
    clock.advance(1_000);
    await flush();
    expect(calls.filter((c) => c !== 'GET first=100')).toEqual(['POST', 'POST', 'GET first=20', 'POST']);
    expect(posts).toHaveLength(3);
    expect(service.getOverview().logs[0]!.entries[1]).toMatchObject({ status: 'created', markerId: 'm3', attempts: 2, delaySeconds: 1 });
  });

  it('a failure that proves nothing was done is sent again without looking', async () => {
    const { service, clock, postResults, calls } = setup();
    postResults.push(() => {
      throw networkAppError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    });
    postResults.push(() => {
      throw networkAppError(Object.assign(new Error('dns'), { code: 'ENOTFOUND' }));
    });
    postResults.push(() => {
      throw new AppError('rate_limited', 'slow down', { status: 429, retryAfterMs: 1000 });
    });
    postResults.push(() => {
      throw new ApiError(503, 'Service Unavailable', null);
    });
    await service.drop('button');
    for (let s = 0; s < 20; s++) {
      clock.advance(1_000);
      await flush();
    }
    expect(calls.filter((c) => c !== 'GET first=100')).toEqual(['POST', 'POST', 'POST', 'POST', 'POST']);
    expect(service.getOverview().logs[0]!.entries[0]).toMatchObject({ status: 'created', attempts: 5 });
  });

  it('when the check itself fails it is tried again, never a blind POST', async () => {
    const { service, clock, postResults, listResults, calls } = setup();
    postResults.push(() => {
      throw new ApiError(502, 'Bad Gateway', null);
    });
    await service.drop('button');
    await flush();
    listResults.splice(0, listResults.length, () => {
      throw networkAppError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    });
    clock.advance(1_000);
    await flush();
    expect(calls.filter((c) => c !== 'GET first=100')).toEqual(['POST', 'GET first=20']);
    clock.advance(2_000);
    await flush();
    expect(calls.filter((c) => c !== 'GET first=100')).toEqual(['POST', 'GET first=20', 'GET first=20', 'POST']);
    expect(service.getOverview().logs[0]!.entries[0]).toMatchObject({ status: 'created', attempts: 2, delaySeconds: 3 });
  });

  it.each([
    ['landed', 'created'],
    ['did not land', 'failed'],
  ])('at the end of the retry window, a marker that may exist is looked for once more (%s)', async (landed, status) => {
    const { service, clock, posts, postResults, listed } = setup();
    listed.splice(0, listed.length);
    const headersTimeout = () => networkAppError(Object.assign(new Error('headers'), { code: 'UND_ERR_HEADERS_TIMEOUT' }));
    for (let i = 0; i < 5; i++) {
      postResults.push(() => {
        throw headersTimeout();
      });
    }
    // The last try that fits in the window: the platform acts on it (or not) and the answer is lost.
    postResults.push(() => {
      if (landed === 'landed') listed.push({ id: 'late', created_at: new Date(clock.now()).toISOString(), description: 'Slow', position_seconds: 5048, URL: '' });
      throw headersTimeout();
    });
    await service.drop('button', 'Slow');
    for (let s = 0; s < 60; s++) {
      clock.advance(1_000);
      await flush();
    }
    expect(posts).toHaveLength(6);
    const entry = service.getOverview().logs[0]!.entries[0]!;
    expect(entry.status).toBe(status);
    if (status === 'created') expect(entry).toMatchObject({ markerId: 'late', positionSeconds: 5048 });
    else expect(entry.error).toMatch(/no answer in time/);
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
