/** The hotkeys slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { HotkeyAction, HotkeysState } from '../../../../shared/ipc/contract';

/** One setter per action, so that a refusal shows beside the hotkey it is about. */
export type HotkeysActionId = 'hotkeys.load' | 'hotkeys.test' | `hotkeys.set.${HotkeyAction}`;

export interface HotkeysSlice {
  hotkeys: HotkeysState | null;
  /** The raid hotkey was pressed and the Live view has not focused its raid search yet. */
  raidSearchRequested: boolean;
  loadHotkeys(): Promise<void>;
  setHotkey(action: HotkeyAction, accelerator: string): Promise<void>;
  clearHotkey(action: HotkeyAction): Promise<void>;
  /** The next press of any hotkey is only confirmed, for 15 s. */
  testHotkeys(): Promise<void>;
  applyHotkeys(state: HotkeysState): void;
  /** The raid hotkey was pressed: show the Live view, whose raid search takes the focus. */
  requestRaidSearch(): void;
  /** The Live view focused its raid search. */
  takeRaidSearchRequest(): void;
}
