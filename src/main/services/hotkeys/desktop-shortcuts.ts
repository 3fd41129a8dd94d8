/**
 * What the desktop does with global shortcuts, as Electron documents it, so that Sidestage says
 * the truth about them: where a registration cannot be confirmed (Wayland, macOS, X11), which
 * combinations steal a typed character (Ctrl+Alt is AltGr on Windows), and the defaults that
 * avoid both where they can.
 */
import { parseAccelerator } from '../../../shared/domain/accelerator';

/** The environment a shortcut lives in: the OS, and on Linux whether the session is Wayland. */
export interface ShortcutDesktop {
  platform: NodeJS.Platform;
  wayland: boolean;
}

/**
 * Electron 38 and later run natively on Wayland when the session says it is one
 * (`XDG_SESSION_TYPE`); without that variable a Wayland display is the hint.
 */
export function isWaylandSession(env: Record<string, string | undefined>): boolean {
  const type = env.XDG_SESSION_TYPE?.toLowerCase();
  if (type) return type === 'wayland';
  return Boolean(env.WAYLAND_DISPLAY);
}

export function shortcutDesktop(platform: NodeJS.Platform, env: Record<string, string | undefined>): ShortcutDesktop {
  return { platform, wayland: platform === 'linux' && isWaylandSession(env) };
}

/**
 * Electron's globalShortcut reaches a Wayland compositor only through Chromium's
 * GlobalShortcutsPortal feature, which must be switched on before the app is ready.
 */
export function needsGlobalShortcutsPortal(desktop: ShortcutDesktop): boolean {
  return desktop.wayland;
}

/**
 * Why a shortcut that registered may still not work here, in words; null where the system refuses
 * a taken combination outright (Windows), so that a registered shortcut is one that works.
 */
export function shortcutCaveat(desktop: ShortcutDesktop): string | null {
  if (desktop.wayland) {
    return (
      'This is a Wayland session: Sidestage asks your desktop for global shortcuts through its shortcut portal and cannot confirm that they work. ' +
      'Your desktop may ask you to allow them; where it has no such portal, a shortcut may not work while another app has the focus.'
    );
  }
  if (desktop.platform === 'darwin' || desktop.platform === 'linux') {
    // Electron: "When the accelerator is already taken by other applications, this call will silently fail."
    return 'Sidestage cannot tell when another app already holds one of these shortcuts: the system accepts it all the same, and then only the other app hears it.';
  }
  return null;
}

const controlModifiers = new Set(['CommandOrControl', 'Control']);

/**
 * On Windows, Ctrl+Alt is the AltGr key: Ctrl+Alt+M is AltGr+M, which types "µ" on a German
 * keyboard, and Ctrl+Alt+C types "ć" on a Polish one. A global shortcut on it swallows that
 * character in every app. Null when the combination is safe on this platform.
 */
export function altGrConflict(accelerator: string, platform: NodeJS.Platform): string | null {
  if (platform !== 'win32') return null;
  const parsed = parseAccelerator(accelerator);
  if (!parsed.ok) return null;
  const parts = parsed.accelerator.split('+');
  const key = parts.at(-1)!;
  const modifiers = parts.slice(0, -1);
  const altGr = modifiers.includes('AltGr') || (modifiers.includes('Alt') && modifiers.some((m) => controlModifiers.has(m)));
  // Only a key that types something: letters, digits and punctuation (not F-keys, arrows, Space...).
  if (!altGr || key.length !== 1) return null;
  const shown = ['Ctrl', 'Alt', ...(modifiers.includes('Shift') ? ['Shift'] : []), key].join('+');
  return `On Windows ${shown} is also AltGr+${modifiers.includes('Shift') ? 'Shift+' : ''}${key}, which types a character on many keyboards (such as µ, é or ć): while Sidestage holds this shortcut, that character cannot be typed in any app. Choose another shortcut unless your keyboard has no such character.`;
}

/**
 * The shortcuts the marker and the clip have out of the box. Ctrl+Alt+letter everywhere but on
 * Windows, where it is AltGr+letter: there Ctrl+Shift with an F-key, which types nothing and which
 * common streaming and voice apps do not take (Ctrl+Shift+M mutes in Discord).
 */
export function defaultHotkeys(platform: NodeJS.Platform): { marker: string; clip: string } {
  if (platform === 'win32') return { marker: 'CommandOrControl+Shift+F9', clip: 'CommandOrControl+Shift+F10' };
  return { marker: 'CommandOrControl+Alt+M', clip: 'CommandOrControl+Alt+C' };
}
