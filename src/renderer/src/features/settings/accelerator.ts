/**
 * An Electron accelerator ("CommandOrControl+Alt+M") in the words of the keyboard in front of the
 * broadcaster: "Ctrl+Alt+M" on Windows and Linux, "⌘⌥M" on a Mac.
 */
export function formatAccelerator(accelerator: string, platform: 'mac' | 'other'): string {
  const mac: Record<string, string> = {
    commandorcontrol: '⌘',
    cmdorctrl: '⌘',
    command: '⌘',
    cmd: '⌘',
    control: '⌃',
    ctrl: '⌃',
    alt: '⌥',
    option: '⌥',
    shift: '⇧',
    super: '⌘',
    meta: '⌘',
  };
  const other: Record<string, string> = {
    commandorcontrol: 'Ctrl',
    cmdorctrl: 'Ctrl',
    command: 'Ctrl',
    cmd: 'Ctrl',
    control: 'Ctrl',
    ctrl: 'Ctrl',
    alt: 'Alt',
    option: 'Alt',
    shift: 'Shift',
    super: 'Super',
    meta: 'Super',
  };
  const names = platform === 'mac' ? mac : other;
  const keys = accelerator
    .split('+')
    .filter(Boolean)
    .map((key) => names[key.toLowerCase()] ?? (key.length === 1 ? key.toUpperCase() : key));
  return keys.join(platform === 'mac' ? '' : '+');
}

export function currentPlatform(): 'mac' | 'other' {
  return typeof navigator !== 'undefined' && /mac/i.test(navigator.platform) ? 'mac' : 'other';
}
