import { describe, expect, it } from 'vitest';
import type { UnbanRequestsState } from '../../../shared/ipc/contract';
import { fail, flush, ok, signedIn, mirroredStore } from '../test-support/store-fakes';

const waiting: UnbanRequestsState = {
  loaded: true,
  requests: [{ id: 'r1', user: { id: '7', login: 'v', name: 'V' }, text: 'sorry', createdAt: '2030-01-01T10:00:00Z', status: 'pending', resolvedBy: null, resolutionText: null, pending: false }],
  error: null,
};

describe('unban requests slice', () => {
  it('reads at sign-in and follows unbanRequests:changed', async () => {
    const { store, bridge, emit } = mirroredStore();
    bridge.unbanRequests.getState.mockResolvedValue(ok(waiting));
    store.getState().applyAuth(signedIn);
    await flush();
    expect(store.getState().unbanRequests!.requests).toHaveLength(1);
    emit('unbanRequests:changed', { ...waiting, requests: [] });
    expect(store.getState().unbanRequests!.requests).toEqual([]);
  });

  it('sends the note trimmed (none when empty) and says whether it was resolved', async () => {
    const { store, bridge } = mirroredStore();
    store.getState().applyAuth(signedIn);
    await flush();
    bridge.unbanRequests.resolve.mockResolvedValueOnce(ok({ message: 'V is unbanned and may chat again.' }));
    await expect(store.getState().resolveUnbanRequest('r1', 'approved', '  welcome back ')).resolves.toBe(true);
    expect(bridge.unbanRequests.resolve).toHaveBeenLastCalledWith({ requestId: 'r1', status: 'approved', note: 'welcome back' });
    expect(store.getState().unbanNotice).toBe('V is unbanned and may chat again.');
    bridge.unbanRequests.resolve.mockResolvedValueOnce(fail({ code: 'api_error', message: 'Unban request not denied: it was already approved.' }));
    await expect(store.getState().resolveUnbanRequest('r1', 'denied', ' ')).resolves.toBe(false);
    expect(bridge.unbanRequests.resolve).toHaveBeenLastCalledWith({ requestId: 'r1', status: 'denied' });
    expect(store.getState().actions['unbanRequests.resolve']!.error).toBe('Unban request not denied: it was already approved.');
  });
});
