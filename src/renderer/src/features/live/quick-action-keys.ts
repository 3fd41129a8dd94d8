/**
 * The Live view's one-key actions: each tile's key (from the tile registry, hidden tiles included),
 * the queue head's F, X and U, and the held messages' Y and N. A key acts only while the Live view is shown, and never while
 * the broadcaster types in a field or a control of its own handles the key (the queue's F and C,
 * say, call preventDefault).
 */
import { liveTiles } from './tile-registry';

/** The queue head's keys: not tiles, they act on its first redemption. */
export type QueueHeadAction = 'fulfilQueueHead' | 'cancelQueueHead' | 'undoQueueCancel';

/** AutoMod's oldest held message (features/moderation/held-messages.tsx): not tiles either. */
export type HeldMessageAction = 'allowHeld' | 'denyHeld';

/** A key's action: a tile's id, or one of the queue head's or the held messages'. */
export type QuickAction = string;

const queueHeadKeys: readonly { key: string; action: QueueHeadAction; label: string }[] = [
  // The queue head's first redemption; X, not the Queue panel's C: C reads as "clip" beside K.
  { key: 'f', action: 'fulfilQueueHead', label: 'fulfil the next redemption' },
  { key: 'x', action: 'cancelQueueHead', label: 'cancel it with a refund' },
  { key: 'u', action: 'undoQueueCancel', label: 'undo that cancel (5 s)' },
];

const heldMessageKeys: readonly { key: string; action: HeldMessageAction; label: string }[] = [
  { key: 'y', action: 'allowHeld', label: 'allow the oldest message AutoMod held' },
  { key: 'n', action: 'denyHeld', label: 'deny it' },
];

/** Key (as `KeyboardEvent.key`, lower-cased) to action, and the words of the legend: the tiles', then the queue head's. */
export const quickActionKeys: readonly { key: string; action: QuickAction; label: string }[] = [
  ...liveTiles.flatMap((tile) => (tile.key ? [{ key: tile.key, action: tile.id, label: tile.keyHelp ?? tile.label.toLowerCase() }] : [])),
  ...queueHeadKeys,
  ...heldMessageKeys,
];

/** The `aria-keyshortcuts` value of an action's control ("" when it has no key). */
export function ariaKeyFor(action: QuickAction): string {
  return quickActionKeys.find((k) => k.action === action)?.key.toUpperCase() ?? '';
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

/** The action a key press asks for (a tile's id or the queue head's), or null when the press is not ours to take. */
export function quickActionFor(event: KeyEventLike): QuickAction | null {
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
