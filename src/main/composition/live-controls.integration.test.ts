import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/server';
import { createFakeClock } from '../test-support/fake-clock';
import { silentLogger } from '../services/logger';
import { RecordingNotifier } from '../test-support/recording-notifier';
import { MemorySettingsStore } from '../services/settings/settings-store';
import { FakeShortcutRegistry } from '../test-support/fake-shortcut-registry';
import { ChatSettingsService } from '../services/chat-settings/chat-settings-service';
import { CurrentBroadcaster } from '../services/common/current-broadcaster';
import { buildLiveControls, disposeLiveControls, startLiveControls, type LiveControls } from './live-controls';
import type { StreamOnlineRequest } from '../../emulator/simulation-client';
import { apiClientFor, fixedAuth, helixGet, liveScopes, mintToken, simulation, startBreakingProxy } from '../test-support/live-controls-emulator';

interface MarkersAnswer {
  data: { videos: { video_id: string; markers: { id: string; position_seconds: number; description: string }[] }[] }[];
}

describe('live controls against the emulator', () => {
  let emulator: RunningEmulator;
  let token: string;
  let dataDir: string;
  let feature: LiveControls | null = null;
  let proxy: Awaited<ReturnType<typeof startBreakingProxy>>;
  const hotkey = 'CommandOrControl+Alt+M';

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: 'demo' });
    token = await mintToken(emulator);
    proxy = await startBreakingProxy(emulator.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await emulator?.close();
  });
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sidestage-live-'));
  });
  afterEach(async () => {
    if (feature) await disposeLiveControls(feature);
    feature = null;
    await simulation(emulator).clearFaults();
    await simulation(emulator).streamOffline(emulator.demo!.broadcaster.id).catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startFeature(options: { viaProxy?: boolean } = {}) {
    const { auth, apiAuth } = fixedAuth(emulator, token);
    const api = apiClientFor(options.viaProxy ? proxy.url : emulator.url, emulator.demo!.clientId, apiAuth);
    const notifier = new RecordingNotifier();
    const shortcuts = new FakeShortcutRegistry();
    const settings = new MemorySettingsStore();
    feature = buildLiveControls({ api, broadcaster: new CurrentBroadcaster(auth), settings, dataDir, logger: silentLogger, notifier, shortcuts, markerRetryBaseMs: 50, markerRetryWindowMs: 5_000 });
    await startLiveControls(feature);
    return { feature, notifier, shortcuts, settings };
  }

  const broadcasterId = () => emulator.demo!.broadcaster.id;
  const goLive = (body: StreamOnlineRequest = { vod: true }) => simulation(emulator).streamOnline(broadcasterId(), body);

  it('a hotkey press while live makes a marker at the right position, logged on disk and read back', async () => {
    const { feature, notifier, shortcuts } = await startFeature();
    await goLive({ vod: true, title: 'Marker run', viewer_count: 12 });
    await simulation(emulator).advanceClock(5025);
    await feature.stream.refresh();
    expect(feature.stream.getStatus()).toMatchObject({ live: true, viewerCount: 12, title: 'Marker run' });

    shortcuts.press(hotkey);
    await vi.waitFor(() => expect(notifier.shown.at(-1)?.notification.title).toBe('Marker at 1:23:45'));

    const held = await helixGet<MarkersAnswer>(emulator, token, `/helix/streams/markers?user_id=${broadcasterId()}`);
    expect(held.data[0]!.videos[0]!.markers.map((m) => m.position_seconds)).toEqual([5025]);

    const entry = feature.markers.getOverview().logs[0]!.entries[0]!;
    expect(entry).toMatchObject({ status: 'created', positionSeconds: 5025, source: 'hotkey', attempts: 1 });
    await vi.waitFor(() => expect(feature.markers.getOverview().api.markers.map((m) => m.id)).toEqual([entry.markerId]));
    // The log is saved after the notification: wait for the file to say so.
    await vi.waitFor(async () => {
      const onDisk = JSON.parse(await readFile(join(dataDir, 'marker-log.json'), 'utf8'));
      expect(onDisk.broadcasts[0].entries[0]).toMatchObject({ status: 'created', positionSeconds: 5025 });
    });
  });

  it('refuses a press while offline, in words', async () => {
    const { feature, notifier, shortcuts } = await startFeature();
    await feature.stream.refresh();
    shortcuts.press(hotkey);
    await vi.waitFor(() => expect(notifier.shown.at(-1)?.notification).toMatchObject({ title: 'Marker not created', body: expect.stringMatching(/not live/) }));
    await expect(feature.markers.drop('button')).rejects.toThrow(/not live/);
  });

  it('says that VOD storage is off', async () => {
    const { feature } = await startFeature();
    await goLive({ vod: false });
    await feature.stream.refresh();
    await expect(feature.markers.drop('button')).rejects.toThrow(/VOD storage is off/);
  });

  it('retries a marker through a network failure and a platform error, and makes exactly one', async () => {
    const { feature, notifier } = await startFeature({ viaProxy: true });
    await goLive({ vod: true });
    await feature.stream.refresh();
    proxy.breakNext('POST /helix/streams/markers', 1);
    await simulation(emulator).addFault({ path: '^/helix/streams/markers$', method: 'POST', status: 503, count: 1 });
    await feature.markers.drop('button');
    await vi.waitFor(() => expect(feature.markers.getOverview().logs[0]!.entries[0]!.status).toBe('created'), { timeout: 5_000 });
    expect(proxy.broken()).toBeGreaterThanOrEqual(1);
    expect(feature.markers.getOverview().logs[0]!.entries[0]!.attempts).toBe(3);
    const held = await helixGet<MarkersAnswer>(emulator, token, `/helix/streams/markers?user_id=${broadcasterId()}`);
    expect(held.data[0]!.videos[0]!.markers).toHaveLength(1);
    expect(notifier.shown.at(-1)!.notification.title).toMatch(/^Marker at /);
  });

  it('changes chat settings with the platform’s pairing and rolls back a refused change', async () => {
    const { feature } = await startFeature();
    await vi.waitFor(() => expect(feature.chatSettings.getState().values).not.toBeNull());
    await feature.chatSettings.update({ slowMode: true, slowModeWaitTime: 10, followerMode: true, followerModeDuration: 60 });
    const held = await helixGet<{ data: Record<string, unknown>[] }>(emulator, token, `/helix/chat/settings?broadcaster_id=${broadcasterId()}&moderator_id=${broadcasterId()}`);
    expect(held.data[0]).toMatchObject({ slow_mode: true, slow_mode_wait_time: 10, follower_mode: true, follower_mode_duration: 60 });
    await feature.chatSettings.update({ slowMode: false });
    expect(feature.chatSettings.getState().values).toMatchObject({ slowMode: false, followerMode: true, followerModeDuration: 60 });

    // A token without the manage scope: the platform refuses, the change is rolled back with its reason.
    const readOnly = await mintToken(emulator, liveScopes.filter((s) => s !== 'moderator:manage:chat_settings'));
    const { auth, apiAuth } = fixedAuth(emulator, readOnly);
    const limited = new ChatSettingsService({ api: apiClientFor(emulator.url, emulator.demo!.clientId, apiAuth), broadcaster: new CurrentBroadcaster(auth), settings: new MemorySettingsStore(), logger: silentLogger });
    limited.start();
    await vi.waitFor(() => expect(limited.getState().values).not.toBeNull());
    await expect(limited.update({ emoteMode: true })).rejects.toThrow();
    expect(limited.getState()).toMatchObject({ pending: false, values: { emoteMode: false } });
    limited.dispose();
    await feature.chatSettings.update({ followerMode: false });
  });

  it('a preset’s revert survives a restart and runs when due', async () => {
    const { auth, apiAuth } = fixedAuth(emulator, token);
    const api = apiClientFor(emulator.url, emulator.demo!.clientId, apiAuth);
    const broadcaster = new CurrentBroadcaster(auth);
    const settings = new MemorySettingsStore();
    const clock = createFakeClock(Date.now());
    const first = new ChatSettingsService({ api, broadcaster, settings, logger: silentLogger, clock });
    first.start();
    await first.applyPreset('raidShield');
    first.dispose();
    const read = () => helixGet<{ data: Record<string, unknown>[] }>(emulator, token, `/helix/chat/settings?broadcaster_id=${broadcasterId()}&moderator_id=${broadcasterId()}`);
    expect((await read()).data[0]).toMatchObject({ follower_mode: true, follower_mode_duration: 10, slow_mode: true, slow_mode_wait_time: 30 });

    // Closed for 11 minutes on both clocks; the new service finds the revert due at start.
    clock.advance(11 * 60_000);
    await simulation(emulator).advanceClock(660);
    const second = new ChatSettingsService({ api, broadcaster, settings, logger: silentLogger, clock });
    second.start();
    clock.advance(0);
    await vi.waitFor(async () => expect((await read()).data[0]).toMatchObject({ follower_mode: false, slow_mode: false }));
    await vi.waitFor(() => expect(settings.get('chatSettings.pendingRevert')).toBeNull());
    second.dispose();
  });

  it('runs an ad and tells the cooldown in the platform’s words', async () => {
    const { feature } = await startFeature();
    await expect(feature.ads.run(30)).rejects.toThrow(/not live/);
    await goLive({ vod: true });
    const state = await feature.ads.run(60);
    expect(state.lastLength).toBe(60);
    await expect(feature.ads.run(30)).rejects.toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/wait/) });
    expect(feature.ads.getState().nextAllowedAt).not.toBeNull();
  });

  it('edits the channel and finds categories', async () => {
    const { feature } = await startFeature();
    const [category] = await feature.channel.searchCategories('just');
    expect(category).toBeDefined();
    const info = await feature.channel.update({ title: 'Edited by Sidestage', categoryId: category!.id, tags: ['Cozy'] });
    expect(info).toMatchObject({ title: 'Edited by Sidestage', categoryId: category!.id, tags: ['Cozy'] });
    await vi.waitFor(() => expect(feature.stream.getStatus().title).toBe('Edited by Sidestage'));
    // The branded-content flag changed twice in a row: the platform's 409, explained.
    await feature.channel.update({ isBrandedContent: true });
    await expect(feature.channel.update({ isBrandedContent: false })).rejects.toThrow(/changed too often/);
  });

});
