/**
 * The Live view's one-key quick actions. A key acts only while the Live view is shown, and never
 * while the broadcaster types in a field or a control of its own handles the key (the queue's
 * F and C, say, call preventDefault).
 */
export type QuickActionKey =
  | 'marker'
  | 'clip'
  | 'ad'
  | 'snooze'
  | 'startTemplate'
  | 'endPoll'
  | 'lockPrediction'
  | 'raid'
  | 'shoutout'
  | 'fulfilQueueHead'
  | 'cancelQueueHead'
  | 'undoQueueCancel'
  | 'shieldMode'
  | 'allowHeld'
  | 'denyHeld';

/** Key (as `KeyboardEvent.key`, lower-cased) to action, and the words of the legend. */
export const quickActionKeys: readonly { key: string; action: QuickActionKey; label: string }[] = [
  { key: 'm', action: 'marker', label: 'drop a marker' },
  { key: 'k', action: 'clip', label: 'create a clip' },
  { key: 'a', action: 'ad', label: 'run an ad' },
  { key: 's', action: 'snooze', label: 'snooze the next ad' },
  { key: 'p', action: 'startTemplate', label: 'start the chosen poll or prediction' },
  { key: 'e', action: 'endPoll', label: 'end the poll' },
  { key: 'l', action: 'lockPrediction', label: 'lock the prediction' },
  { key: 'r', action: 'raid', label: 'find a channel to raid' },
  { key: 'o', action: 'shoutout', label: 'shout out a channel' },
  // The queue head's first redemption; X, not the Queue panel's C: C reads as "clip" beside K.
  { key: 'f', action: 'fulfilQueueHead', label: 'fulfil the next redemption' },
  { key: 'x', action: 'cancelQueueHead', label: 'cancel it with a refund' },
  { key: 'u', action: 'undoQueueCancel', label: 'undo that cancel (5 s)' },
  // Moderation (features/moderation): Shield Mode, and AutoMod's oldest held message.
  { key: 'h', action: 'shieldMode', label: 'Shield Mode on or off' },
  { key: 'y', action: 'allowHeld', label: 'allow the oldest held message' },
  { key: 'n', action: 'denyHeld', label: 'deny it' },
];

/** The `aria-keyshortcuts` value of an action's control. */
export function ariaKeyFor(action: QuickActionKey): string {
  return quickActionKeys.find((k) => k.action === action)!.key.toUpperCase();
}

interface KeyEventLike {
  key: string;
  defaultPrevented: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  repeat: boolean;
  target: EventTarget | null;
}

/** The action a key press asks for, or null when the press is not ours to take. */
export function quickActionFor(event: KeyEventLike): QuickActionKey | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return null;
  if (isTyping(event.target)) return null;
  const key = event.key.toLowerCase();
  return quickActionKeys.find((k) => k.key === key)?.action ?? null;
}

function isTyping(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; isContentEditable?: boolean; closest?: (selector: string) => unknown } | null;
  if (!element || typeof element.tagName !== 'string') return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return true;
  // Lists and grids with their own keys (the queue) keep them.
  return Boolean(element.closest?.('[role="listbox"], [role="grid"], [data-own-keys]'));
}
