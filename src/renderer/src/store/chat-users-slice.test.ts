import { describe, expect, it } from 'vitest';
import type { ChatUserCard, IpcResult } from '../../../shared/ipc/contract';
import { deferred, flush, ok, signedIn, signedOut, mirroredStore } from '../test-support/store-fakes';

const card = (id: string, moderator = false): ChatUserCard => ({
  user: { id, login: `v${id}`, name: `V${id}` },
  createdAt: '2029-01-01T00:00:00Z',
  followedAt: null,
  moderator,
  vip: false,
  banned: null,
  thisBroadcast: { timeouts: 0, bans: 0, warnings: 0 },
  suspicious: null,
  unread: [],
});

describe('chat users slice', () => {
  it("opens a chatter's card and shows it once read; a late card of another chatter is not shown", async () => {
    const { store, bridge } = mirroredStore();
    store.getState().applyAuth(signedIn);
    await flush();
    const first = deferred<IpcResult<ChatUserCard>>();
    bridge.chatUsers.getCard.mockImplementationOnce(() => first.promise).mockResolvedValueOnce(ok(card('8')));
    const opening = store.getState().openChatUser({ userId: '7', name: 'V7', messageId: 'm1' });
    expect(store.getState().chatUser).toMatchObject({ userId: '7', name: 'V7', card: null });
    await store.getState().openChatUser({ userId: '8', name: 'V8', messageId: 'm2' });
    first.resolve(ok(card('7')));
    await opening;
    expect(store.getState().chatUser).toMatchObject({ userId: '8', card: { user: { id: '8' } } });
  });

  it('an action answers with the card read again and says what was done; signing out closes the card', async () => {
    const { store, bridge } = mirroredStore();
    store.getState().applyAuth(signedIn);
    await flush();
    bridge.chatUsers.getCard.mockResolvedValueOnce(ok(card('7')));
    await store.getState().openChatUser({ userId: '7', name: 'V7', messageId: 'm1' });
    bridge.chatUsers.act.mockResolvedValueOnce(ok({ message: 'V7 is a moderator now.', card: card('7', true) }));
    await store.getState().actOnChatUser('addModerator');
    expect(bridge.chatUsers.act).toHaveBeenCalledWith({ userId: '7', action: 'addModerator' });
    expect(store.getState()).toMatchObject({ chatUserNotice: 'V7 is a moderator now.', chatUser: { card: { moderator: true } } });
    await expect(store.getState().warnChatUser('7', 'calm down')).resolves.toBe(true);
    expect(bridge.chatUsers.warn).toHaveBeenCalledWith({ userId: '7', reason: 'calm down' });
    store.getState().applyAuth(signedOut);
    expect(store.getState().chatUser).toBeNull();
  });
});
