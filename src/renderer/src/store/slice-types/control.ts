/** The control API slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { ControlApiState, ControlScope } from '../../../../shared/ipc/contract';

export type ControlActionId = 'control.load' | `control.approve.${string}` | `control.deny.${string}` | `control.revoke.${string}` | 'control.phone' | 'control.phoneLink';

export interface ControlSlice {
  control: ControlApiState | null;
  loadControl(): Promise<void>;
  approvePairing(id: string, scopes: ControlScope[]): Promise<void>;
  denyPairing(id: string): Promise<void>;
  revokeControlClient(id: string): Promise<void>;
  /** Turns the phone deck on (on `address`) or off; its option to turn off after the broadcast. */
  setPhoneDeck(change: { enabled: boolean; address?: string; offAfterBroadcast?: boolean }): Promise<void>;
  /** A new one-time pairing link for a phone. */
  newPhoneLink(): Promise<void>;
  applyControl(state: ControlApiState): void;
}
