import { describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../../test-support/fake-clock';
import { silentLogger } from '../logger';
import { FakeShortcutRegistry } from '../../test-support/fake-shortcut-registry';
import { AppError } from '../app-error';
import { GlobalHotkey, type HotkeySetting } from './global-hotkey';

function memorySetting(initial: string | null): HotkeySetting & { value: string | null } {
  const setting = {
    value: initial,
    get: () => setting.value,
    set: (value: string | null) => {
      setting.value = value;
    },
  };
  return setting;
}

function setup(options: { taken?: string[]; saved?: string | null; required?: boolean; platform?: 'mac' | 'other' } = {}) {
  const clock = createFakeClock();
  const registry = new FakeShortcutRegistry();
  for (const t of options.taken ?? []) registry.taken.add(t);
  const setting = memorySetting(options.saved === undefined ? 'CommandOrControl+Alt+M' : options.saved);
  const onPress = vi.fn();
  const hotkey = new GlobalHotkey({ registry, setting, logger: silentLogger, onPress, clock, required: options.required ?? true, platform: options.platform ?? 'other' });
  return { hotkey, clock, registry, setting, onPress };
}

describe('GlobalHotkey', () => {
  it('registers the saved shortcut and acts on a press', () => {
    const { hotkey, registry, onPress } = setup();
    hotkey.start();
    expect(hotkey.getState()).toEqual({ accelerator: 'CommandOrControl+Alt+M', registered: true, error: null, lastFiredAt: null });
    registry.press('CommandOrControl+Alt+M');
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(hotkey.getState().lastFiredAt).not.toBeNull();
  });

  it('acts once for key bounce, once each for deliberate presses', () => {
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

  it('reports a shortcut taken by another program at start, quoting it as the keyboard shows it', () => {
    const { hotkey } = setup({ taken: ['CommandOrControl+Alt+M'] });
    hotkey.start();
    expect(hotkey.getState()).toMatchObject({ registered: false, error: 'Ctrl+Alt+M could not be registered: another program already uses it. Choose another shortcut.' });
    const mac = setup({ taken: ['CommandOrControl+Alt+M'], platform: 'mac' });
    mac.hotkey.start();
    expect(mac.hotkey.getState().error).toBe('⌘⌥M could not be registered: another program already uses it. Choose another shortcut.');
  });

  it('says a damaged saved shortcut is not valid instead of registering it', () => {
    const { hotkey, registry } = setup({ saved: 'M' });
    hotkey.start();
    expect(hotkey.getState()).toMatchObject({ registered: false, error: expect.stringMatching(/^The saved shortcut "M" is not valid/) });
    expect(registry.registered.size).toBe(0);
  });

  it('changes the shortcut, persists it and frees the old one', () => {
    const { hotkey, registry, setting, onPress } = setup();
    hotkey.start();
    const changes: unknown[] = [];
    hotkey.onChange((s) => changes.push(s));
    expect(hotkey.set('ctrl+shift+f9')).toMatchObject({ accelerator: 'Control+Shift+F9', registered: true });
    expect(setting.value).toBe('Control+Shift+F9');
    expect(registry.press('CommandOrControl+Alt+M')).toBe(false);
    registry.press('Control+Shift+F9');
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(changes.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses an invalid shortcut in words', () => {
    const { hotkey } = setup();
    hotkey.start();
    expect(() => hotkey.set('M')).toThrow(/while you type/);
  });

  it('keeps the old shortcut when the new one is taken, and says so in keyboard words', () => {
    const { hotkey, registry, setting } = setup({ taken: ['Alt+F1'] });
    hotkey.start();
    expect(() => hotkey.set('Alt+F1')).toThrow('Alt+F1 could not be registered: another program already uses it. Ctrl+Alt+M stays in use.');
    expect(hotkey.getState()).toMatchObject({ accelerator: 'CommandOrControl+Alt+M', registered: true });
    expect(setting.value).toBe('CommandOrControl+Alt+M');
    expect(registry.registered.has('CommandOrControl+Alt+M')).toBe(true);
  });

  it('keeps the old shortcut when the new one cannot be saved', () => {
    const { hotkey, registry, setting } = setup();
    hotkey.start();
    setting.set = () => {
      throw new AppError('unavailable', 'Your disk is full, so Sidestage could not save this setting. Free some space and try again.');
    };
    expect(() => hotkey.set('Alt+F2')).toThrow(/disk is full/);
    expect(registry.registered.has('Alt+F2')).toBe(false);
    expect(registry.registered.has('CommandOrControl+Alt+M')).toBe(true);
    expect(hotkey.getState()).toMatchObject({ accelerator: 'CommandOrControl+Alt+M', registered: true });
  });

  it('a required hotkey cannot be cleared; an optional one can', () => {
    const required = setup();
    required.hotkey.start();
    expect(() => required.hotkey.clear()).toThrow('The marker hotkey cannot be cleared: choose another shortcut instead.');
    expect(() => required.hotkey.set('')).toThrow(/empty/);
    const optional = setup({ required: false, saved: 'Alt+F3' });
    optional.hotkey.start();
    expect(optional.hotkey.clear()).toEqual({ accelerator: null, registered: false, error: null, lastFiredAt: null });
    expect(optional.setting.value).toBeNull();
    expect(optional.registry.press('Alt+F3')).toBe(false);
  });

  it('unregisters on dispose', () => {
    const { hotkey, registry } = setup();
    hotkey.start();
    hotkey.dispose();
    expect(registry.registered.size).toBe(0);
  });
});
