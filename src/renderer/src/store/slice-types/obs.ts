/** The obs slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { ObsSendResult, ObsState } from '../../../../shared/ipc/contract';

export type ObsActionId =
  | 'obs.load'
  | 'obs.setConnection'
  | 'obs.setPassword'
  | 'obs.connect'
  | 'obs.disconnect'
  | 'obs.setOptions'
  | 'obs.send'
  | 'obs.start'
  | 'obs.stop';

export interface ObsSlice {
  obs: ObsState | null;
  /** The last Send to OBS answer; `needs-confirmation` shows the question. Null: nothing to show. */
  obsSend: ObsSendResult | null;
  loadObs(): Promise<void>;
  setObsConnection(host: string, port: number): Promise<void>;
  /**
   * Resolves to true once main saved it; false when it was not (the reason is in
   * `actions['obs.setPassword']`), so the form keeps what the broadcaster typed.
   */
  setObsPassword(password: string): Promise<boolean>;
  connectObs(): Promise<void>;
  disconnectObs(): Promise<void>;
  setObsAutoMarker(on: boolean): Promise<void>;
  /** overwrite: the broadcaster confirmed replacing what OBS holds. */
  sendToObs(overwrite?: boolean): Promise<void>;
  dismissObsSend(): void;
  startObsStream(): Promise<void>;
  stopObsStream(): Promise<void>;
  applyObs(state: ObsState): void;
}
