import { describe, expect, it, vi } from 'vitest';
import type { IpcResult, TestStreamState } from '../../../shared/ipc/contract';
import { createSidestageStore, startMirroring } from './create-store';
import { selectTestStreamControls } from './test-stream-slice';
import { selectAction } from './selectors';
import { deferred, fail, fakeDeps, flush, ok } from '../test-support/store-fakes';

const stopped: TestStreamState = {
  available: true,
  ffmpegInstalled: true,
  status: 'stopped',
  statusText: 'No test stream',
  serverName: null,
  publishingSince: null,
  problem: null,
  profile: '1280x720, 30 fps',
};
const starting: TestStreamState = { ...stopped, status: 'starting', statusText: 'Connecting the test stream to Local 1…', serverName: 'Local 1' };
const publishing: TestStreamState = { ...starting, status: 'publishing', statusText: 'Publishing a test stream to Local 1', publishingSince: '2030-01-01T10:00:00Z' };

function setup(initial: TestStreamState = stopped) {
  const fakes = fakeDeps();
  const testStream = {
    getState: vi.fn(async (): Promise<IpcResult<TestStreamState>> => ok(initial)),
    start: vi.fn(async (): Promise<IpcResult<TestStreamState>> => ok(starting)),
    stop: vi.fn(async (): Promise<IpcResult<TestStreamState>> => ok(stopped)),
  };
  Object.assign(fakes.bridge, { testStream });
  const store = createSidestageStore(fakes.deps);
  return { ...fakes, store, testStream };
}

describe('test stream slice', () => {
  it('is hidden outside demo mode', async () => {
    const { store, deps } = setup({ ...stopped, available: false });
    const stop = startMirroring(store, deps);
    await flush();
    expect(selectTestStreamControls(store.getState())).toEqual({ visible: false, running: false, canStart: false });
    stop();
  });

  it('cannot start without ffmpeg', async () => {
    const { store } = setup({ ...stopped, ffmpegInstalled: false });
    await store.getState().loadTestStream();
    expect(selectTestStreamControls(store.getState())).toEqual({ visible: true, running: false, canStart: false });
  });

  it('starts, follows testStream:changed to publishing, reads again on resync', async () => {
    const { store, deps, emit, connection, testStream } = setup();
    const stop = startMirroring(store, deps);
    await flush();
    await store.getState().startTestStream();
    expect(store.getState().testStream?.status).toBe('starting');
    emit('testStream:changed', publishing);
    expect(selectTestStreamControls(store.getState())).toEqual({ visible: true, running: true, canStart: false });
    connection.resync();
    await flush();
    expect(testStream.getState).toHaveBeenCalledTimes(2);
    stop();
  });

  it("a start's late answer does not overwrite the publishing event that came before it", async () => {
    const { store, deps, emit, testStream } = setup();
    const stop = startMirroring(store, deps);
    await flush();
    const answer = deferred<IpcResult<TestStreamState>>();
    testStream.start.mockReturnValueOnce(answer.promise);
    const starting_ = store.getState().startTestStream();
    emit('testStream:changed', publishing);
    answer.resolve(ok(starting));
    await starting_;
    expect(store.getState().testStream?.status).toBe('publishing');
    stop();
  });

  it('a refused start is shown as the action error', async () => {
    const { store, testStream } = setup();
    testStream.start.mockResolvedValueOnce(fail({ code: 'unavailable', message: 'No ingest server is selected: choose one in the Ingest panel first.' }));
    await store.getState().startTestStream();
    expect(selectAction('testStream.start')(store.getState()).error).toMatch(/No ingest server is selected/);
  });
});
