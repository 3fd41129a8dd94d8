/**
 * The go-live checklist in the store: main evaluates it and re-checks it while it is open; this
 * mirrors its state (goLive:changed and call results). The panel opens it when shown and closes it
 * when hidden, so main only polls while someone looks.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { GoLiveItemState, GoLiveState, IpcResult } from '../../../shared/ipc/contract';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { GoLiveActionId, GoLiveSlice } from './slice-types/go-live';

export function createGoLiveSlice({ set, get, deps, run, epochs }: SliceContext): GoLiveSlice {
  const ask = (id: GoLiveActionId, request: () => Promise<IpcResult<GoLiveState>>) =>
    run(id, async (isLatest) => {
      await epochs.ask('goLive', request, (goLive) => set({ goLive }), { isLatest });
    });
  return {
    goLive: null,
    openGoLive: () => ask('goLive.open', () => deps.bridge.goLive.open()),
    closeGoLive: () => ask('goLive.close', () => deps.bridge.goLive.close()),
    recheckGoLive: () => ask('goLive.recheck', () => deps.bridge.goLive.recheck()),
    fixGoLive: (action) =>
      // Signing in goes through the Account's own sign-in: in the dock this window opens the consent
      // page, which main cannot; the checklist re-checks on the auth change it brings.
      action === 'signIn'
        ? get().signIn('loopback')
        : action === 'openObsPanel'
          ? Promise.resolve(get().setActivePanel('obs'))
          : ask('goLive.fix', () => deps.bridge.goLive.fix({ action })),
    setGoLiveStartPreset: (presetId) => ask('goLive.setStartPreset', () => deps.bridge.goLive.setStartPreset({ presetId })),
    applyGoLive: (goLive) => {
      epochs.tick('goLive');
      set({ goLive });
    },
  };
}

const stateWords: Record<GoLiveItemState, string> = { ok: 'OK', problem: 'Problem', unknown: 'Not known yet', 'not-applicable': 'Not applicable' };

export function formatGoLiveItemState(state: GoLiveItemState): string {
  return stateWords[state];
}

/** The required items that are not ok, for the banner. */
export function selectGoLiveBlockers(state: SidestageState): string[] {
  return (state.goLive?.items ?? []).filter((item) => item.required && item.state !== 'ok').map((item) => item.label);
}

/**
 * Follows goLive:changed and goLive:show (the tray entry). Nothing is read at start (the panel opens
 * the checklist when shown); after a missed stretch of events it is opened again if it was open
 * (main may have restarted).
 */
export function mirrorGoLive(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: {
      'goLive:changed': (state, goLive) => state.applyGoLive(goLive),
      'goLive:show': (state) => state.setActivePanel('go-live'),
    },
    load: (state) => (state.goLive?.open ? state.openGoLive() : undefined),
  });
}
