/**
 * How a slice follows main: its events, a first read, and a read again whenever events may have
 * been missed (the dock's event stream came back: `connection.onResync`). The one way: every slice
 * file exports `mirror<Domain>(store, deps)` built on `mirrorDomain`, `create-store.ts` only
 * combines them, and lint refuses a subscription to main's events anywhere else in the renderer.
 * So every domain recovers from a dropped stream alike, and every domain of the broadcaster's
 * channel follows the one account rule (`selectCurrentBroadcaster`) alike.
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

/** What each of a domain's events does to the store. */
export type MirrorEvents = { [E in EventName]?: (state: SidestageState, payload: EventPayload<E>) => void };

export interface Mirror {
  /** The domain's events (main pushes its state, or a delta, on every change). */
  events: MirrorEvents;
  /** Reads the domain: at start and on every resync (an account's domain: see `account`). */
  load?: (state: SidestageState) => Promise<void> | void;
  /** The domain's other subscriptions (store watchers, the connection's state), stopped with it. */
  also?: (() => void)[];
  /**
   * The domain is the current broadcaster's channel: it is read only while the platform can be
   * called for them, and read again when another account becomes current or the sign-in is back;
   * while a sign-in is renewed what is shown stays (main's rule). `clear` runs when nobody is current.
   */
  account?: { clear?: (state: SidestageState) => void };
}

/** The mirror of one domain: applies each of its `events`, and `load`s now and on every resync. */
export function mirrorDomain(store: StoreApi<SidestageState>, deps: StoreDeps, { events, load, also = [], account }: Mirror): () => void {
  const read = (state: SidestageState) => void load?.(state);
  const canLoad = (state: SidestageState) => !account || (selectCurrentBroadcaster(state)?.canCallApi ?? false);
  const readIfAllowed = () => {
    const state = store.getState();
    if (canLoad(state)) read(state);
  };
  const stops = [...subscribe(store, deps, events), ...also, deps.connection.onResync(readIfAllowed)];
  if (account) {
    stops.push(
      store.subscribe((state, previous) => {
        const now = selectCurrentBroadcaster(state);
        const before = selectCurrentBroadcaster(previous);
        if (now?.id === before?.id && now?.canCallApi === before?.canCallApi) return;
        if (!now) account.clear?.(state);
        else if (now.canCallApi && (now.id !== before?.id || !before?.canCallApi)) read(state);
      }),
    );
  }
  readIfAllowed();
  return stopAll(stops);
}

function subscribe(store: StoreApi<SidestageState>, deps: StoreDeps, events: MirrorEvents): (() => void)[] {
  return (Object.keys(events) as EventName[]).map((event) => {
    const apply = events[event] as (state: SidestageState, payload: EventPayload<typeof event>) => void;
    return deps.bridge.on(event, (payload) => apply(store.getState(), payload));
  });
}
