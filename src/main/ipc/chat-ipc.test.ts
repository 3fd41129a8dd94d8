import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../services/logger';
import { registerActivityIpc } from './activity-ipc';
import { registerChatIpc } from './chat-ipc';
import { IpcRouter } from './ipc-router';

const trusted = { trusted: true, description: 'test' };

function wired() {
  const router = new IpcRouter(silentLogger);
  const chat = {
    getSnapshot: vi.fn(() => ({ version: 0, messages: [], capacity: 1000, selfId: null })),
    send: vi.fn(async () => ({ messageId: 'm1' })),
    moderate: vi.fn(async () => ({ message: 'done' })),
    onDelta: vi.fn(() => () => {}),
  };
  const activity = {
    getSnapshot: vi.fn(() => ({ version: 0, items: [], capacity: 10_000 })),
    shoutout: vi.fn(async () => ({ message: 'Shoutout sent to X.' })),
    onDelta: vi.fn(() => () => {}),
  };
  registerChatIpc(router, chat);
  registerActivityIpc(router, activity);
  return { router, chat, activity };
}

describe('chat and activity channels validate every argument before main sees it', () => {
  it.each([
    ['chat:send', { text: '   ' }],
    ['chat:send', { text: 'x'.repeat(501) }],
    ['chat:send', { text: 'hi', announcement: 'red' }],
    ['chat:send', { text: 'hi', extra: true }],
    ['chat:moderate', { action: 'timeout', messageId: 'm1' }],
    ['chat:moderate', { action: 'timeout', messageId: 'm1', durationSeconds: 0 }],
    ['chat:moderate', { action: 'timeout', messageId: 'm1', durationSeconds: 1_209_601 }],
    ['chat:moderate', { action: 'purge', messageId: 'm1' }],
    ['chat:moderate', { action: 'delete', messageId: '' }],
    ['chat:moderate', { action: 'ban', messageId: 'm1', reason: 'x'.repeat(501) }],
    ['activity:shoutout', { toBroadcasterId: '../helix' }],
    ['activity:shoutout', {}],
  ] as const)('%s refuses %j', async (channel, arg) => {
    const { router, chat, activity } = wired();
    expect(await router.dispatch(channel, arg, trusted)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(chat.send).not.toHaveBeenCalled();
    expect(chat.moderate).not.toHaveBeenCalled();
    expect(activity.shoutout).not.toHaveBeenCalled();
  });

  it('passes valid arguments on, the text trimmed', async () => {
    const { router, chat, activity } = wired();
    expect(await router.dispatch('chat:send', { text: '  hello  ', announcement: 'blue' }, trusted)).toEqual({ ok: true, value: { messageId: 'm1' } });
    expect(chat.send).toHaveBeenCalledWith('hello', 'blue', undefined);
    await router.dispatch('chat:send', { text: 'from the bot', speaker: 'bot' }, trusted);
    expect(chat.send).toHaveBeenLastCalledWith('from the bot', undefined, 'bot');
    await router.dispatch('chat:moderate', { action: 'timeout', messageId: 'm1', durationSeconds: 600 }, trusted);
    expect(chat.moderate).toHaveBeenCalledWith({ action: 'timeout', messageId: 'm1', durationSeconds: 600 });
    await router.dispatch('activity:shoutout', { toBroadcasterId: '612345005' }, trusted);
    expect(activity.shoutout).toHaveBeenCalledWith('612345005');
  });
});
