/** The go-live slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { GoLiveFixAction, GoLiveState } from '../../../../shared/ipc/contract';

export type GoLiveActionId = 'goLive.open' | 'goLive.close' | 'goLive.recheck' | 'goLive.fix' | 'goLive.setStartPreset';

export interface GoLiveSlice {
  goLive: GoLiveState | null;
  openGoLive(): Promise<void>;
  closeGoLive(): Promise<void>;
  recheckGoLive(): Promise<void>;
  fixGoLive(action: GoLiveFixAction): Promise<void>;
  setGoLiveStartPreset(presetId: string | null): Promise<void>;
  applyGoLive(state: GoLiveState): void;
}
