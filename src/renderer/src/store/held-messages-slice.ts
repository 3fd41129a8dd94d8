/** AutoMod's held messages in the store: main's queue through `heldMessages:changed`, and allow / deny. */
import type { StoreApi } from 'zustand/vanilla';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { HeldMessagesSlice } from './slice-types/held-messages';

export function createHeldMessagesSlice({ set, deps, run, epochs }: SliceContext): HeldMessagesSlice {
  return {
    heldMessages: null,
    heldNotice: null,
    loadHeldMessages: () =>
      run('heldMessages.load', async (isLatest) => {
        await epochs.ask('heldMessages', () => deps.bridge.heldMessages.getState(), (heldMessages) => set({ heldMessages }), { isLatest });
      }),
    resolveHeldMessage: (messageId, action) =>
      run('heldMessages.resolve', async (isLatest) => {
        set({ heldNotice: null });
        // The queue itself changes through main's event (the message marked, then gone).
        const { message } = await call(deps.bridge.heldMessages.resolve({ messageId, action }));
        if (isLatest()) set({ heldNotice: message });
      }),
    applyHeldMessages: (heldMessages) => {
      epochs.tick('heldMessages');
      set({ heldMessages });
    },
  };
}

/** The message AutoMod held first (the one Y and N decide), not already being decided. */
export function selectFirstHeld(state: SidestageState) {
  return state.heldMessages?.messages.find((m) => m.pending === null) ?? null;
}

/** Follows `heldMessages:changed`; the current broadcaster's channel. */
export function mirrorHeldMessages(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'heldMessages:changed': (state, held) => state.applyHeldMessages(held) },
    load: (state) => state.loadHeldMessages(),
    account: { clear: () => store.setState({ heldMessages: null, heldNotice: null }) },
  });
}
