/**
 * The demo's "Publish a test stream" in the store. Main runs ffmpeg; this mirrors its state
 * (testStream:changed and call results).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { TestStreamActionId, TestStreamSlice } from './slice-types/test-stream';

export function createTestStreamSlice({ set, deps, run, epochs }: SliceContext): TestStreamSlice {
  const ask = (id: TestStreamActionId, request: () => ReturnType<typeof deps.bridge.testStream.getState>) =>
    run(id, async (isLatest) => {
      await epochs.ask('testStream', request, (testStream) => set({ testStream }), { isLatest });
    });
  return {
    testStream: null,
    loadTestStream: () => ask('testStream.load', () => deps.bridge.testStream.getState()),
    startTestStream: () => ask('testStream.start', () => deps.bridge.testStream.start()),
    stopTestStream: () => ask('testStream.stop', () => deps.bridge.testStream.stop()),
    applyTestStream: (testStream) => {
      epochs.tick('testStream');
      set({ testStream });
    },
  };
}

/** What the Go live panel's test-stream row shows: hidden outside demo mode. */
export function selectTestStreamControls(state: SidestageState): { visible: boolean; running: boolean; canStart: boolean } {
  const stream = state.testStream;
  const running = stream?.status === 'starting' || stream?.status === 'publishing' || stream?.status === 'stopping';
  return {
    visible: stream?.available === true,
    running,
    canStart: stream?.available === true && !running && stream.ffmpegInstalled !== false,
  };
}

/** Follows testStream:changed, and reads the state at start and whenever events may have been missed. */
export function mirrorTestStream(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, { events: { 'testStream:changed': (state, testStream) => state.applyTestStream(testStream) }, load: (state) => state.loadTestStream() });
}
