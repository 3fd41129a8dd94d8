/** Names the transports agree on besides the contract's channel names. */

/** Electron: the one ipcRenderer channel that carries every main -> renderer event as (name, payload). */
export const EVENT_CHANNEL = 'sidestage:event';

/** Dock mode: invoke with `POST ${DOCK_IPC_PATH}<channel>` and `{ arg }`; events on the WebSocket at DOCK_EVENTS_PATH. */
export const DOCK_IPC_PATH = '/ipc/';
export const DOCK_EVENTS_PATH = '/events';

export interface DockEventFrame {
  event: string;
  payload: unknown;
}
