import { describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../../test-support/fake-clock';
import { silentLogger } from '../logger';
import { RecordingNotifier } from '../../test-support/recording-notifier';
import { MemorySettingsStore } from '../settings/settings-store';
import { MarkerHotkey } from './marker-hotkey';
import { MarkerHotkeys } from './marker-hotkeys';
import { FakeShortcutRegistry } from '../../test-support/fake-shortcut-registry';
import { UnavailableShortcutRegistry } from './shortcut-registry';

function setup(options: { taken?: string[]; saved?: string } = {}) {
  const clock = createFakeClock();
  const registry = new FakeShortcutRegistry();
  for (const t of options.taken ?? []) registry.taken.add(t);
  const settings = new MemorySettingsStore(options.saved ? { 'markers.hotkey': options.saved } : {});
  const notifier = new RecordingNotifier();
  const onPress = vi.fn(async () => {});
  const hotkey = new MarkerHotkey({ registry, settings, notifier, logger: silentLogger, onPress, clock });
  return { hotkey, clock, registry, settings, notifier, onPress };
}

describe('MarkerHotkey', () => {
  it('registers the default shortcut and drops a marker on a press', () => {
    const { hotkey, registry, onPress } = setup();
    hotkey.start();
    expect(hotkey.getState()).toMatchObject({ accelerator: 'CommandOrControl+Alt+M', registered: true, error: null, lastFiredAt: null });
    registry.press('CommandOrControl+Alt+M');
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(hotkey.getState().lastFiredAt).not.toBeNull();
  });

  it('makes one marker of key bounce, one each of deliberate presses', () => {
    const { hotkey, registry, clock, onPress } = setup();
    hotkey.start();
    const press = () => registry.press('CommandOrControl+Alt+M');
    press();
    clock.advance(30);
    press();
    clock.advance(30);
    press(); // a held key's auto-repeat
    expect(onPress).toHaveBeenCalledTimes(1);
    clock.advance(600);
    press();
    clock.advance(600);
    press();
    expect(onPress).toHaveBeenCalledTimes(3);
  });

  it('reports a shortcut taken by another program at start', () => {
    const { hotkey } = setup({ taken: ['CommandOrControl+Alt+M'] });
    hotkey.start();
    expect(hotkey.getState()).toMatchObject({ registered: false, error: expect.stringMatching(/another program already uses it/) });
  });

  it('changes the shortcut, persists it and frees the old one', () => {
    const { hotkey, registry, settings, onPress } = setup();
    hotkey.start();
    const changes: unknown[] = [];
    hotkey.onChange((s) => changes.push(s));
    expect(hotkey.set('ctrl+shift+f9')).toMatchObject({ accelerator: 'Control+Shift+F9', registered: true });
    expect(settings.get('markers.hotkey')).toBe('Control+Shift+F9');
    expect(registry.press('CommandOrControl+Alt+M')).toBe(false);
    registry.press('Control+Shift+F9');
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(changes).toHaveLength(2);
  });

  it('refuses an invalid shortcut in words', () => {
    const { hotkey } = setup();
    hotkey.start();
    expect(() => hotkey.set('M')).toThrow(/while you type/);
  });

  it('keeps the old shortcut when the new one is taken, and says so', () => {
    const { hotkey, registry, settings } = setup({ taken: ['Alt+F1'] });
    hotkey.start();
    expect(() => hotkey.set('Alt+F1')).toThrow('Alt+F1 could not be registered: another program already uses it. CommandOrControl+Alt+M stays in use.');
    expect(hotkey.getState()).toMatchObject({ accelerator: 'CommandOrControl+Alt+M', registered: true });
    expect(settings.get('markers.hotkey')).toBe('CommandOrControl+Alt+M');
    expect(registry.registered.has('CommandOrControl+Alt+M')).toBe(true);
  });

  it('a test press is recorded and confirmed without a marker', () => {
    const { hotkey, registry, notifier, onPress, clock } = setup();
    hotkey.start();
    expect(hotkey.startTest().testingUntil).not.toBeNull();
    registry.press('CommandOrControl+Alt+M');
    expect(onPress).not.toHaveBeenCalled();
    expect(notifier.shown[0]!.notification.title).toBe('Marker hotkey works');
    expect(hotkey.getState()).toMatchObject({ testingUntil: null, lastFiredAt: new Date(clock.now()).toISOString() });
    clock.advance(1_000);
    registry.press('CommandOrControl+Alt+M');
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('the test window ends by itself', () => {
    const { hotkey, clock } = setup();
    hotkey.start();
    hotkey.startTest(5_000);
    clock.advance(5_000);
    expect(hotkey.getState().testingUntil).toBeNull();
  });

  it('unregisters on dispose', () => {
    const { hotkey, registry } = setup();
    hotkey.start();
    hotkey.dispose();
    expect(registry.registered.size).toBe(0);
  });
});

describe('MarkerHotkeys (marker and note shortcuts)', () => {
  function setupBoth() {
    const registry = new FakeShortcutRegistry();
    const settings = new MemorySettingsStore();
    const onMarkerPress = vi.fn(async () => {});
    const onNotePress = vi.fn(async () => {});
    const hotkeys = new MarkerHotkeys({ registry, settings, notifier: new RecordingNotifier(), logger: silentLogger, clock: createFakeClock(), onMarkerPress, onNotePress });
    hotkeys.start();
    return { hotkeys, registry, settings, onMarkerPress, onNotePress };
  }

  it('the note shortcut is off until chosen, then asks for a note, and can be turned off', () => {
    const { hotkeys, registry, settings, onNotePress, onMarkerPress } = setupBoth();
    expect(hotkeys.getState().note).toEqual({ accelerator: null, registered: false, error: null });
    expect(hotkeys.set('Ctrl+Alt+N', 'note').note).toEqual({ accelerator: 'Control+Alt+N', registered: true, error: null });
    expect(settings.get('markers.noteHotkey')).toBe('Control+Alt+N');
    registry.press('Control+Alt+N');
    expect(onNotePress).toHaveBeenCalledTimes(1);
    expect(onMarkerPress).not.toHaveBeenCalled();
    expect(hotkeys.set('', 'note').note).toEqual({ accelerator: null, registered: false, error: null });
    expect(registry.press('Control+Alt+N')).toBe(false);
    expect(settings.get('markers.noteHotkey')).toBeNull();
  });

  it('the two shortcuts cannot be the same combination', () => {
    const { hotkeys } = setupBoth();
    expect(() => hotkeys.set('cmdorctrl+alt+m', 'note')).toThrow('CommandOrControl+Alt+M is already the marker shortcut: choose another combination.');
  });

  it('the marker shortcut cannot be turned off', () => {
    const { hotkeys } = setupBoth();
    expect(() => hotkeys.set('', 'marker')).toThrow(/empty/);
  });
});

describe('where no global shortcut can be registered (the browser dock)', () => {
  it('says where shortcuts work instead of asking for another one, and refuses a change in the same words', () => {
    const registry = new UnavailableShortcutRegistry();
    const hotkeys = new MarkerHotkeys({
      registry,
      settings: new MemorySettingsStore({ 'markers.noteHotkey': 'CommandOrControl+Alt+N' }),
      notifier: new RecordingNotifier(),
      logger: silentLogger,
      clock: createFakeClock(),
      onMarkerPress: async () => {},
      onNotePress: async () => {},
    });
    hotkeys.start();
    const state = hotkeys.getState();
    expect(state).toMatchObject({ accelerator: 'CommandOrControl+Alt+M', registered: false, error: null, note: { registered: false, error: null } });
    expect(state.unavailable).toMatch(/work in the Sidestage desktop app/);
    expect(JSON.stringify(state)).not.toMatch(/Choose another/);
    expect(() => hotkeys.set('CommandOrControl+Alt+K', 'marker')).toThrow(/work in the Sidestage desktop app/);
  });

  it('is not set where shortcuts can be registered', () => {
    const hotkeys = new MarkerHotkeys({ registry: new FakeShortcutRegistry(), settings: new MemorySettingsStore(), notifier: new RecordingNotifier(), logger: silentLogger, clock: createFakeClock(), onMarkerPress: async () => {}, onNotePress: async () => {} });
    hotkeys.start();
    expect(hotkeys.getState().unavailable).toBeNull();
  });
});
