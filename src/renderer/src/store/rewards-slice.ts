import type { StoreApi } from 'zustand/vanilla';
import type { CustomReward, RewardInput, RewardsOverview } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { RewardsSlice, RewardChanges } from './slice-types/rewards';

function replaceReward(overview: RewardsOverview | null, reward: CustomReward): RewardsOverview | null {
  if (!overview) return overview;
  const exists = overview.rewards.some((r) => r.id === reward.id);
  return { ...overview, rewards: exists ? overview.rewards.map((r) => (r.id === reward.id ? reward : r)) : [...overview.rewards, reward] };
}

export function createRewardsSlice({ set, get, deps, run, epochs }: SliceContext): RewardsSlice {
  // Main sends the whole list in rewards:changed after every change: once one came after a call,
  // the call's answer is older than what is shown and is not merged in (nor rolled back).
  return {
    rewards: null,
    adoptNote: null,

    loadRewards: () =>
      run('rewards.load', async (isLatest) => {
        await epochs.ask('rewards', () => deps.bridge.rewards.list(), (rewards) => set({ rewards }), { isLatest });
      }),

    saveReward: async (id, input) => {
      let saved = false;
      await run('rewards.save', async () => {
        await epochs.ask(
          'rewards',
          () => (id === null ? deps.bridge.rewards.create(input as RewardInput) : deps.bridge.rewards.update({ id, changes: input as RewardChanges })),
          (reward) => set((state) => ({ rewards: replaceReward(state.rewards, reward) })),
        );
        saved = true;
      });
      return saved;
    },

    toggleReward: (id, changes) =>
      run('rewards.toggle', async () => {
        const before = get().rewards?.rewards.find((r) => r.id === id);
        if (before) set((state) => ({ rewards: replaceReward(state.rewards, { ...before, ...changes }) }));
        await epochs.ask('rewards', () => deps.bridge.rewards.update({ id, changes }), (reward) => set((state) => ({ rewards: replaceReward(state.rewards, reward) })), {
          rollback: before ? () => set((state) => ({ rewards: replaceReward(state.rewards, before) })) : undefined,
        });
      }),

    deleteReward: (id) =>
      run('rewards.delete', async () => {
        await epochs.ask('rewards', () => deps.bridge.rewards.delete({ id }), () =>
          set((state) => ({ rewards: state.rewards ? { ...state.rewards, rewards: state.rewards.rewards.filter((r) => r.id !== id) } : null })),
        );
      }),

    adoptReward: (id) =>
      run('rewards.adopt', async () => {
        // Not epochs.ask: the adoption note is shown even when a newer event holds the rewards.
        const fresh = epochs.since('rewards');
        const { reward, retireOriginal } = await call(deps.bridge.rewards.adopt({ id }));
        set((state) => ({ rewards: fresh() ? replaceReward(state.rewards, reward) : state.rewards, adoptNote: retireOriginal }));
      }),

    dismissAdoptNote: () => set({ adoptNote: null }),

    applyRewards: (overview) => {
      epochs.tick('rewards');
      set({ rewards: overview });
    },
  };
}

/** Follows rewards:changed; the rewards are the current broadcaster's. */
export function mirrorRewards(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'rewards:changed': (state, overview) => state.applyRewards(overview) },
    load: (state) => state.loadRewards(),
    account: { clear: () => store.setState({ rewards: null, adoptNote: null }) },
  });
}
