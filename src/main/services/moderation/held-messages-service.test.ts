import { describe, expect, it, vi } from 'vitest';
import type { HeldMessagesState } from '../../../shared/ipc/contract';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { fakeChannelEvents } from '../../test-support/fake-channel-events';
import { channelEvent, ScriptedApi, user } from '../../test-support/moderation-fakes';
import { ApiError } from '../api/api-error';
import { HeldMessagesService } from './held-messages-service';

const hold = (messageId: string, from = '7', extra: Partial<{ reason: 'automod' | 'blockedTerm'; category: string | null; level: number | null; blockedTerms: string[] }> = {}) =>
  channelEvent('automodHold', { messageId, user: user(from), text: `held ${messageId}`, reason: 'automod', category: 'swearing', level: 3, blockedTerms: [], heldAt: '2030-01-01T10:00:00Z', ...extra });

function setup(capacity?: number) {
  const api = new ScriptedApi().answer('POST /helix/moderation/automod/message', undefined);
  const { auth, broadcaster } = fakeBroadcaster();
  const stream = fakeChannelEvents(broadcaster).stream;
  const held = new HeldMessagesService({ api, broadcaster, channelEvents: stream, capacity });
  const states: HeldMessagesState[] = [];
  held.onChange((s) => states.push(s));
  held.start();
  return { api, auth, stream, held, states };
}

describe('HeldMessagesService', () => {
  it('queues what AutoMod holds, oldest first, with the reason and category; a decision elsewhere takes it out', async () => {
    const { stream, held, states } = setup();
    stream.publish(hold('a'));
    stream.publish(hold('b', '8', { reason: 'blockedTerm', category: null, level: null, blockedTerms: ['badword'] }));
    // The same hold again (a late copy) is not queued twice.
    stream.publish(hold('a'));
    expect(held.getState().messages.map((m) => [m.id, m.reason, m.category, m.level, m.blockedTerms])).toEqual([
      ['a', 'automod', 'swearing', 3, []],
      ['b', 'blockedTerm', null, null, ['badword']],
    ]);
    // A burst travels as one state.
    await vi.waitFor(() => expect(states).toHaveLength(1));
    stream.publish(channelEvent('automodUpdate', { messageId: 'a', user: user('7'), text: 'held a', reason: 'automod', category: 'swearing', level: 3, blockedTerms: [], heldAt: '2030-01-01T10:00:00Z', moderator: user('9', 'Mod'), status: 'approved' }));
    expect(held.getState().messages.map((m) => m.id)).toEqual(['b']);
    // Once decided, a late hold of it does not come back.
    stream.publish(hold('a'));
    expect(held.getState().messages.map((m) => m.id)).toEqual(['b']);
  });

  it('keeps the newest up to its capacity and counts the ones it let go', () => {
    const { stream, held } = setup(2);
    for (const id of ['a', 'b', 'c', 'd']) stream.publish(hold(id));
    expect(held.getState()).toMatchObject({ messages: [{ id: 'c' }, { id: 'd' }], dropped: 2 });
  });

  it('allows as the broadcaster through Manage Held AutoMod Messages, then takes it out', async () => {
    const { api, stream, held } = setup();
    stream.publish(hold('a', '7'));
    const allowing = held.resolve('a', 'allow');
    expect(held.getState().messages[0]!.pending).toBe('allow');
    await expect(allowing).resolves.toEqual({ message: "Allowed Viewer7's message." });
    expect(api.to('POST /helix/moderation/automod/message')[0]!.body).toEqual({ user_id: '42', msg_id: 'a', action: 'ALLOW' });
    expect(held.getState().messages).toEqual([]);
    stream.publish(hold('b'));
    await held.resolve('b', 'deny');
    expect(api.to('POST /helix/moderation/automod/message')[1]!.body).toMatchObject({ msg_id: 'b', action: 'DENY' });
  });

  it('a refusal is said in words and the message stays to decide; one gone at the platform leaves', async () => {
    const { api, stream, held } = setup();
    stream.publish(hold('a'));
    api.answer('POST /helix/moderation/automod/message', () => {
      throw new ApiError(403, 'Forbidden', null);
    });
    await expect(held.resolve('a', 'allow')).rejects.toThrow('Message not allowed: you are not allowed to do this in this chat.');
    expect(held.getState().messages[0]).toMatchObject({ id: 'a', pending: null });

    api.answer('POST /helix/moderation/automod/message', () => {
      throw new ApiError(404, 'Not Found', 'The message was not found.');
    });
    await expect(held.resolve('a', 'deny')).rejects.toThrow('Message not denied: it is no longer held (decided elsewhere, or expired).');
    expect(held.getState().messages).toEqual([]);
    await expect(held.resolve('zzz', 'allow')).rejects.toThrow('Message not allowed: it is no longer held (decided elsewhere, or expired).');
  });

  it('another account starts with an empty queue; signed out, a decision is refused', async () => {
    const { auth, stream, held } = setup();
    stream.publish(hold('a'));
    auth.set({ ...auth.getState(), status: 'signedOut', account: null });
    expect(held.getState().messages).toEqual([]);
    await expect(held.resolve('a', 'allow')).rejects.toMatchObject({ code: 'not_signed_in' });
  });
});
