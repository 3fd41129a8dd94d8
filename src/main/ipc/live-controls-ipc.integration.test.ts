import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/server';
import { CurrentBroadcaster } from '../services/common/current-broadcaster';
import { buildLiveControls, disposeLiveControls, startLiveControls } from '../composition/live-controls';
import { apiClientFor, fixedAuth, mintToken, simulation } from '../test-support/live-controls-emulator';
import { silentLogger } from '../services/logger';
import { UnavailableShortcutRegistry } from '../services/hotkeys/shortcut-registry';
import { RecordingNotifier } from '../test-support/recording-notifier';
import { MemorySettingsStore } from '../services/settings/settings-store';
import { IpcRouter } from './ipc-router';
import { registerLiveControlsIpc } from './live-controls-ipc';

describe('live controls IPC against the emulator', () => {
  let emulator: RunningEmulator;
  let token: string;
  let dataDir: string;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: 'demo' });
    token = await mintToken(emulator);
    dataDir = await mkdtemp(join(tmpdir(), 'sidestage-live-ipc-'));
  });
  afterAll(async () => {
    await emulator?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves its channels through the IPC router, with events, in words, until released', async () => {
    const { auth, apiAuth } = fixedAuth(emulator, token);
    const settings = new MemorySettingsStore();
    const feature = buildLiveControls({
      api: apiClientFor(emulator.url, emulator.demo!.clientId, apiAuth),
      broadcaster: new CurrentBroadcaster(auth),
      settings,
      dataDir,
      logger: silentLogger,
      notifier: new RecordingNotifier(),
      shortcuts: new UnavailableShortcutRegistry(),
    });
    const router = new IpcRouter(silentLogger);
    const events: string[] = [];
    router.onEvent((event) => events.push(event));
    const release = registerLiveControlsIpc(router, feature, settings);
    try {
      await startLiveControls(feature);
      const sender = { trusted: true, description: 'test' };

      const hotkey = await router.dispatch('hotkeys:getState', undefined, sender);
      expect(hotkey).toMatchObject({
        ok: true,
        value: { hotkeys: expect.arrayContaining([expect.objectContaining({ action: 'marker', registered: false, error: null })]), unavailable: expect.stringMatching(/work in the Sidestage desktop app/) },
      });
      // An action that does not exist is refused by the contract, in words.
      const unknown = await router.dispatch('hotkeys:set', { action: 'dance', accelerator: 'Alt+F1' } as never, sender);
      expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid_argument', message: expect.stringContaining('There is no quick action "dance" to give a hotkey.') } });
      expect(await router.dispatch('hotkeys:clear', { action: 'marker' }, sender)).toMatchObject({ ok: false, error: { message: 'The marker hotkey cannot be cleared: choose another shortcut instead.' } });
      expect(await router.dispatch('hotkeys:set', { action: 'ad', accelerator: 'Alt+F4' }, sender)).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringMatching(/desktop app/) } });
      const offline = await router.dispatch('markers:drop', undefined, sender);
      expect(offline).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringMatching(/not live/) } });
      const outOfRange = await router.dispatch('chatSettings:update', { slowMode: true, slowModeWaitTime: 500 }, sender);
      expect(outOfRange).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
      const badAd = await router.dispatch('ads:run', { length: 45 }, sender);
      expect(badAd).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
      expect(await router.dispatch('tray:setSettings', { closeToTray: false }, sender)).toEqual({ ok: true, value: { closeToTray: false } });
      expect(feature.closesToTray()).toBe(false);

      await simulation(emulator).streamOnline(emulator.demo!.broadcaster.id, { vod: true });
      const dropped = await router.dispatch('markers:drop', { description: 'From IPC' }, sender);
      expect(dropped).toMatchObject({ ok: true, value: { lastResult: { ok: true, message: expect.stringMatching(/^Marker at /) } } });
      await vi.waitFor(() => expect(events).toEqual(expect.arrayContaining(['stream:changed', 'markers:changed', 'hotkeys:changed', 'chatSettings:changed'])));

      // Released: the services' changes no longer reach the router.
      release();
      const count = events.length;
      feature.markers.setDescriptionTemplate('After release');
      await feature.stream.refresh();
      expect(events).toHaveLength(count);
    } finally {
      release();
      await disposeLiveControls(feature);
      await simulation(emulator).streamOffline(emulator.demo!.broadcaster.id).catch(() => {});
    }
  });
});
