import { describe, expect, it } from 'vitest';
import type { AuthState } from '../../../shared/ipc/contract';
import type { ApiRequest } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { createFakeClock } from '../../test-support/fake-clock';
import { silentLogger } from '../logger';
import { RecordingNotifier } from '../../test-support/recording-notifier';
import { MemorySettingsStore } from '../settings/settings-store';
import { ChatSettingsService } from './chat-settings-service';
import { signedInAuthState } from '../../test-support/auth-states';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';

const signedIn: AuthState = signedInAuthState;

const flush = async () => {
  for (let i = 0; i < 30; i++) await Promise.resolve();
};

/** Holds chat settings like the platform and refuses a duration without its mode true. */
function fakePlatform() {
  const held: Record<string, unknown> = {
    emote_mode: false,
    follower_mode: false,
    follower_mode_duration: null,
    slow_mode: false,
    slow_mode_wait_time: null,
    subscriber_mode: false,
    unique_chat_mode: false,
    non_moderator_chat_delay: false,
    non_moderator_chat_delay_duration: null,
  };
  const patches: Record<string, unknown>[] = [];
  let failNext: ApiError | null = null;
  let gate: Promise<void> | null = null;
  const request = async (req: ApiRequest) => {
    if (req.method === 'PATCH') {
      if (gate) await gate;
      const body = req.body as Record<string, unknown>;
      patches.push(body);
      if (failNext) {
        const e = failNext;
        failNext = null;
        throw e;
      }
      for (const [d, m] of [['follower_mode_duration', 'follower_mode'], ['slow_mode_wait_time', 'slow_mode'], ['non_moderator_chat_delay_duration', 'non_moderator_chat_delay']]) {
        if (d! in body && body[m!] !== true) throw new ApiError(400, 'Bad Request', `"${d}" may be set only when "${m}" is true`);
      }
      Object.assign(held, body);
      if (body.slow_mode === true && body.slow_mode_wait_time === undefined) held.slow_mode_wait_time = 30;
      if (body.slow_mode === false) held.slow_mode_wait_time = null;
      if (body.follower_mode === false) held.follower_mode_duration = null;
    }
    return { status: 200, data: { data: [{ ...held }] } };
  };
  return {
    held,
    patches,
    request,
    failNextWith: (e: ApiError) => (failNext = e),
    hold: () => {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

function setup(opts: { settings?: MemorySettingsStore; clock?: ReturnType<typeof createFakeClock>; platform?: ReturnType<typeof fakePlatform> } = {}) {
  const platform = opts.platform ?? fakePlatform();
  const clock = opts.clock ?? createFakeClock();
  const settings = opts.settings ?? new MemorySettingsStore();
  const notifier = new RecordingNotifier();
  const { auth, broadcaster } = fakeBroadcaster(signedIn);
  const service = new ChatSettingsService({ api: { request: platform.request as never }, broadcaster, settings, logger: silentLogger, notifier, clock });
  return { service, platform, clock, settings, notifier, auth };
}

describe('ChatSettingsService', () => {
  it('reads the settings at sign-in with the moderator view', async () => {
    const { service } = setup();
    service.start();
    await flush();
    expect(service.getState().values).toMatchObject({ slowMode: false, slowModeWaitTime: 30, nonModeratorChatDelayDuration: 2 });
  });

  it('sends only what changed, in the platform’s pairing, and re-reads', async () => {
    const { service, platform } = setup();
    service.start();
    await flush();
    await service.update({ slowMode: true, slowModeWaitTime: 10, emoteMode: false });
    expect(platform.patches).toEqual([{ slow_mode: true, slow_mode_wait_time: 10 }]);
    await service.update({ slowMode: false });
    expect(platform.patches[1]).toEqual({ slow_mode: false });
    expect(service.getState().values).toMatchObject({ slowMode: false });
  });

  it('shows a change at once and rolls it back with the platform’s reason', async () => {
    const { service, platform } = setup();
    service.start();
    await flush();
    const release = platform.hold();
    platform.failNextWith(new ApiError(403, 'Forbidden', 'not a moderator'));
    const change = service.update({ emoteMode: true });
    await flush();
    expect(service.getState()).toMatchObject({ pending: true, values: { emoteMode: true } });
    release();
    await expect(change).rejects.toThrow('Only the broadcaster or a moderator can change chat settings.');
    expect(service.getState()).toMatchObject({ pending: false, values: { emoteMode: false } });
  });

  it('a read answered after a later change does not bring back the settings from before it', async () => {
    const platform = fakePlatform();
    // Reads answer what the platform held when they were asked, when the test lets them.
    const heldReads: (() => void)[] = [];
    let holdReads = false;
    const request = async (req: ApiRequest) => {
      if (req.method !== 'GET' || !holdReads) return platform.request(req);
      const answer = await platform.request(req);
      await new Promise<void>((resolve) => heldReads.push(resolve));
      return answer;
    };
    const { service } = setup({ platform: { ...platform, request } });
    service.start();
    await flush();
    holdReads = true;
    const staleRead = service.refresh();
    await flush();
    holdReads = false;
    await service.update({ emoteMode: true });
    expect(service.getState().values).toMatchObject({ emoteMode: true });
    heldReads.shift()!();
    await staleRead;
    expect(service.getState().values).toMatchObject({ emoteMode: true });
  });

  it('refuses values outside the platform’s ranges before sending', async () => {
    const { service, platform } = setup();
    service.start();
    await flush();
    await expect(service.update({ slowMode: true, slowModeWaitTime: 1 })).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(service.update({ followerMode: true, followerModeDuration: 200_000 })).rejects.toThrow(/129600/);
    expect(platform.patches).toHaveLength(0);
  });

  it('a preset applies, persists its revert and reverts when due', async () => {
    const { service, platform, clock, settings, notifier } = setup();
    service.start();
    await flush();
    const state = await service.applyPreset('raidShield');
    expect(platform.patches[0]).toEqual({ follower_mode: true, follower_mode_duration: 10, slow_mode: true, slow_mode_wait_time: 30 });
    expect(state.pendingRevert).toMatchObject({ presetId: 'raidShield', dueAt: new Date(clock.now() + 600_000).toISOString() });
    expect(settings.get('chatSettings.pendingRevert')).not.toBeNull();
    clock.advance(600_000);
    await flush();
    expect(platform.patches[1]).toEqual({ follower_mode: false, slow_mode: false });
    expect(settings.get('chatSettings.pendingRevert')).toBeNull();
    expect(service.getState().values).toMatchObject({ followerMode: false, slowMode: false });
    expect(notifier.shown.at(-1)!.notification.title).toBe('Raid shield ended');
  });

  it('a revert leaves alone what the streamer changed since', async () => {
    const { service, platform, clock } = setup();
    service.start();
    await flush();
    await service.applyPreset('raidShield');
    await service.update({ slowModeWaitTime: 60 });
    clock.advance(600_000);
    await flush();
    expect(platform.patches.at(-1)).toEqual({ follower_mode: false });
    expect(service.getState().values).toMatchObject({ slowMode: true, slowModeWaitTime: 60 });
  });

  it('a pending revert survives a restart and runs at once when already due', async () => {
    const settings = new MemorySettingsStore();
    const platform = fakePlatform();
    const clock = createFakeClock();
    const first = setup({ settings, platform, clock });
    first.service.start();
    await flush();
    await first.service.applyPreset('raidShield');
    first.service.dispose();
    clock.advance(20 * 60_000); // Sidestage was closed past the due time.
    const second = setup({ settings, platform, clock });
    second.service.start();
    await flush();
    clock.advance(0);
    await flush();
    expect(platform.held).toMatchObject({ follower_mode: false, slow_mode: false });
    expect(settings.get('chatSettings.pendingRevert')).toBeNull();
  });

  it("an automation's chat mode for N s is the same kept revert: done at start when Sidestage was closed past it", async () => {
    const settings = new MemorySettingsStore();
    const platform = fakePlatform();
    const clock = createFakeClock();
    const first = setup({ settings, platform, clock });
    first.service.start();
    await flush();
    await first.service.applyFor({ emoteMode: true }, 60_000, 'Emote-only chat (automation)');
    expect(platform.held).toMatchObject({ emote_mode: true });
    expect(settings.get('chatSettings.pendingRevert')).toMatchObject({ presetId: 'automation', label: 'Emote-only chat (automation)', restore: { emoteMode: false } });
    // Crashed during the wait, started again after it ended.
    first.service.dispose();
    clock.advance(5 * 60_000);
    const second = setup({ settings, platform, clock });
    second.service.start();
    await flush();
    clock.advance(0);
    await flush();
    expect(platform.held).toMatchObject({ emote_mode: false });
    expect(settings.get('chatSettings.pendingRevert')).toBeNull();
  });

  it('a pending revert not yet due is rescheduled for its absolute time after a restart', async () => {
    const settings = new MemorySettingsStore();
    const platform = fakePlatform();
    const clock = createFakeClock();
    const first = setup({ settings, platform, clock });
    first.service.start();
    await flush();
    await first.service.applyPreset('raidShield');
    first.service.dispose();
    clock.advance(4 * 60_000);
    const second = setup({ settings, platform, clock });
    second.service.start();
    await flush();
    clock.advance(5 * 60_000);
    await flush();
    expect(platform.held.follower_mode).toBe(true);
    clock.advance(60_000);
    await flush();
    expect(platform.held.follower_mode).toBe(false);
  });

  it('a failed revert is kept and tried again', async () => {
    const { service, platform, clock, settings, notifier } = setup();
    service.start();
    await flush();
    await service.applyPreset('emoteBreak');
    platform.failNextWith(new ApiError(500, 'Internal Server Error', 'boom'));
    clock.advance(5 * 60_000);
    await flush();
    expect(settings.get('chatSettings.pendingRevert')).not.toBeNull();
    expect(notifier.shown.at(-1)!.notification.title).toBe('Emote break: could not revert');
    clock.advance(30_000);
    await flush();
    expect(settings.get('chatSettings.pendingRevert')).toBeNull();
    expect(platform.held.emote_mode).toBe(false);
  });

  it('keeps the settings through a re-sign-in, reverts a preset due meanwhile once signed in, and clears on sign-out', async () => {
    const { service, platform, clock, settings, auth } = setup();
    service.start();
    await flush();
    await service.applyPreset('emoteBreak');
    auth.expire();
    auth.signingIn();
    expect(service.getState().values).toMatchObject({ emoteMode: true });
    await expect(service.update({ slowMode: true })).rejects.toMatchObject({ code: 'not_signed_in' });
    clock.advance(10 * 60_000);
    await flush();
    // Due, but the API is not callable: nothing sent, nothing lost.
    expect(platform.held.emote_mode).toBe(true);
    expect(settings.get('chatSettings.pendingRevert')).not.toBeNull();
    auth.set(signedIn);
    clock.advance(0);
    await flush();
    expect(platform.held.emote_mode).toBe(false);
    expect(settings.get('chatSettings.pendingRevert')).toBeNull();
    auth.set({ ...signedIn, status: 'signedOut', account: null });
    expect(service.getState().values).toBeNull();
  });

  it('cancels a pending revert', async () => {
    const { service, clock, platform } = setup();
    service.start();
    await flush();
    await service.applyPreset('emoteBreak');
    expect(service.cancelRevert().pendingRevert).toBeNull();
    clock.advance(10 * 60_000);
    await flush();
    expect(platform.held.emote_mode).toBe(true);
    expect(clock.pendingTimers()).toBe(0);
  });
});
