/**
 * The chatter card opened from a chat message's menu: which chatter, their card as main last read
 * it, and what was done from it (warn, roles, unban, suspicious-user status) in words. Nothing to follow: each answer
 * carries the card read again.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ChatUserCard } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { ChatUsersSlice } from './slice-types/chat-users';

export function createChatUsersSlice({ set, get, deps, run }: SliceContext): ChatUsersSlice {
  /** The answer is shown only while the same chatter's card is open. */
  const showCard = (userId: string, card: ChatUserCard | null, notice?: string) => {
    const open = get().chatUser;
    if (open?.userId !== userId) return;
    set({ chatUser: { ...open, card: card ?? open.card }, ...(notice === undefined ? {} : { chatUserNotice: notice }) });
  };
  return {
    chatUser: null,
    chatUserNotice: null,
    openChatUser: ({ userId, name, messageId }) =>
      run('chatUsers.card', async (isLatest) => {
        set({ chatUser: { userId, name, messageId, card: null }, chatUserNotice: null });
        const card = await call(deps.bridge.chatUsers.getCard({ userId }));
        if (isLatest()) showCard(userId, card);
      }),
    closeChatUser: () => set({ chatUser: null, chatUserNotice: null }),
    actOnChatUser: (action) =>
      run('chatUsers.act', async () => {
        const userId = get().chatUser?.userId;
        if (!userId) return;
        set({ chatUserNotice: null });
        const { message, card } = await call(deps.bridge.chatUsers.act({ userId, action }));
        showCard(userId, card, message);
      }),
    setChatUserSuspicious: (status) =>
      run('chatUsers.suspicious', async () => {
        const userId = get().chatUser?.userId;
        if (!userId) return;
        set({ chatUserNotice: null });
        const { message, card } = await call(deps.bridge.chatUsers.setSuspicious({ userId, status }));
        showCard(userId, card, message);
      }),
    warnChatUser: async (userId, reason) => {
      let warned = false;
      await run('chatUsers.warn', async () => {
        set({ chatUserNotice: null });
        const { message, card } = await call(deps.bridge.chatUsers.warn({ userId, reason }));
        warned = true;
        set({ chatUserNotice: message });
        showCard(userId, card);
      });
      return warned;
    },
  };
}

/** No events: the card closes when nobody is signed in (another account's chatter is not this one's). */
export function mirrorChatUsers(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, { events: {}, account: { clear: () => store.setState({ chatUser: null, chatUserNotice: null }) } });
}
