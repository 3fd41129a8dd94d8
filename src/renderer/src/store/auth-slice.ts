import type { StoreApi } from 'zustand/vanilla';
import type { AuthState } from '../../../shared/ipc/contract';
import { isCancelled } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { AuthSlice } from './slice-types/auth';
import type { SidestageState, StoreDeps } from './types';

export function createAuthSlice({ set, deps, run, epochs }: SliceContext): AuthSlice {
  const show = (next: AuthState) => {
    // Nothing of an account's stream key stays in memory once its API cannot be called, not even
    // while its sign-in is renewed.
    set(next.currentBroadcaster?.canCallApi ? { auth: next } : { auth: next, revealedUrl: null, copied: null });
  };

  /** Calls main and shows its answer, unless an auth:changed event came after the call. */
  const ask = (request: () => ReturnType<typeof deps.bridge.auth.getState>, isLatest?: () => boolean) =>
    epochs.ask('auth', request, show, { isLatest });

  return {
    auth: null,

    loadAuth: () =>
      run('auth.load', async (isLatest) => {
        await ask(() => deps.bridge.auth.getState(), isLatest);
      }),

    signIn: (flow) =>
      run(
        'auth.signIn',
        async () => {
          const state = await ask(() => deps.bridge.auth.signIn({ flow }));
          // In dock mode main has no browser to open; this window does it, still inside the click's
          // user activation where the browser allows. The page's link is there when it does not.
          const pending = state.pending;
          if (pending?.flow === 'loopback' && pending.openedBy === 'renderer') deps.openUrl(pending.authorizeUrl);
        },
        // Cancelling (here or on the consent page) is an answer, not a failure to report.
        { isQuiet: isCancelled },
      ),

    cancelSignIn: () =>
      run('auth.cancelSignIn', async () => {
        await ask(() => deps.bridge.auth.cancelSignIn());
      }),

    signOut: () =>
      run('auth.signOut', async () => {
        await ask(() => deps.bridge.auth.signOut());
      }),

    applyAuth: (next: AuthState) => {
      epochs.tick('auth');
      show(next);
    },
  };
}

/** Follows auth:changed, and reads the state at start and whenever events may have been missed. */
export function mirrorAuth(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, { events: { 'auth:changed': (state, auth) => state.applyAuth(auth) }, load: (state) => state.loadAuth() });
}
