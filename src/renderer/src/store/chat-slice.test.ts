import { describe, expect, it, vi } from 'vitest';
import type { ChatDelta, ChatMessage, ChatSnapshot } from '../../../shared/ipc/contract';
import { createSidestageStore } from './create-store';
import { deferred, fail, fakeDeps, flush, ok } from '../test-support/store-fakes';

const message = (id: string, removed: ChatMessage['removed'] = null): ChatMessage => ({
  id,
  userId: `u${id}`,
  userLogin: `u${id}`,
  userName: `U${id}`,
  color: '',
  badges: [],
  fragments: [{ type: 'text', text: `hi ${id}`, emoteUrl: null }],
  text: `hi ${id}`,
  at: '2030-01-01T10:00:00Z',
  announcement: null,
  removed,
  removedBy: null,
});
const snapshot = (version: number, messages: ChatMessage[]): ChatSnapshot => ({ version, messages, capacity: 3, selfId: '1001' });
const delta = (baseVersion: number, version: number, added: ChatMessage[], updated: ChatMessage[] = []): ChatDelta => ({ baseVersion, version, added, updated, cleared: false, selfId: '1001' });

function setup() {
  const fake = fakeDeps();
  const answer = deferred<ChatSnapshot>();
  const chat = {
    getSnapshot: vi.fn(async () => ok(await answer.promise)),
    send: vi.fn(async (_arg: { text: string; announcement?: string }) => ok({ messageId: 'm' })),
    moderate: vi.fn(async (_arg: unknown) => ok({ message: 'UA is timed out for 10 min.' })),
  };
  Object.assign(fake.bridge, { chat });
  return { store: createSidestageStore(fake.deps), chat, answer };
}

const texts = (store: ReturnType<typeof setup>['store']) => store.getState().chat?.messages.map((m) => `${m.id}${m.removed ? `:${m.removed}` : ''}`);

describe('chat slice', () => {
  it('applies deltas in order (added at the end, updates in place, capacity kept) and re-reads after a gap', async () => {
    const { store, chat, answer } = setup();
    answer.resolve(snapshot(1, [message('a')]));
    await store.getState().loadChat();
    store.getState().applyChatDelta(delta(1, 3, [message('b'), message('c')]));
    store.getState().applyChatDelta(delta(3, 4, [message('d')], [message('b', 'timedOut')]));
    expect(texts(store)).toEqual(['b:timedOut', 'c', 'd']);
    store.getState().applyChatDelta(delta(9, 10, [message('z')]));
    await flush();
    expect(chat.getSnapshot).toHaveBeenCalledTimes(2);
  });

  it('a late snapshot answer does not undo a delta that overtook it', async () => {
    const { store, answer } = setup();
    const loading = store.getState().loadChat();
    store.getState().applyChatDelta(delta(1, 2, [message('b')]));
    answer.resolve(snapshot(1, [message('a')]));
    await loading;
    expect(texts(store)).toEqual(['a', 'b']);
    expect(store.getState().chat?.version).toBe(2);
  });

  it('a failed send answers false and keeps the reason; a sent one answers true', async () => {
    const { store, chat } = setup();
    chat.send.mockResolvedValueOnce(fail({ code: 'api_error', message: 'Message not sent: chat is in emote-only mode.' }) as never);
    await expect(store.getState().sendChat('hello')).resolves.toBe(false);
    expect(store.getState().actions['chat.send']?.error).toBe('Message not sent: chat is in emote-only mode.');
    await expect(store.getState().sendChat('hello', 'blue')).resolves.toBe(true);
    expect(chat.send).toHaveBeenLastCalledWith({ text: 'hello', announcement: 'blue' });
    expect(store.getState().actions['chat.send']?.error).toBeNull();
  });

  it("tells a moderator action's outcome", async () => {
    const { store, chat } = setup();
    await store.getState().moderateChat({ action: 'timeout', messageId: 'a', durationSeconds: 600 });
    expect(chat.moderate).toHaveBeenCalledWith({ action: 'timeout', messageId: 'a', durationSeconds: 600 });
    expect(store.getState().chatNotice).toBe('UA is timed out for 10 min.');
  });
});
