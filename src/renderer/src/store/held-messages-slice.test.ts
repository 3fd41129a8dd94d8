import { describe, expect, it } from 'vitest';
import type { HeldMessage } from '../../../shared/ipc/contract';
import { fail, flush, ok, signedIn, mirroredStore } from '../test-support/store-fakes';
import { selectFirstHeld } from './held-messages-slice';

const held = (id: string, pending: HeldMessage['pending'] = null): HeldMessage => ({
  id,
  user: { id: '7', login: 'v', name: 'V' },
  text: 'x',
  reason: 'automod',
  category: 'swearing',
  level: 2,
  blockedTerms: [],
  heldAt: '2030-01-01T10:00:00Z',
  pending,
});

describe('held messages slice', () => {
  it("follows main's queue; the first not already being decided is the one the keys act on", async () => {
    const { store, emit } = mirroredStore();
    store.getState().applyAuth(signedIn);
    await flush();
    expect(store.getState().heldMessages).toEqual({ messages: [], dropped: 0 });
    expect(selectFirstHeld(store.getState())).toBeNull();
    emit('heldMessages:changed', { messages: [held('a', 'allow'), held('b')], dropped: 0 });
    expect(selectFirstHeld(store.getState())!.id).toBe('b');
  });

  it('says the outcome of a decision, and a refusal in words', async () => {
    const { store, bridge } = mirroredStore();
    store.getState().applyAuth(signedIn);
    await flush();
    bridge.heldMessages.resolve.mockResolvedValueOnce(ok({ message: "Allowed V's message." }));
    await store.getState().resolveHeldMessage('b', 'allow');
    expect(bridge.heldMessages.resolve).toHaveBeenCalledWith({ messageId: 'b', action: 'allow' });
    expect(store.getState().heldNotice).toBe("Allowed V's message.");
    bridge.heldMessages.resolve.mockResolvedValueOnce(fail({ code: 'invalid_argument', message: 'Message not denied: it is no longer held (decided elsewhere, or expired).' }));
    await store.getState().resolveHeldMessage('c', 'deny');
    expect(store.getState().actions['heldMessages.resolve']!.error).toBe('Message not denied: it is no longer held (decided elsewhere, or expired).');
  });
});
