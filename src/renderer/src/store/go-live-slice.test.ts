import { describe, expect, it, vi } from 'vitest';
import { signedOutAuthState, type GoLiveState, type IpcResult } from '../../../shared/ipc/contract';
import { createSidestageStore, startMirroring } from './create-store';
import { selectGoLiveBlockers } from './go-live-slice';
import { deferred, fakeDeps, flush, ok } from '../test-support/store-fakes';

const notReady: GoLiveState = {
  open: true,
  ready: false,
  summary: 'Waiting on: OBS connected',
  items: [
    { id: 'signIn', label: 'Signed in', state: 'ok', reason: 'Signed in as Me.', required: true, fix: null },
    { id: 'obsConnected', label: 'OBS connected', state: 'problem', reason: 'OBS not running', required: true, fix: { action: 'connectObs', label: 'Connect to OBS' } },
    { id: 'vodStorage', label: 'VOD storage', state: 'unknown', reason: '…', required: false, fix: null },
  ],
  checkedAt: '2026-01-01T00:00:00.000Z',
  checking: false,
  startPresetId: null,
};
const ready: GoLiveState = { ...notReady, ready: true, summary: 'Ready to go live', items: notReady.items.map((i) => (i.id === 'obsConnected' ? { ...i, state: 'ok', fix: null } : i)) };

function setup() {
  const fakes = fakeDeps();
  const goLive = {
    getState: vi.fn(async (): Promise<IpcResult<GoLiveState>> => ok(notReady)),
    open: vi.fn(async (): Promise<IpcResult<GoLiveState>> => ok(notReady)),
    close: vi.fn(async (): Promise<IpcResult<GoLiveState>> => ok({ ...notReady, open: false })),
    recheck: vi.fn(async (): Promise<IpcResult<GoLiveState>> => ok(notReady)),
    fix: vi.fn(async (_arg: { action: string }): Promise<IpcResult<GoLiveState>> => ok(ready)),
    setStartPreset: vi.fn(async (arg: { presetId: string | null }): Promise<IpcResult<GoLiveState>> => ok({ ...notReady, startPresetId: arg.presetId })),
  };
  Object.assign(fakes.bridge, { goLive });
  const store = createSidestageStore(fakes.deps);
  return { ...fakes, store, goLive };
}

describe('go-live slice', () => {
  it('opens and closes the checklist in main, and names the blockers', async () => {
    const { store, goLive } = setup();
    await store.getState().openGoLive();
    expect(goLive.open).toHaveBeenCalledTimes(1);
    expect(store.getState().goLive).toEqual(notReady);
    expect(selectGoLiveBlockers(store.getState())).toEqual(['OBS connected']);
    await store.getState().closeGoLive();
    expect(store.getState().goLive?.open).toBe(false);
  });

  it('runs a fix through main and shows its answer', async () => {
    const { store, goLive } = setup();
    await store.getState().fixGoLive('connectObs');
    expect(goLive.fix).toHaveBeenCalledWith({ action: 'connectObs' });
    expect(store.getState().goLive?.ready).toBe(true);
    await store.getState().setGoLiveStartPreset('calm');
    expect(goLive.setStartPreset).toHaveBeenCalledWith({ presetId: 'calm' });
  });

  it('routes the sign-in fix through the renderer sign-in, which opens the consent page in the dock', async () => {
    const { store, bridge, goLive, openUrl } = setup();
    const authorizeUrl = 'http://127.0.0.1:1/oauth2/authorize?x=1';
    bridge.auth.signIn.mockResolvedValueOnce(ok({ ...signedOutAuthState, status: 'signingIn', pending: { flow: 'loopback', authorizeUrl, openedBy: 'renderer', expiresAt: '' } }));
    await store.getState().fixGoLive('signIn');
    expect(bridge.auth.signIn).toHaveBeenCalledWith({ flow: 'loopback' });
    expect(openUrl).toHaveBeenCalledWith(authorizeUrl);
    expect(goLive.fix).not.toHaveBeenCalled();
  });

  it('opens the OBS panel for its fix without asking main', async () => {
    const { store, goLive } = setup();
    await store.getState().fixGoLive('openObsPanel');
    expect(store.getState().activePanel).toBe('obs');
    expect(goLive.fix).not.toHaveBeenCalled();
  });

  it('follows goLive:changed, and an answer older than an event is not shown', async () => {
    const { store, deps, emit, goLive } = setup();
    const stop = startMirroring(store, deps);
    const slow = deferred<IpcResult<GoLiveState>>();
    goLive.recheck.mockImplementationOnce(() => slow.promise);
    const pending = store.getState().recheckGoLive();
    emit('goLive:changed', ready);
    expect(store.getState().goLive?.ready).toBe(true);
    slow.resolve(ok(notReady));
    await pending;
    expect(store.getState().goLive?.ready).toBe(true);
    stop();
  });

  it('shows the go-live panel when main asks (the tray entry)', () => {
    const { store, deps, emit } = setup();
    const stop = startMirroring(store, deps);
    emit('goLive:show', {});
    expect(store.getState().activePanel).toBe('go-live');
    stop();
  });

  it('re-opens after a resync only when it was open', async () => {
    const { store, deps, connection, goLive, emit } = setup();
    const stop = startMirroring(store, deps);
    connection.resync();
    await flush();
    expect(goLive.open).not.toHaveBeenCalled();
    emit('goLive:changed', notReady);
    connection.resync();
    await flush();
    expect(goLive.open).toHaveBeenCalledTimes(1);
    stop();
  });
});
