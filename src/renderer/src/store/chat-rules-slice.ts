/** The chat rules in the store (AutoMod's level, blocked terms): main's state through `chatRules:changed`, and changes. */
import type { StoreApi } from 'zustand/vanilla';
import type { ChatRulesState } from '../../../shared/ipc/contract';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { ChatRulesActionId, ChatRulesSlice } from './slice-types/chat-rules';

export function createChatRulesSlice({ set, deps, run, epochs }: SliceContext): ChatRulesSlice {
  const show = (chatRules: ChatRulesState) => set({ chatRules });
  const ask = (id: ChatRulesActionId, request: () => ReturnType<typeof deps.bridge.chatRules.get>) =>
    run(id, (isLatest) => epochs.ask('chatRules', request, show, { isLatest }).then(() => {}));
  return {
    chatRules: null,
    loadChatRules: () => ask('chatRules.load', () => deps.bridge.chatRules.get()),
    refreshChatRules: () => ask('chatRules.refresh', () => deps.bridge.chatRules.refresh()),
    setAutoModLevel: (level) => ask('chatRules.setLevel', () => deps.bridge.chatRules.setAutoModLevel({ level })),
    addBlockedTerm: async (text) => {
      let added = false;
      await run('chatRules.addTerm', async (isLatest) => {
        await epochs.ask('chatRules', () => deps.bridge.chatRules.addBlockedTerm({ text }), show, { isLatest });
        added = true;
      });
      return added;
    },
    removeBlockedTerm: (id) => ask('chatRules.removeTerm', () => deps.bridge.chatRules.removeBlockedTerm({ id })),
    applyChatRules: (state) => {
      epochs.tick('chatRules');
      show(state);
    },
  };
}

/** Follows `chatRules:changed`; the current broadcaster's channel. */
export function mirrorChatRules(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'chatRules:changed': (state, rules) => state.applyChatRules(rules) },
    load: (state) => state.loadChatRules(),
    account: { clear: () => store.setState({ chatRules: null }) },
  });
}
