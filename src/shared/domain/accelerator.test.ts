import { describe, expect, it } from 'vitest';
import { acceleratorFromKey, formatAccelerator, parseAccelerator } from './accelerator';

describe('parseAccelerator', () => {
  it('accepts and spells canonically', () => {
    expect(parseAccelerator('CommandOrControl+Alt+M')).toEqual({ ok: true, accelerator: 'CommandOrControl+Alt+M' });
    expect(parseAccelerator(' alt + cmdorctrl + m ')).toEqual({ ok: true, accelerator: 'CommandOrControl+Alt+M' });
    expect(parseAccelerator('Ctrl+Shift+f5')).toEqual({ ok: true, accelerator: 'Control+Shift+F5' });
    expect(parseAccelerator('F13')).toEqual({ ok: true, accelerator: 'F13' });
    expect(parseAccelerator('Alt+Plus')).toEqual({ ok: true, accelerator: 'Alt+Plus' });
    expect(parseAccelerator('Ctrl+num5')).toEqual({ ok: true, accelerator: 'Control+num5' });
  });
  it('refuses with a reason', () => {
    const reason = (s: string) => {
      const r = parseAccelerator(s);
      return r.ok ? null : r.reason;
    };
    expect(reason('')).toMatch(/empty/);
    expect(reason('Ctrl+Alt')).toMatch(/only modifiers/);
    expect(reason('M')).toMatch(/while you type/);
    expect(reason('Shift+M')).toMatch(/while you type/);
    expect(reason('Ctrl+M+N')).toMatch(/one key/);
    expect(reason('Ctrl+Ctrl+M')).toMatch(/twice/);
    expect(reason('Ctrl+Banana')).toMatch(/not a key/);
    expect(reason('Ctrl++')).toMatch(/Plus/);
    expect(reason('M+Ctrl')).toMatch(/before the key/);
  });
});

describe('acceleratorFromKey', () => {
  const press = (code: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
    code,
    key: '',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });
  it('uses the physical key and the platform modifier', () => {
    expect(acceleratorFromKey(press('KeyM', { ctrlKey: true, altKey: true }), 'other')).toBe('CommandOrControl+Alt+M');
    expect(acceleratorFromKey(press('KeyM', { metaKey: true, altKey: true }), 'mac')).toBe('CommandOrControl+Alt+M');
    expect(acceleratorFromKey(press('Digit1', { ctrlKey: true, shiftKey: true }), 'other')).toBe('CommandOrControl+Shift+1');
    expect(acceleratorFromKey(press('ArrowUp', { altKey: true }), 'other')).toBe('Alt+Up');
  });
  it('waits while only modifiers are down', () => {
    expect(acceleratorFromKey(press('ControlLeft', { ctrlKey: true }), 'other')).toBeNull();
  });
});

describe('formatAccelerator', () => {
  it('reads as the keyboard does, per platform', () => {
    expect(formatAccelerator('CommandOrControl+Alt+M', 'other')).toBe('Ctrl+Alt+M');
    expect(formatAccelerator('CommandOrControl+Alt+M', 'mac')).toBe('⌘⌥M');
    expect(formatAccelerator('CommandOrControl+Shift+Plus', 'other')).toBe('Ctrl+Shift++');
    expect(formatAccelerator('Control+Alt+Up', 'mac')).toBe('⌃⌥↑');
    expect(formatAccelerator('F13', 'other')).toBe('F13');
    expect(formatAccelerator('not a shortcut+', 'other')).toBe('not a shortcut+');
  });
});
