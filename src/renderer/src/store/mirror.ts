/**
 * How a slice follows main: its event(s), a first read, and a read again whenever events may have
 * been missed (the dock's event stream came back: `connection.onResync`). One way, so that every
 * domain recovers from a dropped stream alike.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { EventName, EventPayload } from '../../../shared/ipc/contract';
import type { SidestageState, StoreDeps } from './types';

/** One disposer for many subscriptions. */
export function stopAll(stops: (() => void)[]): () => void {
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * The usual mirror of one domain: `apply` each `event`, and `load` now and on every resync.
 * `also`: the domain's other subscriptions, stopped with it.
 */
export function mirrorDomain<E extends EventName>(
  store: StoreApi<SidestageState>,
  deps: StoreDeps,
  event: E,
  apply: (state: SidestageState, payload: EventPayload<E>) => void,
  load: (state: SidestageState) => Promise<void>,
  also: (() => void)[] = [],
): () => void {
  const stops = [
    deps.bridge.on(event, (payload) => apply(store.getState(), payload)),
    ...also,
    deps.connection.onResync(() => void load(store.getState())),
  ];
  void load(store.getState());
  return stopAll(stops);
}
