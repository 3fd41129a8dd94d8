import type { TestStreamState } from '../../shared/ipc/contract';
import type { Disposer } from '../../shared/primitives/emitter';
import { AppError } from '../services/app-error';
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

/**
 * `testStream:*`: the demo's "Publish a test stream"; outside demo mode (null) the channels still
 * answer, as unavailable. Forwards `testStream:changed`.
 */
export function registerTestStreamIpc(router: IpcRouter, testStream: TestStreamService | null): Disposer {
  router.handle('testStream:getState', () => testStream?.getState() ?? unavailableTestStream);
  router.handle('testStream:start', () => {
    if (!testStream) throw new AppError('unavailable', 'The test stream exists only in demo mode: use OBS.');
    return testStream.start();
  });
  router.handle('testStream:stop', () => testStream?.stop() ?? unavailableTestStream);
  if (!testStream) return () => {};
  return testStream.onChange((state) => router.emit('testStream:changed', state));
}
