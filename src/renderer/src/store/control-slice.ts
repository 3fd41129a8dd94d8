/**
 * The control API in the store: its pairing requests and paired clients (`control:changed`), and
 * what Settings does with them (approve with the scopes ticked, deny, revoke), and the phone deck
 * (on or off, a one-time pairing link). Tokens never come here.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ControlApiState } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { ControlSlice } from './slice-types/control';
import type { SidestageState, StoreDeps } from './types';

export function createControlSlice({ set, deps, run, epochs }: SliceContext): ControlSlice {
  const { bridge } = deps;
  const show = (control: ControlApiState) => set({ control });
  return {
    control: null,
    loadControl: () =>
      run('control.load', async (isLatest) => {
        await epochs.ask('control', () => bridge.control.getState(), show, { isLatest });
      }),
    approvePairing: (id, scopes) => run(`control.approve.${id}`, async () => show(await call(bridge.control.approve({ id, scopes })))),
    denyPairing: (id) => run(`control.deny.${id}`, async () => show(await call(bridge.control.deny({ id })))),
    revokeControlClient: (id) => run(`control.revoke.${id}`, async () => show(await call(bridge.control.revoke({ id })))),
    setPhoneDeck: (change) => run('control.phone', async () => show(await call(bridge.control.setPhone(change)))),
    newPhoneLink: () => run('control.phoneLink', async () => show(await call(bridge.control.phoneLink()))),
    applyControl: (state) => {
      epochs.tick('control');
      show(state);
    },
  };
}

/** Follows control:changed; paired clients belong to this computer, not to an account. */
export function mirrorControl(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'control:changed': (state, control) => state.applyControl(control) },
    load: (state) => state.loadControl(),
  });
}
