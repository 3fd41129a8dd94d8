import type { TestStreamState } from '../../shared/ipc/contract';
import type { Disposer } from '../../shared/primitives/emitter';
import type { TestStreamService } from '../services/test-stream/test-stream-service';
import type { IpcRouter } from './ipc-router';

/** What the renderer is told outside demo mode: no button to show. */
export const unavailableTestStream: TestStreamState = {
  available: false,
  ffmpegInstalled: null,
  status: 'stopped',
  statusText: 'The test stream exists only in demo mode.',
  serverName: null,
  publishingSince: null,
  problem: null,
  profile: '',
};

/** `testStream:*`: the demo's "Publish a test stream". Forwards `testStream:changed`. Outside demo mode: composition/test-stream.ts. */
export function registerTestStreamIpc(router: IpcRouter, testStream: TestStreamService): Disposer {
  router.handle('testStream:getState', () => testStream.getState());
  router.handle('testStream:start', () => testStream.start());
  router.handle('testStream:stop', () => testStream.stop());
  return testStream.onChange((state) => router.emit('testStream:changed', state));
}
