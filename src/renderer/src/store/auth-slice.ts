import type { AuthState } from '../../../shared/ipc/contract';
import { call, isCancelled } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import type { AuthSlice } from './types';

export function createAuthSlice({ set, get, deps, run }: SliceContext): AuthSlice {
  return {
    auth: null,

    loadAuth: () =>
      run('auth.load', async (isLatest) => {
        const state = await call(deps.bridge.auth.getState());
        if (isLatest()) get().applyAuth(state);
      }),

    signIn: (flow) =>
      run(
        'auth.signIn',
        async () => {
          const state = await call(deps.bridge.auth.signIn({ flow }));
          get().applyAuth(state);
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
        get().applyAuth(await call(deps.bridge.auth.cancelSignIn()));
      }),

    signOut: () =>
      run('auth.signOut', async () => {
        get().applyAuth(await call(deps.bridge.auth.signOut()));
      }),

    applyAuth: (next: AuthState) => {
      const before = get().auth?.status;
      if (next.status === 'signedIn') {
        set({ auth: next });
        // The overview (masked URL, stream key errors) depends on who is signed in.
        if (before !== 'signedIn') void get().loadIngest();
      } else {
        // Nothing of the previous account's stream key stays in memory.
        set({ auth: next, revealedUrl: null, copied: null });
      }
    },
  };
}
