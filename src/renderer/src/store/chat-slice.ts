import type { StoreApi } from 'zustand/vanilla';
import type { ChatDelta, ChatSnapshot } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import { NumberedCopy } from './numbered-copy';
import type { SidestageState, StoreDeps } from './types';
import type { ChatSlice, ChatCopy } from './slice-types/chat';

/** The copy after `delta`, which follows on from it (`store/numbered-copy.ts` checks the numbers). */
export function changeChat(copy: ChatCopy, delta: ChatDelta): ChatCopy {
  let messages = delta.cleared ? [] : copy.messages;
  if (delta.updated.length) {
    const updated = new Map(delta.updated.map((m) => [m.id, m]));
    messages = messages.map((m) => updated.get(m.id) ?? m);
  }
  if (delta.added.length) messages = [...messages, ...delta.added].slice(-copy.capacity);
  return { version: delta.version, messages, capacity: copy.capacity, selfId: delta.selfId, sharedChat: delta.sharedChat ?? null };
}

export function createChatSlice({ set, get, deps, run }: SliceContext): ChatSlice {
  const copy = new NumberedCopy<ChatCopy, ChatSnapshot, ChatDelta>({
    held: () => get().chat,
    change: changeChat,
    reload: () => void get().loadChat(),
    replay: (delta) => get().applyChatDelta(delta),
  });
  const showSnapshot = (snapshot: ChatSnapshot) =>
    set({ chat: { version: snapshot.version, messages: snapshot.messages, capacity: snapshot.capacity, selfId: snapshot.selfId, sharedChat: snapshot.sharedChat ?? null } });

  return {
    chat: null,
    chatNotice: null,

    loadChat: () =>
      run('chat.load', async (isLatest) => {
        const snapshot = await call(deps.bridge.chat.getSnapshot());
        if (isLatest()) copy.snapshot(snapshot, showSnapshot);
      }),

    applyChatDelta: (delta) => {
      const next = copy.delta(delta);
      if (next) set({ chat: next });
    },

    sendChat: async (text, announcement) => {
      let sent = false;
      await run('chat.send', async () => {
        await call(deps.bridge.chat.send(announcement ? { text, announcement } : { text }));
        sent = true;
      });
      return sent;
    },

    moderateChat: (arg) =>
      run('chat.moderate', async (isLatest) => {
        set({ chatNotice: null });
        const result = await call(deps.bridge.chat.moderate(arg));
        if (isLatest()) set({ chatNotice: result.message });
      }),
  };
}

/** Follows chat's numbered deltas; the chat is the current broadcaster's channel's. */
export function mirrorChat(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'chat:changed': (state, delta) => state.applyChatDelta(delta) },
    load: (state) => state.loadChat(),
    account: { clear: () => store.setState({ chat: null, chatNotice: null }) },
  });
}
