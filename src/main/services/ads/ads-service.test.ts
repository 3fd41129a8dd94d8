import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { createFakeClock } from '../../test-support/fake-clock';
import { RecordingNotifier } from '../../test-support/recording-notifier';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { signedInAuthState } from '../../test-support/auth-states';
import { AdsService } from './ads-service';


function setup(answer: () => unknown) {
  const clock = createFakeClock(Date.UTC(2025, 0, 1));
  const request = vi.fn(async () => ({ status: 200, data: { data: [answer()] } }));
  const notifier = new RecordingNotifier();
  const { auth, broadcaster } = fakeBroadcaster();
  const ads = new AdsService({ api: { request: request as never }, broadcaster, clock, notifier });
  return { ads, request, notifier, auth };
}

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
    expect(request).toHaveBeenCalledTimes(1);
    auth.set(signedInAuthState);
    expect(ads.getState().nextAllowedAt).toBe('2025-01-01T00:08:00.000Z');
    auth.set({ ...signedInAuthState, status: 'signedOut', account: null });
    expect(ads.getState()).toEqual({ lastStartedAt: null, lastLength: null, nextAllowedAt: null, message: null });
    ads.dispose();
  });

  it('tells a refusal in the platform’s words with the countdown', async () => {
    const { ads } = setup(() => ({ length: 0, message: 'The broadcaster must wait 300 seconds before starting another commercial.', retry_after: 300 }));
    await expect(ads.run(30)).rejects.toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/wait 300 seconds/), details: { retryAfterMs: 300_000 } });
    expect(ads.getState().nextAllowedAt).toBe('2025-01-01T00:05:00.000Z');
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
