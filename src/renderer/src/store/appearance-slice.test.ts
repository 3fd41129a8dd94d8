import { describe, expect, it } from 'vitest';
import { createSidestageStore, startMirroring } from './create-store';
import { themeAttribute } from './appearance-slice';
import { deferred, fail, fakeDeps, flush, ok } from '../test-support/store-fakes';
import type { IpcResult } from '../../../shared/ipc/contract';

describe('appearance slice', () => {
  it('reads the theme at start, follows appearance:changed and reads again on resync', async () => {
    const { deps, bridge, emit, connection } = fakeDeps();
    bridge.appearance.get.mockResolvedValueOnce(ok({ theme: 'dark' }));
    const store = createSidestageStore(deps);
    const stop = startMirroring(store, deps);
    await flush();
    expect(store.getState().theme).toBe('dark');
    emit('appearance:changed', { theme: 'light' });
    expect(store.getState().theme).toBe('light');
    connection.resync();
    await flush();
    expect(store.getState().theme).toBe('system');
    stop();
  });

  it('shows a choice at once and rolls it back when main refuses it, with the error in words', async () => {
    const { deps, bridge } = fakeDeps();
    const store = createSidestageStore(deps);
    store.getState().applyAppearance({ theme: 'dark' });
    const answer = deferred<IpcResult<{ theme: 'system' | 'light' | 'dark' }>>();
    bridge.appearance.set.mockReturnValueOnce(answer.promise);
    const saving = store.getState().setTheme('light');
    expect(store.getState().theme).toBe('light');
    answer.resolve(fail({ code: 'unavailable', message: 'Your disk is full, so Sidestage could not save this setting.' }));
    await saving;
    expect(store.getState().theme).toBe('dark');
    expect(store.getState().actions['appearance.save']?.error).toMatch(/disk is full/);
  });

  it('an answer older than an event already applied is dropped', async () => {
    const { deps, bridge } = fakeDeps();
    const store = createSidestageStore(deps);
    const answer = deferred<IpcResult<{ theme: 'system' | 'light' | 'dark' }>>();
    bridge.appearance.set.mockReturnValueOnce(answer.promise);
    const saving = store.getState().setTheme('light');
    store.getState().applyAppearance({ theme: 'dark' });
    answer.resolve(ok({ theme: 'light' }));
    await saving;
    expect(store.getState().theme).toBe('dark');
  });

  it('system (or no answer yet) leaves the OS preference in charge', () => {
    expect(themeAttribute('system')).toBeNull();
    expect(themeAttribute(null)).toBeNull();
    expect(themeAttribute('light')).toBe('light');
  });
});
