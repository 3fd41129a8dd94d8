import { describe, expect, it } from 'vitest';
import type { IpcResult, ShieldModeState } from '../../../shared/ipc/contract';
import { deferred, fail, flush, ok, shieldOff, signedIn, signedOut, mirroredStore } from '../test-support/store-fakes';

const on: ShieldModeState = { ...shieldOff, active: true, lastActivatedAt: '2030-01-01T10:00:00Z', by: { id: '1001', login: 'demo', name: 'Demo' } };

describe('shield mode slice', () => {
  it('reads at sign-in, follows shieldMode:changed, and clears when nobody is signed in', async () => {
    const { store, emit, bridge, stop } = mirroredStore();
    expect(bridge.shieldMode.getState).not.toHaveBeenCalled();
    store.getState().applyAuth(signedIn);
    await flush();
    expect(store.getState().shieldMode).toEqual(shieldOff);
    emit('shieldMode:changed', on);
    expect(store.getState().shieldMode!.active).toBe(true);
    store.getState().applyAuth(signedOut);
    expect(store.getState().shieldMode).toBeNull();
    stop();
  });

  it('the key toggles: on when off, off when on', async () => {
    const { store, bridge, emit } = mirroredStore();
    store.getState().applyAuth(signedIn);
    await flush();
    await store.getState().toggleShieldMode();
    expect(bridge.shieldMode.set).toHaveBeenLastCalledWith({ active: true });
    emit('shieldMode:changed', on);
    await store.getState().toggleShieldMode();
    expect(bridge.shieldMode.set).toHaveBeenLastCalledWith({ active: false });
  });

  it("an answer computed before the platform's end event does not turn it back on; a refusal is shown in words", async () => {
    const { store, bridge, emit } = mirroredStore();
    store.getState().applyAuth(signedIn);
    await flush();
    const answer = deferred<IpcResult<ShieldModeState>>();
    bridge.shieldMode.set.mockImplementationOnce(() => answer.promise);
    const setting = store.getState().setShieldMode(true);
    emit('shieldMode:changed', { ...on, active: false });
    answer.resolve(ok(on));
    await setting;
    expect(store.getState().shieldMode!.active).toBe(false);

    bridge.shieldMode.set.mockResolvedValueOnce(fail({ code: 'api_error', message: 'Shield Mode not turned on: sign in again to allow this.' }));
    await store.getState().setShieldMode(true);
    expect(store.getState().actions['shieldMode.set']!.error).toBe('Shield Mode not turned on: sign in again to allow this.');
  });
});
