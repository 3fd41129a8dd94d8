/**
 * `window.sidestage`, built from the IPC contract: named functions only, no raw ipcRenderer,
 * event callbacks without the Electron event, and an unsubscribe function for each.
 *
 * Every event arrives on one ipcRenderer channel. The panels subscribe to some twenty of them; one
 * ipcRenderer listener each would pass Node's limit of ten per channel and print Electron's
 * MaxListenersExceededWarning (a leak warning for what is no leak), so the bridge holds one
 * listener and hands each event to its subscribers.
 */
import { channelNames, isEventName, splitChannel, type EventName, type SidestageBridge } from '../shared/ipc/contract';
import { EVENT_CHANNEL } from '../shared/ipc/transport';

/** The part of Electron's ipcRenderer the bridge uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function buildBridge(ipc: IpcRendererLike): SidestageBridge {
  const namespaces: Record<string, Record<string, (arg?: unknown) => Promise<unknown>>> = {};
  for (const channel of channelNames) {
    const [namespace, method] = splitChannel(channel);
    (namespaces[namespace] ??= {})[method] = (arg?: unknown) => ipc.invoke(channel, arg);
  }
  // One subscription object each, so that one function subscribed twice is called twice and unsubscribed once at a time.
  const subscribers = new Map<EventName, Set<{ listener: (payload: unknown) => void }>>();
  ipc.on(EVENT_CHANNEL, (_event, name, payload) => {
    const subscribed = subscribers.get(name as EventName);
    if (!subscribed) return;
    for (const subscription of [...subscribed]) {
      try {
        subscription.listener(payload);
      } catch (error) {
        // One page listener that throws must not keep the event from the others; the page's console still shows it.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  });
  const on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!isEventName(event)) throw new Error(`Unknown event ${String(event)}`);
    const subscription = { listener };
    let subscribed = subscribers.get(event);
    if (!subscribed) subscribers.set(event, (subscribed = new Set()));
    subscribed.add(subscription);
    return () => {
      subscribed.delete(subscription);
    };
  };
  return { ...namespaces, on } as unknown as SidestageBridge;
}
