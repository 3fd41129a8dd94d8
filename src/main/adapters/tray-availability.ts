/**
 * Whether this desktop shows tray icons at all. On Linux, Electron's Tray is a StatusNotifierItem,
 * shown only where something on the session bus owns `org.kde.StatusNotifierWatcher` (KDE, Ubuntu's
 * GNOME with its AppIndicator extension, most other panels); GNOME without that extension (Fedora,
 * Debian) shows nothing, and X11 panels without a watcher still show the older XEmbed icons.
 * Closing the window to a tray that is not there would leave Sidestage running with no way back.
 */
import { execFile } from 'node:child_process';

const watcher = 'org.kde.StatusNotifierWatcher';

/** True or false as the session bus says; null when it cannot be asked (no gdbus or dbus-send, no session bus). */
export async function probeStatusNotifierWatcher(timeoutMs = 1_500): Promise<boolean | null> {
  const gdbus = await run('gdbus', ['call', '--session', '--dest', 'org.freedesktop.DBus', '--object-path', '/org/freedesktop/DBus', '--method', 'org.freedesktop.DBus.NameHasOwner', watcher], timeoutMs);
  if (gdbus !== null) return /\(true,?\)/.test(gdbus) ? true : /\(false,?\)/.test(gdbus) ? false : null;
  const dbusSend = await run('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', `string:${watcher}`], timeoutMs);
  if (dbusSend !== null) return /boolean true/.test(dbusSend) ? true : /boolean false/.test(dbusSend) ? false : null;
  return null;
}

function run(command: string, args: string[], timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const child = execFile(command, args, { timeout: timeoutMs, encoding: 'utf8' }, (error, stdout) => resolve(error ? null : stdout));
    child.on('error', () => resolve(null));
  });
}

/**
 * Why no tray icon will show here, in words; null where one will (or where nothing says it will
 * not). `watcherOnBus`: the probe's answer.
 */
export function trayUnavailableReason(platform: NodeJS.Platform, env: Record<string, string | undefined>, watcherOnBus: boolean | null): string | null {
  if (platform !== 'linux' || watcherOnBus === true) return null;
  const desktops = (env.XDG_CURRENT_DESKTOP ?? '').split(':').map((d) => d.trim().toLowerCase());
  const gnome = desktops.includes('gnome');
  const wayland = (env.XDG_SESSION_TYPE ?? '').toLowerCase() === 'wayland';
  // Without a watcher, only an X11 panel outside GNOME still takes the older kind of icon.
  if (!gnome && !wayland) return null;
  return gnome
    ? 'Your desktop shows no tray icons (GNOME without the "AppIndicator and KStatusNotifierItem Support" extension), so closing the window quits Sidestage. Install and enable that extension, then restart Sidestage, to keep it running in the tray.'
    : 'Your desktop shows no tray icons (no StatusNotifier host is running), so closing the window quits Sidestage. Add a tray to your panel, then restart Sidestage, to keep it running in the tray.';
}
