/**
 * The bot account's sign-in (a second account beside the broadcaster's, that speaks in chat for
 * Sidestage), mirrored from main's `bot:*`. Like the broadcaster's, it carries names only: no token.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { BotAccountState } from '../../../shared/ipc/contract';
import { isCancelled } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { BotSlice } from './slice-types/bot';
import type { SidestageState, StoreDeps } from './types';


export function createBotSlice({ set, deps, run, epochs }: SliceContext): BotSlice {
  const show = (bot: BotAccountState) => set({ bot });
  /** Calls main and shows its answer, unless a bot:changed event came after the call. */
  const ask = (request: () => ReturnType<typeof deps.bridge.bot.getState>, isLatest?: () => boolean) => epochs.ask('bot', request, show, { isLatest });

  return {
    bot: null,

    loadBot: () =>
      run('bot.load', async (isLatest) => {
        await ask(() => deps.bridge.bot.getState(), isLatest);
      }),

    signInBot: (flow) =>
      run(
        'bot.signIn',
        async () => {
          const state = await ask(() => deps.bridge.bot.signIn({ flow }));
          // In dock mode main has no browser to open: this window opens the sign-in page, as for the broadcaster.
          const pending = state.pending;
          if (pending?.flow === 'loopback' && pending.openedBy === 'renderer') deps.openUrl(pending.authorizeUrl);
        },
        { isQuiet: isCancelled },
      ),

    cancelBotSignIn: () =>
      run('bot.cancelSignIn', async () => {
        await ask(() => deps.bridge.bot.cancelSignIn());
      }),

    signOutBot: () =>
      run('bot.signOut', async () => {
        await ask(() => deps.bridge.bot.signOut());
      }),

    applyBot: (next) => {
      epochs.tick('bot');
      show(next);
    },
  };
}

/** Follows bot:changed, and reads the state at start and whenever events may have been missed. */
export function mirrorBot(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, { events: { 'bot:changed': (state, bot) => state.applyBot(bot) }, load: (state) => state.loadBot() });
}
