/**
 * How a slice follows main: its event(s), a first read, and a read again whenever events may have
 * been missed (the dock's event stream came back: `connection.onResync`). One way, so that every
 * domain recovers from a dropped stream alike, and every domain of the broadcaster's channel follows
 * the one account rule (`selectCurrentBroadcaster`) alike.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { EventName, EventPayload } from '../../../shared/ipc/contract';
import { selectCurrentBroadcaster } from './selectors';
import type { SidestageState, StoreDeps } from './types';

/** One disposer for many subscriptions. */
export function stopAll(stops: (() => void)[]): () => void {
  return () => {
    for (const stop of stops) stop();
  };
}

export interface MirrorOptions {
  /** The domain's other subscriptions (more events of it, store watchers), stopped with it. */
  also?: (() => void)[];
  /**
   * The domain is the current broadcaster's channel: it is read only while the platform can be
   * called for them, and read again when another account becomes current or the sign-in is back;
   * while a sign-in is renewed what is shown stays (main's rule). `clear` runs when nobody is current.
   */
  account?: { clear?: (state: SidestageState) => void };
}

/**
 * The mirror of one domain: `apply` each `event`, and `load` now and on every resync (for an
 * account's domain: when its API can be called, and on each change of account or sign-in).
 */
export function mirrorDomain<E extends EventName>(
  store: StoreApi<SidestageState>,
  deps: StoreDeps,
  event: E,
  apply: (state: SidestageState, payload: EventPayload<E>) => void,
  load: (state: SidestageState) => Promise<void>,
  options: MirrorOptions = {},
): () => void {
  const { account } = options;
  const canLoad = (state: SidestageState) => !account || (selectCurrentBroadcaster(state)?.canCallApi ?? false);
  const loadIfAllowed = () => {
    const state = store.getState();
    if (canLoad(state)) void load(state);
  };
  const stops = [deps.bridge.on(event, (payload) => apply(store.getState(), payload)), ...(options.also ?? []), deps.connection.onResync(loadIfAllowed)];
  if (account) {
    stops.push(
      store.subscribe((state, previous) => {
        const now = selectCurrentBroadcaster(state);
        const before = selectCurrentBroadcaster(previous);
        if (now?.id === before?.id && now?.canCallApi === before?.canCallApi) return;
        if (!now) account.clear?.(state);
        else if (now.canCallApi && (now.id !== before?.id || !before?.canCallApi)) void load(state);
      }),
    );
  }
  loadIfAllowed();
  return stopAll(stops);
}
