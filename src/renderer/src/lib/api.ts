/**
 * The renderer's only way to main: the preload's `window.sidestage` in Electron, otherwise the
 * dock bridge over loopback HTTP + WebSocket. Everything else imports `bridge` from here.
 */
import type { SidestageBridge } from '../../../shared/ipc/contract';
import { createDockBridge, type ConnectionSource, type ConnectionState } from './dock-bridge';

export { ApiCallError, call, describeError } from './ipc-call';
export type { ConnectionSource, ConnectionState };

export type Transport = 'electron' | 'dock';

/** IPC within one process does not drop: the Electron transport is always connected. */
const electronConnection: ConnectionSource = {
  getState: () => 'connected',
  subscribe: () => () => {},
  onResync: () => () => {},
};

function resolveBridge(): { bridge: SidestageBridge; transport: Transport; connection: ConnectionSource } {
  const preload = typeof window === 'undefined' ? undefined : window.sidestage;
  if (preload) return { bridge: preload, transport: 'electron', connection: electronConnection };
  const dock = createDockBridge();
  return { bridge: dock, transport: 'dock', connection: dock.connection };
}

const resolved = resolveBridge();

export const bridge: SidestageBridge = resolved.bridge;
export const transport: Transport = resolved.transport;
/** Connection state of the transport (dock: the event WebSocket; Electron: always connected). */
export const connection: ConnectionSource = resolved.connection;

export function getConnectionState(): ConnectionState {
  return connection.getState();
}

export function subscribeConnection(listener: (state: ConnectionState) => void): () => void {
  return connection.subscribe(listener);
}
