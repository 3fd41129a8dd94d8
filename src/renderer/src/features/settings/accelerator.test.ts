import { describe, expect, it } from 'vitest';
import { formatAccelerator } from './accelerator';

describe('formatAccelerator', () => {
  it('says a shortcut in the keyboard’s own words', () => {
    expect(formatAccelerator('CommandOrControl+Alt+M', 'other')).toBe('Ctrl+Alt+M');
    expect(formatAccelerator('CommandOrControl+Alt+M', 'mac')).toBe('⌘⌥M');
    expect(formatAccelerator('Shift+F9', 'other')).toBe('Shift+F9');
    expect(formatAccelerator('ctrl+shift+n', 'other')).toBe('Ctrl+Shift+N');
  });
});
