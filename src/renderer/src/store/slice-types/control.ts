/** The control API slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { ControlApiState, ControlScope } from '../../../../shared/ipc/contract';

export type ControlActionId = 'control.load' | `control.approve.${string}` | `control.deny.${string}` | `control.revoke.${string}`;

export interface ControlSlice {
  control: ControlApiState | null;
  loadControl(): Promise<void>;
  approvePairing(id: string, scopes: ControlScope[]): Promise<void>;
  denyPairing(id: string): Promise<void>;
  revokeControlClient(id: string): Promise<void>;
  applyControl(state: ControlApiState): void;
}
