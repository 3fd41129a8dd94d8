/** The app slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { AppInfo } from '../../../../shared/ipc/contract';
import type { ConnectionState, Transport } from '../../lib/api';

export type AppActionId = 'app.load' | 'app.setPlatform';

export interface AppSlice {
  appInfo: AppInfo | null;
  transport: Transport;
  connection: ConnectionState;
  loadAppInfo(): Promise<void>;
  /** Saves the client ID for the next start; null goes back to the demo. */
  setPlatform(clientId: string | null): Promise<void>;
  setConnection(state: ConnectionState): void;
}
