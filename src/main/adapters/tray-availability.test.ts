import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probeStatusNotifierWatcher, trayUnavailableReason } from './tray-availability';

describe('trayUnavailableReason', () => {
  it('GNOME without a StatusNotifier host (Fedora, Debian) shows no tray: closing must quit, and it says what to install', () => {
    expect(trayUnavailableReason('linux', { XDG_CURRENT_DESKTOP: 'GNOME', XDG_SESSION_TYPE: 'wayland' }, false)).toMatch(
      /^Your desktop shows no tray icons \(GNOME without the "AppIndicator and KStatusNotifierItem Support" extension\), so closing the window quits Sidestage\. Install and enable that extension, then restart Sidestage/,
    );
    // The bus could not be asked at all: on GNOME that is no tray either.
    expect(trayUnavailableReason('linux', { XDG_CURRENT_DESKTOP: 'GNOME' }, null)).not.toBeNull();
    expect(trayUnavailableReason('linux', { XDG_CURRENT_DESKTOP: 'sway', XDG_SESSION_TYPE: 'wayland' }, false)).toMatch(/no StatusNotifier host is running/);
  });

  it('a host on the bus (KDE, Ubuntu’s GNOME with its extension), an X11 panel, Windows and macOS all have a tray', () => {
    expect(trayUnavailableReason('linux', { XDG_CURRENT_DESKTOP: 'ubuntu:GNOME', XDG_SESSION_TYPE: 'wayland' }, true)).toBeNull();
    expect(trayUnavailableReason('linux', { XDG_CURRENT_DESKTOP: 'KDE', XDG_SESSION_TYPE: 'wayland' }, true)).toBeNull();
    // Without a watcher an X11 panel still takes the older XEmbed icons.
    expect(trayUnavailableReason('linux', { XDG_CURRENT_DESKTOP: 'XFCE', XDG_SESSION_TYPE: 'x11' }, false)).toBeNull();
    expect(trayUnavailableReason('win32', {}, null)).toBeNull();
    expect(trayUnavailableReason('darwin', {}, null)).toBeNull();
  });
});

describe('probeStatusNotifierWatcher', () => {
  const path = process.env.PATH;
  let bin: string | null = null;
  afterEach(async () => {
    process.env.PATH = path;
    if (bin) await rm(bin, { recursive: true, force: true });
    bin = null;
  });
  const withTools = async (tools: Record<string, string>) => {
    bin = await mkdtemp(join(tmpdir(), 'sidestage-bus-'));
    for (const [name, script] of Object.entries(tools)) {
      await writeFile(join(bin, name), `#!/bin/sh\n${script}\n`);
      await chmod(join(bin, name), 0o755);
    }
    // Only these tools (and the shell they run in) are found.
    process.env.PATH = `${bin}:/bin`;
  };

  it('asks the session bus through gdbus', async () => {
    await withTools({ gdbus: 'echo "(true,)"' });
    expect(await probeStatusNotifierWatcher()).toBe(true);
    await withTools({ gdbus: 'echo "(false,)"' });
    expect(await probeStatusNotifierWatcher()).toBe(false);
  });

  it('falls back to dbus-send, and answers null when the bus cannot be asked', async () => {
    await withTools({ gdbus: 'exit 1', 'dbus-send': 'echo "method return time=1 sender=org.freedesktop.DBus"; echo "   boolean true"' });
    expect(await probeStatusNotifierWatcher()).toBe(true);
    await withTools({ gdbus: 'echo "Error: Cannot autolaunch D-Bus without X11 $DISPLAY" >&2; exit 1' });
    expect(await probeStatusNotifierWatcher()).toBeNull();
    await withTools({ gdbus: 'exec sleep 5' });
    expect(await probeStatusNotifierWatcher(200)).toBeNull();
  });
});
