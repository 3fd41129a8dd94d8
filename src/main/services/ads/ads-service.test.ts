import { describe, expect, it, vi } from 'vitest';
import type { AdsState } from '../../../shared/ipc/contract';
import { ApiError } from '../api/api-error';
import { createFakeClock } from '../../test-support/fake-clock';
import { RecordingNotifier } from '../../test-support/recording-notifier';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { signedInAuthState } from '../../test-support/auth-states';
import { fakeChannelEvents } from '../../test-support/fake-channel-events';
import { Emitter } from '../../../shared/primitives/emitter';
import { AdsService } from './ads-service';


function setup(answer: (request: { path: string }) => unknown) {
  const clock = createFakeClock(Date.UTC(2025, 0, 1));
  const request = vi.fn(async (r: { path: string }) => ({ status: 200, data: { data: [answer(r)] } }));
  const notifier = new RecordingNotifier();
  const { auth, broadcaster } = fakeBroadcaster();
  // Events in the platform's shapes, read by the real channel-event stream.
  const { source: events, stream } = fakeChannelEvents(broadcaster);
  const streamStatus = new Emitter<{ live: boolean; streamId: string | null }>();
  const ads = new AdsService({ api: { request: request as never }, broadcaster, clock, notifier, channelEvents: stream, stream: { onChange: (listener) => streamStatus.on(listener) } });
  return { ads, request, notifier, auth, clock, events, streamStatus };
}

const schedule = { next_ad_at: Date.UTC(2025, 0, 1, 1) / 1000, last_ad_at: 0, duration: 90, preroll_free_time: 0, snooze_count: 3, snooze_refresh_at: 0 };
const scheduleOr = (commercial: unknown) => (r: { path: string }) => (r.path === '/helix/channels/ads' ? schedule : commercial);

describe('AdsService', () => {
  it('starts a commercial and records when the next may run', async () => {
    const { ads, request } = setup(() => ({ length: 60, message: '', retry_after: 480 }));
    const state = await ads.run(60);
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', path: '/helix/channels/commercial', body: { broadcaster_id: '42', length: 60 }, retry: 'never' }));
    expect(state).toMatchObject({ lastLength: 60, lastStartedAt: '2025-01-01T00:00:00.000Z', nextAllowedAt: '2025-01-01T00:08:00.000Z', message: null });
  });

  it('keeps the countdown through a re-sign-in, refuses to run meanwhile, and forgets it on sign-out', async () => {
    const { ads, auth, request } = setup(() => ({ length: 60, message: '', retry_after: 480 }));
    await ads.run(60);
    auth.expire();
    auth.signingIn();
    expect(ads.getState().nextAllowedAt).toBe('2025-01-01T00:08:00.000Z');
    await expect(ads.run(30)).rejects.toMatchObject({ code: 'not_signed_in' });
    expect(request.mock.calls.filter(([r]) => (r as { path: string }).path === '/helix/channels/commercial')).toHaveLength(1);
    auth.set(signedInAuthState);
    expect(ads.getState().nextAllowedAt).toBe('2025-01-01T00:08:00.000Z');
    auth.set({ ...signedInAuthState, status: 'signedOut', account: null });
    expect(ads.getState()).toEqual({ lastStartedAt: null, lastLength: null, nextAllowedAt: null, message: null, running: null, schedule: null, scheduleError: null });
    ads.dispose();
  });

  it('tells a refusal in the platform’s words with the countdown', async () => {
    const { ads } = setup(() => ({ length: 0, message: 'The broadcaster must wait 300 seconds before starting another commercial.', retry_after: 300 }));
    await expect(ads.run(30)).rejects.toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/wait 300 seconds/), details: { retryAfterMs: 300_000 } });
    expect(ads.getState().nextAllowedAt).toBe('2025-01-01T00:05:00.000Z');
  });

  it('shows "ad running" from the answer until the break ends, then clears it', async () => {
    const { ads, clock } = setup(scheduleOr({ length: 60, message: '', retry_after: 480 }));
    const state = await ads.run(60);
    expect(state.running).toEqual({ startedAt: '2025-01-01T00:00:00.000Z', endsAt: '2025-01-01T00:01:00.000Z', automatic: false });
    clock.advance(59_999);
    expect(ads.getState().running).not.toBeNull();
    clock.advance(1);
    expect(ads.getState().running).toBeNull();
    ads.dispose();
  });

  it('the break on air ends with the broadcast: "ad running" stops when the stream goes offline', async () => {
    const { ads, clock, events, streamStatus } = setup(scheduleOr({ length: 180, message: '', retry_after: 480 }));
    streamStatus.fire({ live: true, streamId: 's1' });
    await ads.run(180);
    events.fire('channel.ad_break.begin', { duration_seconds: 180, started_at: new Date(clock.now()).toISOString(), is_automatic: false });
    clock.advance(9_000);
    expect(ads.getState().running).not.toBeNull();
    const seen: AdsState['running'][] = [];
    ads.onChange((state) => seen.push(state.running));
    streamStatus.fire({ live: false, streamId: null });
    expect(ads.getState().running).toBeNull();
    // Told at once, so the renderer's countdowns stop with it.
    expect(seen).toEqual([null]);
    // When the platform lets another ad run is still known (it counts from the ad's start).
    expect(ads.getState().nextAllowedAt).toBe('2025-01-01T00:08:00.000Z');
    ads.dispose();
  });

  it('an automatic break from EventSub shows as running; an unreadable event changes nothing', async () => {
    const { ads, clock, events } = setup(scheduleOr({}));
    expect(events.heldTypes()).toEqual(['channel.ad_break.begin']);
    events.fire('channel.ad_break.begin', { duration_seconds: 'x' });
    expect(ads.getState().running).toBeNull();
    events.fire('channel.ad_break.begin', { duration_seconds: 90, started_at: new Date(clock.now() - 30_000).toISOString(), is_automatic: true });
    expect(ads.getState().running).toEqual({ startedAt: '2024-12-31T23:59:30.000Z', endsAt: '2025-01-01T00:01:00.000Z', automatic: true });
    // The schedule is read again after a break.
    await vi.waitFor(() => expect(ads.getState().schedule).toMatchObject({ nextAdAt: '2025-01-01T01:00:00.000Z', snoozeCount: 3, durationSeconds: 90, snoozeRefreshAt: null, lastAdAt: null }));
    ads.dispose();
  });

  it('an older schedule read never replaces a newer one', async () => {
    const { ads, request } = setup(scheduleOr({}));
    const answers: ((v: unknown) => void)[] = [];
    request.mockImplementation(() => new Promise((resolve) => answers.push(resolve)) as never);
    const first = ads.refreshSchedule();
    const second = ads.refreshSchedule();
    answers[1]!({ status: 200, data: { data: [{ ...schedule, snooze_count: 1 }] } });
    await second;
    answers[0]!({ status: 200, data: { data: [{ ...schedule, snooze_count: 3 }] } });
    await first;
    expect(ads.getState().schedule!.snoozeCount).toBe(1);
  });

  it('refuses lengths the platform does not take', async () => {
    const { ads, request } = setup(() => ({}));
    await expect(ads.run(45)).rejects.toMatchObject({ code: 'invalid_argument' });
    expect(request).not.toHaveBeenCalled();
  });

  it('says "not live" in words and notifies when asked (tray)', async () => {
    const { ads, notifier } = setup(() => {
      throw new ApiError(400, 'Bad Request', 'To start a commercial, the broadcaster must be streaming live.');
    });
    await expect(ads.run(30, { notify: true })).rejects.toThrow(/not live/);
    expect(notifier.shown[0]!.notification).toMatchObject({ title: 'Ad not started' });
  });
});
