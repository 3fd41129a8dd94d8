/**
 * The demo's "Simulate viewers" switch in the store. Main runs the simulation; this mirrors its
 * state (events and call results) and shows the asked-for position while main is answering.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { SimulationState } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { DemoSlice } from './slice-types/demo';

export function createDemoSlice({ set, deps, run, epochs }: SliceContext): DemoSlice {
  return {
    simulation: null,
    pendingSimulation: null,
    loadSimulation: () =>
      run('demo.load', async (isLatest) => {
        await epochs.ask('demo', () => deps.bridge.demo.getSimulation(), (simulation) => set({ simulation }), { isLatest });
      }),
    setSimulation: (running) =>
      run('demo.setSimulation', async (isLatest) => {
        set({ pendingSimulation: running });
        try {
          // A demo:changed event that came after the call already holds state at least as new.
          await epochs.ask('demo', () => deps.bridge.demo.setSimulation({ running }), (simulation) => set({ simulation }), { isLatest });
        } finally {
          if (isLatest()) set({ pendingSimulation: null });
        }
      }),
    applySimulation: (simulation) => {
      epochs.tick('demo');
      set({ simulation });
    },
    hateRaidNotice: null,
    simulateHateRaid: () =>
      run('demo.hateRaid', async (isLatest) => {
        set({ hateRaidNotice: null });
        const { message } = await call(deps.bridge.demo.simulateHateRaid());
        if (isLatest()) set({ hateRaidNotice: message });
      }),
  };
}

/** What the header's switch shows: hidden outside demo mode; the asked-for position while pending. */
export function selectSimulationSwitch(state: SidestageState): { visible: boolean; checked: boolean; pending: boolean } {
  const simulation = state.simulation;
  return {
    visible: simulation?.available === true,
    checked: state.pendingSimulation ?? simulation?.running ?? false,
    pending: state.pendingSimulation !== null,
  };
}

/** "14 chat messages · 6 redemptions · 1 follow" for the running simulation: what happened so far, busiest kinds first. */
export function formatSimulationCounts(counts: SimulationState['counts']): string {
  const parts: [n: number, one: string, many: string][] = [
    [counts.chatMessages, 'chat message', 'chat messages'],
    [counts.redemptions, 'redemption', 'redemptions'],
    [counts.votes, 'vote', 'votes'],
    [counts.follows, 'follow', 'follows'],
    [counts.subscriptions, 'subscription', 'subscriptions'],
    [counts.cheers, 'cheer', 'cheers'],
    [counts.donations, 'donation', 'donations'],
    [counts.raids, 'raid', 'raids'],
    [counts.chatEvents, 'chat join or leave', 'chat joins and leaves'],
  ];
  const happened = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return happened.length > 0 ? happened.join(' · ') : 'Viewers are arriving…';
}

/** Follows demo:changed, and reads the state at start and whenever events may have been missed. */
export function mirrorDemo(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, { events: { 'demo:changed': (state, simulation) => state.applySimulation(simulation) }, load: (state) => state.loadSimulation() });
}
