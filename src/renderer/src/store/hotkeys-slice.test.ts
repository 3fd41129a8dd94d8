import { describe, expect, it, vi } from 'vitest';
import type { HotkeysState } from '../../../shared/ipc/contract';
import { createSidestageStore, startMirroring } from './create-store';
import { fail, fakeDeps, flush, ok } from '../test-support/store-fakes';

const state = (accelerator: string | null): HotkeysState => ({
  hotkeys: [
    { action: 'marker', label: 'Drop a marker', accelerator: 'CommandOrControl+Alt+M', registered: true, error: null, lastFiredAt: null },
    { action: 'snooze', label: 'Snooze the next ad', accelerator, registered: accelerator !== null, error: null, lastFiredAt: null },
  ],
  testingUntil: null,
  unavailable: null,
});

function setup() {
  const fakes = fakeDeps({ transport: 'electron' });
  const hotkeys = {
    getState: vi.fn(async () => ok(state(null))),
    set: vi.fn(async (arg: { action: string; accelerator: string }) => ok(state(arg.accelerator))),
    clear: vi.fn(async (_arg: { action: string }) => ok(state(null))),
    startTest: vi.fn(async () => ok({ ...state(null), testingUntil: '2030-01-01T10:00:15Z' })),
  };
  Object.assign(fakes.bridge, { hotkeys });
  const store = createSidestageStore(fakes.deps);
  return { ...fakes, hotkeys, store };
}

describe('hotkeys slice', () => {
  it('reads the hotkeys at start and follows hotkeys:changed', async () => {
    const { store, deps, emit } = setup();
    const stop = startMirroring(store, deps);
    await flush();
    expect(store.getState().hotkeys).toEqual(state(null));
    emit('hotkeys:changed', state('Alt+F5'));
    expect(store.getState().hotkeys?.hotkeys[1]?.accelerator).toBe('Alt+F5');
    stop();
  });

  it('sets and clears a hotkey by action, showing main’s answer', async () => {
    const { store, hotkeys } = setup();
    await store.getState().setHotkey('snooze', 'Alt+F5');
    expect(hotkeys.set).toHaveBeenCalledWith({ action: 'snooze', accelerator: 'Alt+F5' });
    expect(store.getState().hotkeys?.hotkeys[1]).toMatchObject({ accelerator: 'Alt+F5', registered: true });
    await store.getState().clearHotkey('snooze');
    expect(hotkeys.clear).toHaveBeenCalledWith({ action: 'snooze' });
    expect(store.getState().hotkeys?.hotkeys[1]?.accelerator).toBeNull();
  });

  it('keeps a refusal beside the hotkey it is about', async () => {
    const { store, hotkeys } = setup();
    hotkeys.set.mockResolvedValueOnce(fail({ code: 'invalid_argument', message: 'Alt+F5 is already the ad shortcut: choose another combination.' }));
    await store.getState().setHotkey('snooze', 'Alt+F5');
    expect(store.getState().actions['hotkeys.set.snooze']?.error).toBe('Alt+F5 is already the ad shortcut: choose another combination.');
    expect(store.getState().actions['hotkeys.set.marker']?.error ?? null).toBeNull();
  });

  it('the raid hotkey shows the Live view and asks for its raid search once', async () => {
    const { store, deps, emit } = setup();
    const stop = startMirroring(store, deps);
    store.getState().setActivePanel('settings');
    emit('hotkeys:raid', {});
    expect(store.getState().activePanel).toBe('live');
    expect(store.getState().raidSearchRequested).toBe(true);
    store.getState().takeRaidSearchRequest();
    expect(store.getState().raidSearchRequested).toBe(false);
    stop();
  });

  it('starts a test and shows that it listens', async () => {
    const { store } = setup();
    await store.getState().testHotkeys();
    expect(store.getState().hotkeys?.testingUntil).toBe('2030-01-01T10:00:15Z');
  });
});
