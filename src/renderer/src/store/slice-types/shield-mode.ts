/** The shield-mode slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { ShieldModeState } from '../../../../shared/ipc/contract';

export type ShieldModeActionId = 'shieldMode.load' | 'shieldMode.set' | 'shieldMode.dismiss';

export interface ShieldModeSlice {
  shieldMode: ShieldModeState | null;
  loadShieldMode(): Promise<void>;
  setShieldMode(active: boolean): Promise<void>;
  /** The key and the tile: on when off, off when on. */
  toggleShieldMode(): Promise<void>;
  dismissShieldSuggestion(): Promise<void>;
  applyShieldMode(state: ShieldModeState): void;
}
