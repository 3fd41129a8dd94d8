import { describe, expect, it } from 'vitest';
import { silentLogger } from '../services/logger';
import { AppearanceService } from '../services/appearance/appearance-service';
import { BackedSettingsStore, MemorySettingsStore, type KeyValueBackend, type SettingsStore } from '../services/settings/settings-store';
import { registerAppearanceIpc } from './appearance-ipc';
import { IpcRouter } from './ipc-router';

const trusted = { trusted: true, description: 'test' };

function wire(settings: SettingsStore = new MemorySettingsStore()) {
  const router = new IpcRouter(silentLogger);
  const events: unknown[] = [];
  router.onEvent((event, payload) => events.push([event, payload]));
  const off = registerAppearanceIpc(router, new AppearanceService(settings));
  return { router, events, off, settings };
}

describe('appearance IPC', () => {
  it('follows the system by default, saves a choice and announces it to every window until unregistered', async () => {
    const { router, events, off, settings } = wire();
    expect(await router.dispatch('appearance:get', undefined, trusted)).toEqual({ ok: true, value: { theme: 'system' } });
    expect(await router.dispatch('appearance:set', { theme: 'light' }, trusted)).toEqual({ ok: true, value: { theme: 'light' } });
    expect(settings.get('appearance.theme')).toBe('light');
    expect(events).toEqual([['appearance:changed', { theme: 'light' }]]);
    // The same choice again changes nothing and says nothing.
    await router.dispatch('appearance:set', { theme: 'light' }, trusted);
    expect(events).toHaveLength(1);
    off();
    await router.dispatch('appearance:set', { theme: 'dark' }, trusted);
    expect(events).toHaveLength(1);
  });

  it('refuses a theme it does not know and keeps the saved one', async () => {
    const { router, settings } = wire(new MemorySettingsStore({ 'appearance.theme': 'dark' }));
    const answer = await router.dispatch('appearance:set', { theme: 'sepia' }, trusted);
    expect(answer.ok).toBe(false);
    expect(settings.get('appearance.theme')).toBe('dark');
  });

  it('a hand-edited settings file with an unknown theme falls back to the system theme', async () => {
    const backend: KeyValueBackend = { get: () => 'neon', set: () => {} };
    const { router } = wire(new BackedSettingsStore(backend));
    expect(await router.dispatch('appearance:get', undefined, trusted)).toEqual({ ok: true, value: { theme: 'system' } });
  });
});
