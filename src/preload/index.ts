/**
 * Builds `window.sidestage` from the IPC contract: named functions only, no raw ipcRenderer,
 * event callbacks without the Electron event, and an unsubscribe function for each.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { channelNames, isEventName, splitChannel, type EventName, type SidestageBridge } from '../shared/ipc/contract';
import { EVENT_CHANNEL } from '../shared/ipc/transport';

function buildBridge(): SidestageBridge {
  const namespaces: Record<string, Record<string, (arg?: unknown) => Promise<unknown>>> = {};
  for (const channel of channelNames) {
    const [namespace, method] = splitChannel(channel);
    (namespaces[namespace] ??= {})[method] = (arg?: unknown) => ipcRenderer.invoke(channel, arg);
  }
  const on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!isEventName(event)) throw new Error(`Unknown event ${String(event)}`);
    const wrapped = (_event: unknown, name: string, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
    };
  };
  return { ...namespaces, on } as unknown as SidestageBridge;
}

contextBridge.exposeInMainWorld('sidestage', buildBridge());
