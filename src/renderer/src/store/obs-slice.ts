/**
 * OBS Studio in the store: main owns the connection; this mirrors its state (obs:changed and call
 * results), and keeps the last "Send to OBS" answer so the Ingest panel can ask before overwriting.
 * The password goes to main and is never kept here.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { IpcResult, ObsHealth, ObsState, ObsStreamState } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { ObsActionId, ObsSlice } from './slice-types/obs';

export function createObsSlice({ set, deps, run, epochs }: SliceContext): ObsSlice {
  /** A call answering the whole OBS state: shown unless an event (or a later answer) is newer. */
  const ask = (id: ObsActionId, request: () => Promise<IpcResult<ObsState>>) =>
    run(id, async (isLatest) => {
      await epochs.ask('obs', request, (obs) => set({ obs }), { isLatest });
    });
  return {
    obs: null,
    obsSend: null,
    loadObs: () => ask('obs.load', () => deps.bridge.obs.getState()),
    setObsConnection: (host, port) => ask('obs.setConnection', () => deps.bridge.obs.setConnection({ host, port })),
    setObsPassword: async (password) => {
      let saved = false;
      await run('obs.setPassword', async (isLatest) => {
        await epochs.ask('obs', () => deps.bridge.obs.setPassword({ password }), (obs) => set({ obs }), { isLatest });
        saved = true;
      });
      return saved;
    },
    connectObs: () => ask('obs.connect', () => deps.bridge.obs.connect()),
    disconnectObs: () => ask('obs.disconnect', () => deps.bridge.obs.disconnect()),
    setObsAutoMarker: (on) => ask('obs.setOptions', () => deps.bridge.obs.setOptions({ autoMarkerOnReconnect: on })),
    sendToObs: (overwrite = false) =>
      run('obs.send', async (isLatest) => {
        set({ obsSend: null });
        const result = await call(deps.bridge.obs.sendStreamTarget({ overwrite }));
        if (isLatest()) set({ obsSend: result });
      }),
    dismissObsSend: () => set({ obsSend: null }),
    startObsStream: () => ask('obs.start', () => deps.bridge.obs.startStream()),
    stopObsStream: () => ask('obs.stop', () => deps.bridge.obs.stopStream()),
    applyObs: (obs) => {
      epochs.tick('obs');
      set({ obs });
    },
  };
}

const streamStateWords: Record<ObsStreamState, string> = {
  unknown: 'Unknown (OBS not connected)',
  stopped: 'Not streaming',
  starting: 'Starting…',
  started: 'Streaming',
  stopping: 'Stopping…',
  reconnecting: 'Reconnecting to the ingest server…',
};

export function formatObsStreamState(state: ObsStreamState): string {
  return streamStateWords[state];
}

/** What the Start/Stop button does now, or null when it cannot be pressed. */
export function selectObsStreamAction(state: SidestageState): 'start' | 'stop' | null {
  const obs = state.obs;
  if (!obs || obs.status !== 'connected') return null;
  if (obs.streamState === 'stopped') return 'start';
  if (obs.streamState === 'started' || obs.streamState === 'reconnecting') return 'stop';
  return null;
}

/** The health figures a broadcaster watches, as label and value in words. */
export function formatObsHealth(health: ObsHealth): { label: string; value: string }[] {
  const frames = health.totalFrames + health.droppedFrames;
  const droppedShare = frames > 0 ? ` (${((100 * health.droppedFrames) / frames).toFixed(1)}%)` : '';
  return [
    { label: 'Bitrate', value: health.bitrateKbps === null ? 'measuring…' : `${health.bitrateKbps.toLocaleString('en-US')} kbps` },
    { label: 'Dropped frames', value: `${health.droppedFrames.toLocaleString('en-US')}${droppedShare}` },
    { label: 'Congestion', value: `${Math.round(health.congestion * 100)}%` },
    { label: 'Connection', value: health.reconnecting ? 'reconnecting' : 'steady' },
    { label: 'CPU', value: health.cpuPercent === null ? '—' : `${health.cpuPercent.toFixed(1)}%` },
    {
      label: 'Render lag',
      value: `${health.renderSkippedFrames.toLocaleString('en-US')} frames missed${health.averageFrameRenderMs === null ? '' : `, ${health.averageFrameRenderMs.toFixed(1)} ms per frame`}`,
    },
    { label: 'Encoder lag', value: `${health.encoderSkippedFrames.toLocaleString('en-US')} frames skipped` },
  ];
}

/** Follows obs:changed, and reads the state at start and whenever events may have been missed. */
export function mirrorObs(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, { events: { 'obs:changed': (state, obs) => state.applyObs(obs) }, load: (state) => state.loadObs() });
}
