import { describe, expect, it } from 'vitest';
import { defaultLiveView } from '../../shared/ipc/contract';
import { silentLogger } from '../services/logger';
import { LiveViewService } from '../services/live-view/live-view-service';
import { BackedSettingsStore, MemorySettingsStore, type KeyValueBackend, type SettingsStore } from '../services/settings/settings-store';
import { registerLiveViewIpc } from './live-view-ipc';
import { IpcRouter } from './ipc-router';

const trusted = { trusted: true, description: 'test' };

function wire(settings: SettingsStore = new MemorySettingsStore()) {
  const router = new IpcRouter(silentLogger);
  const events: unknown[] = [];
  router.onEvent((event, payload) => events.push([event, payload]));
  const off = registerLiveViewIpc(router, new LiveViewService(settings));
  return { router, events, off, settings };
}

describe('live view IPC', () => {
  it('starts from the registry’s own arrangement, saves a change and announces it to every window until unregistered', async () => {
    const { router, events, off, settings } = wire();
    expect(await router.dispatch('liveView:get', undefined, trusted)).toEqual({ ok: true, value: defaultLiveView });
    const arranged = { tileOrder: ['clip', 'marker'], hiddenTiles: ['snooze'] };
    const answer = await router.dispatch('liveView:set', arranged, trusted);
    expect(answer).toEqual({ ok: true, value: { ...defaultLiveView, ...arranged } });
    expect(settings.get('liveView.layout')).toEqual({ ...defaultLiveView, ...arranged });
    expect(events).toEqual([['liveView:changed', { ...defaultLiveView, ...arranged }]]);
    // Only the fields sent change; the same change again says nothing.
    await router.dispatch('liveView:set', { feedTab: 'activity' }, trusted);
    expect(settings.get('liveView.layout')).toMatchObject({ ...arranged, feedTab: 'activity' });
    await router.dispatch('liveView:set', { feedTab: 'activity' }, trusted);
    expect(events).toHaveLength(2);
    off();
    await router.dispatch('liveView:set', { feedLayout: 'split' }, trusted);
    expect(events).toHaveLength(2);
  });

  it('refuses what is not an arrangement (a tile twice, a malformed id, an ad length the platform has not, another field) and keeps the saved one', async () => {
    const saved = { ...defaultLiveView, tileOrder: ['raid'] };
    const { router, settings, events } = wire(new MemorySettingsStore({ 'liveView.layout': saved }));
    for (const arg of [
      { tileOrder: ['clip', 'clip'] },
      { hiddenTiles: ['Not A Tile!'] },
      { adLengthSeconds: 45 },
      { feedLayout: 'grid' },
      { tileOrder: [], extra: true },
      { tileOrder: Array.from({ length: 101 }, (_, i) => `t${i}`) },
    ]) {
      const answer = await router.dispatch('liveView:set', arg, trusted);
      expect(answer.ok, JSON.stringify(arg)).toBe(false);
    }
    expect(settings.get('liveView.layout')).toEqual(saved);
    expect(events).toEqual([]);
  });

  it('a hand-edited settings file: each damaged field falls back to its default alone, the others are kept', async () => {
    const backend: KeyValueBackend = {
      get: (key) => (key === 'liveView.layout' ? { tileOrder: ['raid', 'clip'], hiddenTiles: 'marker', feedLayout: 'split', feedTab: 'chat', adLengthSeconds: 31, templateId: null } : undefined),
      set: () => {},
    };
    const { router } = wire(new BackedSettingsStore(backend));
    expect(await router.dispatch('liveView:get', undefined, trusted)).toEqual({
      ok: true,
      value: { ...defaultLiveView, tileOrder: ['raid', 'clip'], feedLayout: 'split' },
    });
  });

  it('a change the disk refuses is said in words, and not announced', async () => {
    const backend: KeyValueBackend = {
      get: () => undefined,
      set: () => {
        throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
      },
    };
    const { router, events } = wire(new BackedSettingsStore(backend));
    const answer = await router.dispatch('liveView:set', { hiddenTiles: ['raid'] }, trusted);
    expect(answer).toMatchObject({ ok: false, error: { message: expect.stringMatching(/disk is full/) } });
    expect(events).toEqual([]);
  });
});
