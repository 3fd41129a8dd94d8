import { describe, expect, it } from 'vitest';
import { altGrConflict, defaultHotkeys, isWaylandSession, needsGlobalShortcutsPortal, shortcutCaveat, shortcutDesktop } from './desktop-shortcuts';

describe('the desktop a shortcut lives in', () => {
  it('is a Wayland session as the session says, else where a Wayland display is set', () => {
    expect(isWaylandSession({ XDG_SESSION_TYPE: 'wayland', DISPLAY: ':0' })).toBe(true);
    expect(isWaylandSession({ XDG_SESSION_TYPE: 'x11', WAYLAND_DISPLAY: 'wayland-0' })).toBe(false);
    expect(isWaylandSession({ WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(isWaylandSession({ DISPLAY: ':0' })).toBe(false);
    // Only Linux has Wayland sessions.
    expect(shortcutDesktop('darwin', { XDG_SESSION_TYPE: 'wayland' }).wayland).toBe(false);
  });

  it('switches the GlobalShortcutsPortal on for Wayland only', () => {
    expect(needsGlobalShortcutsPortal(shortcutDesktop('linux', { XDG_SESSION_TYPE: 'wayland' }))).toBe(true);
    expect(needsGlobalShortcutsPortal(shortcutDesktop('linux', { XDG_SESSION_TYPE: 'x11' }))).toBe(false);
    expect(needsGlobalShortcutsPortal(shortcutDesktop('win32', {}))).toBe(false);
  });

  it('says where a registered shortcut may still not be heard, and nothing on Windows, which refuses a taken one', () => {
    expect(shortcutCaveat(shortcutDesktop('linux', { XDG_SESSION_TYPE: 'wayland' }))).toMatch(/Wayland session.*cannot confirm.*may not work while another app has the focus/);
    expect(shortcutCaveat(shortcutDesktop('darwin', {}))).toMatch(/cannot tell when another app already holds/);
    expect(shortcutCaveat(shortcutDesktop('linux', { XDG_SESSION_TYPE: 'x11' }))).toMatch(/cannot tell when another app already holds/);
    expect(shortcutCaveat(shortcutDesktop('win32', {}))).toBeNull();
  });
});

describe('altGrConflict', () => {
  it('names Ctrl+Alt with a typing key on Windows, where it is AltGr', () => {
    expect(altGrConflict('CommandOrControl+Alt+M', 'win32')).toMatch(/^On Windows Ctrl\+Alt\+M is also AltGr\+M, which types a character/);
    expect(altGrConflict('Control+Alt+Shift+C', 'win32')).toMatch(/Ctrl\+Alt\+Shift\+C is also AltGr\+Shift\+C/);
    expect(altGrConflict('AltGr+7', 'win32')).toMatch(/AltGr\+7/);
    expect(altGrConflict('CommandOrControl+Alt+/', 'win32')).not.toBeNull();
  });

  it('lets keys that type nothing, other modifiers and other systems be', () => {
    expect(altGrConflict('CommandOrControl+Alt+F9', 'win32')).toBeNull();
    expect(altGrConflict('CommandOrControl+Alt+Space', 'win32')).toBeNull();
    expect(altGrConflict('CommandOrControl+Shift+M', 'win32')).toBeNull();
    expect(altGrConflict('Alt+M', 'win32')).toBeNull();
    // On Linux AltGr is a key of its own; on a Mac Ctrl+Option types nothing.
    expect(altGrConflict('CommandOrControl+Alt+M', 'linux')).toBeNull();
    expect(altGrConflict('CommandOrControl+Alt+M', 'darwin')).toBeNull();
    expect(altGrConflict('not a shortcut', 'win32')).toBeNull();
  });
});

describe('defaultHotkeys', () => {
  it('never collides with AltGr on any system', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      const { marker, clip } = defaultHotkeys(platform);
      expect(altGrConflict(marker, platform)).toBeNull();
      expect(altGrConflict(clip, platform)).toBeNull();
      expect(marker).not.toBe(clip);
    }
    expect(defaultHotkeys('win32')).toEqual({ marker: 'CommandOrControl+Shift+F9', clip: 'CommandOrControl+Shift+F10' });
    expect(defaultHotkeys('linux')).toEqual({ marker: 'CommandOrControl+Alt+M', clip: 'CommandOrControl+Alt+C' });
  });
});
