import { useState } from 'react';
import { acceleratorFromKey, type CapturedKey } from '../../../shared/domain/accelerator';
import { keyboardPlatform } from '../lib/keyboard-platform';

/** What one key press means while a shortcut is being captured; `leave`: the focus moves on (Tab). */
export type CaptureStep = { kind: 'cancel' } | { kind: 'leave' } | { kind: 'wait' } | { kind: 'done'; accelerator: string };

/** Escape cancels, Tab leaves (no keyboard trap); modifiers alone wait for the key; anything else is the new shortcut (by physical key). */
export function captureStep(event: CapturedKey, platform: 'mac' | 'other'): CaptureStep {
  const strong = event.ctrlKey || event.metaKey || event.altKey;
  if (event.key === 'Escape' && !strong && !event.shiftKey) return { kind: 'cancel' };
  if (event.key === 'Tab' && !strong) return { kind: 'leave' };
  const accelerator = acceleratorFromKey(event, platform);
  return accelerator ? { kind: 'done', accelerator } : { kind: 'wait' };
}

interface ShortcutCaptureProps {
  /** What the shortcut does, for the button's accessible name ("Drop a marker"). */
  label: string;
  disabled?: boolean;
  /** The captured accelerator (Electron's spelling); main checks and registers it. */
  onCapture: (accelerator: string) => void;
}

/**
 * "Change": a button that, once pressed, takes the next key combination as the new shortcut.
 * It listens only while it has the focus, so no other key of the page is taken.
 */
export function ShortcutCapture({ label, disabled, onCapture }: ShortcutCaptureProps) {
  const [capturing, setCapturing] = useState(false);
  return (
    <button
      type="button"
      className="shortcut-capture"
      disabled={disabled}
      aria-pressed={capturing}
      aria-label={capturing ? `Press the new shortcut for ${label.toLowerCase()}, Escape cancels` : `Change the shortcut for ${label.toLowerCase()}`}
      onClick={() => setCapturing(!capturing)}
      onBlur={() => setCapturing(false)}
      onKeyDown={(event) => {
        if (!capturing) return;
        const step = captureStep(event, keyboardPlatform);
        if (step.kind === 'leave') return setCapturing(false);
        // While capturing, a key is the shortcut's, not the page's (Space and Enter included).
        event.preventDefault();
        if (step.kind === 'wait') return;
        setCapturing(false);
        if (step.kind === 'done') onCapture(step.accelerator);
      }}
    >
      {capturing ? 'Press the keys… (Esc cancels)' : 'Change'}
    </button>
  );
}
