import { describe, expect, it, vi } from 'vitest';
import type { IpcResult, ObsHealth, ObsSendResult, ObsState } from '../../../shared/ipc/contract';
import { createSidestageStore, startMirroring } from './create-store';
import { formatObsHealth, formatObsStreamState, selectObsStreamAction } from './obs-slice';
import { selectAction } from './selectors';
import { deferred, fail, fakeDeps, flush, obsOff, ok } from '../test-support/store-fakes';

const off: ObsState = obsOff;
const connected: ObsState = { ...off, enabled: true, passwordSaved: true, status: 'connected', statusText: 'Connected to OBS 29.0.2 (obs-websocket 5.1.0)', obsVersion: '29.0.2', websocketVersion: '5.1.0', streamState: 'stopped' };
const target = { match: 'different' as const, differences: ['a different stream key'], server: 'rtmp://fra.example/app', serverName: 'EU: Frankfurt', obsService: 'rtmp_custom', obsServer: 'rtmp://fra.example/app' };

function setup(initial: ObsState = off) {
  const fakes = fakeDeps();
  const obs = {
    getState: vi.fn(async (): Promise<IpcResult<ObsState>> => ok(initial)),
    setConnection: vi.fn(async (arg: { host: string; port: number }): Promise<IpcResult<ObsState>> => ok({ ...initial, ...arg })),
    setPassword: vi.fn(async (_arg: { password: string }): Promise<IpcResult<ObsState>> => ok({ ...initial, passwordSaved: true })),
    connect: vi.fn(async (): Promise<IpcResult<ObsState>> => ok({ ...off, enabled: true, status: 'connecting', statusText: 'Connecting…' })),
    disconnect: vi.fn(async (): Promise<IpcResult<ObsState>> => ok(off)),
    setOptions: vi.fn(async (arg: { autoMarkerOnReconnect?: boolean }): Promise<IpcResult<ObsState>> => ok({ ...initial, autoMarkerOnReconnect: Boolean(arg.autoMarkerOnReconnect) })),
    checkStreamTarget: vi.fn(),
    sendStreamTarget: vi.fn(async (arg?: { overwrite?: boolean }): Promise<IpcResult<ObsSendResult>> =>
      ok(arg?.overwrite ? { outcome: 'sent', target: { ...target, match: 'same', differences: [] } } : { outcome: 'needs-confirmation', target }),
    ),
    startStream: vi.fn(async (): Promise<IpcResult<ObsState>> => ok({ ...connected, streamState: 'starting' })),
    stopStream: vi.fn(async (): Promise<IpcResult<ObsState>> => ok(connected)),
  };
  Object.assign(fakes.bridge, { obs });
  const store = createSidestageStore(fakes.deps);
  return { ...fakes, store, obs };
}

describe('obs slice', () => {
  it('reads the state at start, follows obs:changed, and reads again on resync', async () => {
    const { store, deps, emit, connection, obs } = setup();
    const stop = startMirroring(store, deps);
    await flush();
    expect(store.getState().obs).toEqual(off);
    emit('obs:changed', connected);
    expect(store.getState().obs?.statusText).toBe('Connected to OBS 29.0.2 (obs-websocket 5.1.0)');
    connection.resync();
    await flush();
    expect(obs.getState).toHaveBeenCalledTimes(2);
    stop();
  });

  it('an answer computed before a newer obs:changed event does not overwrite it', async () => {
    const { store, deps, emit, obs } = setup();
    const stop = startMirroring(store, deps);
    await flush();
    const answer = deferred<IpcResult<ObsState>>();
    obs.connect.mockReturnValueOnce(answer.promise);
    const connecting = store.getState().connectObs();
    emit('obs:changed', connected);
    answer.resolve(ok({ ...off, enabled: true, status: 'connecting', statusText: 'Connecting…' }));
    await connecting;
    expect(store.getState().obs?.status).toBe('connected');
    stop();
  });

  it('sends the password to main and never keeps it in the store', async () => {
    const { store, obs } = setup();
    await store.getState().setObsPassword('hunter2');
    expect(obs.setPassword).toHaveBeenCalledWith({ password: 'hunter2' });
    expect(JSON.stringify(store.getState())).not.toContain('hunter2');
    expect(store.getState().obs?.passwordSaved).toBe(true);
  });

  it('asks before overwriting what OBS holds, then sends with overwrite when confirmed', async () => {
    const { store, obs } = setup(connected);
    await store.getState().sendToObs();
    expect(store.getState().obsSend).toEqual({ outcome: 'needs-confirmation', target });
    await store.getState().sendToObs(true);
    expect(obs.sendStreamTarget).toHaveBeenLastCalledWith({ overwrite: true });
    expect(store.getState().obsSend?.outcome).toBe('sent');
    store.getState().dismissObsSend();
    expect(store.getState().obsSend).toBeNull();
  });

  it('shows a refused start in words with Retry', async () => {
    const { store, obs } = setup(connected);
    await store.getState().loadObs();
    obs.startStream.mockResolvedValueOnce(fail({ code: 'unavailable', message: 'Not connected to OBS: OBS not running (nothing answers at 127.0.0.1:4455)' }));
    await store.getState().startObsStream();
    expect(selectAction('obs.start')(store.getState()).error).toMatch(/OBS not running/);
    await store.getState().retry('obs.start');
    expect(obs.startStream).toHaveBeenCalledTimes(2);
    expect(store.getState().obs?.streamState).toBe('starting');
  });

  it('offers Start only when connected and stopped, Stop while live', async () => {
    const { store } = setup();
    store.getState().applyObs(off);
    expect(selectObsStreamAction(store.getState())).toBeNull();
    store.getState().applyObs(connected);
    expect(selectObsStreamAction(store.getState())).toBe('start');
    store.getState().applyObs({ ...connected, streamState: 'reconnecting' });
    expect(selectObsStreamAction(store.getState())).toBe('stop');
    store.getState().applyObs({ ...connected, streamState: 'starting' });
    expect(selectObsStreamAction(store.getState())).toBeNull();
    expect(formatObsStreamState('reconnecting')).toBe('Reconnecting to the ingest server…');
  });

  it('formats the health figures in words', () => {
    const health: ObsHealth = {
      at: '2030-01-01T10:00:00Z',
      bitrateKbps: 6012,
      droppedFrames: 3,
      totalFrames: 297,
      droppedPercent: 0,
      congestion: 0.12,
      reconnecting: false,
      cpuPercent: 14.26,
      encoderSkippedFrames: 0,
      renderSkippedFrames: 2,
      averageFrameRenderMs: 1.234,
      activeFps: 30,
      durationMs: 10_000,
      problem: null,
    };
    expect(formatObsHealth(health)).toEqual([
      { label: 'Bitrate', value: '6,012 kbps' },
      { label: 'Dropped frames', value: '3 (1.0%)' },
      { label: 'Congestion', value: '12%' },
      { label: 'Connection', value: 'steady' },
      { label: 'CPU', value: '14.3%' },
      { label: 'Render lag', value: '2 frames missed, 1.2 ms per frame' },
      { label: 'Encoder lag', value: '0 frames skipped' },
    ]);
  });
});
