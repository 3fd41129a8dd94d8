/**
 * Global shortcut accelerators in Electron's format (`CommandOrControl+Alt+M`): validation with a
 * reason in words, a canonical spelling, and the conversion of a captured key press.
 */

const modifierAliases: Record<string, string> = {
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  alt: 'Alt',
  option: 'Alt',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
};
const modifierOrder = ['CommandOrControl', 'Command', 'Control', 'Alt', 'AltGr', 'Shift', 'Super'];

const namedKeys = [
  'Plus', 'Space', 'Tab', 'Capslock', 'Numlock', 'Scrolllock', 'Backspace', 'Delete', 'Insert', 'Return', 'Enter',
  'Up', 'Down', 'Left', 'Right', 'Home', 'End', 'PageUp', 'PageDown', 'Escape', 'Esc',
  'VolumeUp', 'VolumeDown', 'VolumeMute', 'MediaNextTrack', 'MediaPreviousTrack', 'MediaStop', 'MediaPlayPause', 'PrintScreen',
  'num0', 'num1', 'num2', 'num3', 'num4', 'num5', 'num6', 'num7', 'num8', 'num9', 'numdec', 'numadd', 'numsub', 'nummult', 'numdiv',
];
const namedKeyByLower = new Map(namedKeys.map((k) => [k.toLowerCase(), k]));
const punctuation = new Set([...')!@#$%^&*(:;+=<,_->.?/~`{]|[}"\'\\']);

/** Keys that do not get in the way of typing or playing, so they may be used without a modifier. */
function isStandaloneKey(key: string): boolean {
  return /^F(1[3-9]|2[0-4])$/.test(key) || key.startsWith('Media') || key.startsWith('Volume');
}

export type AcceleratorCheck = { ok: true; accelerator: string } | { ok: false; reason: string };

/** Checks an accelerator and returns it spelled canonically (modifiers in a fixed order, keys capitalised). */
export function parseAccelerator(input: string): AcceleratorCheck {
  const text = input.trim();
  if (!text) return { ok: false, reason: 'The shortcut is empty.' };
  if (text.length > 100) return { ok: false, reason: 'The shortcut is too long.' };
  // "Plus" is the key "+"; a literal "+" key would make the separator ambiguous.
  const parts = text.split('+').map((p) => p.trim());
  if (parts.some((p) => p === '')) return { ok: false, reason: `"${text}" is not a shortcut: write keys joined by "+", e.g. CommandOrControl+Alt+M (use "Plus" for the + key).` };
  const modifiers: string[] = [];
  let key: string | null = null;
  for (const part of parts) {
    const modifier = modifierAliases[part.toLowerCase()];
    if (modifier) {
      if (key !== null) return { ok: false, reason: `Modifiers come before the key: "${part}" follows "${key}".` };
      if (modifiers.includes(modifier)) return { ok: false, reason: `"${modifier}" appears twice.` };
      modifiers.push(modifier);
      continue;
    }
    const normalized = normalizeKey(part);
    if (!normalized) return { ok: false, reason: `"${part}" is not a key a shortcut can use.` };
    if (key !== null) return { ok: false, reason: `A shortcut has one key besides its modifiers; "${key}" and "${normalized}" are two.` };
    key = normalized;
  }
  if (key === null) return { ok: false, reason: 'The shortcut has only modifiers: add a key, e.g. M.' };
  const strong = modifiers.filter((m) => m !== 'Shift');
  if (strong.length === 0 && !isStandaloneKey(key)) {
    return { ok: false, reason: `${modifiers.length ? 'Shift+' : ''}${key} alone would fire while you type or play: add Ctrl, Alt or Cmd.` };
  }
  const ordered = modifierOrder.filter((m) => modifiers.includes(m));
  return { ok: true, accelerator: [...ordered, key].join('+') };
}

function normalizeKey(part: string): string | null {
  if (/^[a-z0-9]$/i.test(part)) return part.toUpperCase();
  if (/^f([1-9]|1[0-9]|2[0-4])$/i.test(part)) return part.toUpperCase();
  if (punctuation.has(part)) return part;
  return namedKeyByLower.get(part.toLowerCase()) ?? null;
}

/** What a captured key press carries (a subset of KeyboardEvent, so this stays DOM-free). */
export interface CapturedKey {
  code: string;
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const codeKeys: Record<string, string> = {
  Space: 'Space', Tab: 'Tab', Enter: 'Enter', NumpadEnter: 'Enter', Backspace: 'Backspace', Delete: 'Delete', Insert: 'Insert',
  ArrowUp: 'Up', ArrowDown: 'Down', ArrowLeft: 'Left', ArrowRight: 'Right', Home: 'Home', End: 'End', PageUp: 'PageUp', PageDown: 'PageDown',
  Escape: 'Escape', PrintScreen: 'PrintScreen', Minus: '-', Equal: '=', BracketLeft: '[', BracketRight: ']', Backslash: '\\',
  Semicolon: ';', Quote: "'", Backquote: '`', Comma: ',', Period: '.', Slash: '/',
  NumpadDecimal: 'numdec', NumpadAdd: 'numadd', NumpadSubtract: 'numsub', NumpadMultiply: 'nummult', NumpadDivide: 'numdiv',
  MediaPlayPause: 'MediaPlayPause', MediaStop: 'MediaStop', MediaTrackNext: 'MediaNextTrack', MediaTrackPrevious: 'MediaPreviousTrack',
  AudioVolumeUp: 'VolumeUp', AudioVolumeDown: 'VolumeDown', AudioVolumeMute: 'VolumeMute',
};

/**
 * The accelerator for a key press in the "press the new shortcut" field: by physical key (`code`),
 * so that the shortcut does not depend on the keyboard layout; null while only modifiers are down.
 * On macOS the Command key becomes CommandOrControl (and Control stays Control); elsewhere Ctrl does.
 */
export function acceleratorFromKey(event: CapturedKey, platform: 'mac' | 'other'): string | null {
  let key: string | null = null;
  const { code } = event;
  if (/^Key[A-Z]$/.test(code)) key = code.slice(3);
  else if (/^Digit[0-9]$/.test(code)) key = code.slice(5);
  else if (/^Numpad[0-9]$/.test(code)) key = `num${code.slice(6)}`;
  else if (/^F([1-9]|1[0-9]|2[0-4])$/.test(code)) key = code;
  else key = codeKeys[code] ?? null;
  if (key === null) return null;
  const modifiers: string[] = [];
  if (platform === 'mac') {
    if (event.metaKey) modifiers.push('CommandOrControl');
    if (event.ctrlKey) modifiers.push('Control');
  } else {
    if (event.ctrlKey) modifiers.push('CommandOrControl');
    if (event.metaKey) modifiers.push('Super');
  }
  if (event.altKey) modifiers.push('Alt');
  if (event.shiftKey) modifiers.push('Shift');
  return [...modifierOrder.filter((m) => modifiers.includes(m)), key].join('+');
}

const macSymbols: Record<string, string> = { CommandOrControl: '⌘', Command: '⌘', Control: '⌃', Alt: '⌥', AltGr: '⌥', Shift: '⇧', Super: '⌘' };
const otherNames: Record<string, string> = { CommandOrControl: 'Ctrl', Command: 'Cmd', Control: 'Ctrl', Alt: 'Alt', AltGr: 'AltGr', Shift: 'Shift', Super: 'Win' };
const keyNames: Record<string, string> = { Plus: '+', Return: 'Enter', Esc: 'Escape', Up: '↑', Down: '↓', Left: '←', Right: '→' };

/**
 * An accelerator as a person reads it on their keyboard: "Ctrl+Alt+M" on Windows and Linux,
 * "⌘⌥M" on macOS. Text that is not an accelerator is returned as it is.
 */
export function formatAccelerator(accelerator: string, platform: 'mac' | 'other'): string {
  const parsed = parseAccelerator(accelerator);
  if (!parsed.ok) return accelerator;
  const parts = parsed.accelerator.split('+');
  // "Plus" is the + key itself; split leaves it as a part of its own.
  const key = parts.pop()!;
  const keyText = keyNames[key] ?? (key.startsWith('num') ? `Num ${key.slice(3)}` : key);
  if (platform === 'mac') return `${parts.map((m) => macSymbols[m] ?? m).join('')}${keyText}`;
  return [...parts.map((m) => otherNames[m] ?? m), keyText].join('+');
}
