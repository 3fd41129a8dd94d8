/** Demo mode only: ffmpeg publishes to the in-process emulator's ingest when OBS is not used. Elsewhere off. */
import { serveOff } from '../ipc/off-ipc';
import { registerTestStreamIpc, unavailableTestStream } from '../ipc/test-stream-ipc';
import { ingestTargetReader } from '../services/obs/ingest-target';
import { TestStreamService, targetUnlessObsStreams } from '../services/test-stream/test-stream-service';
import { feature } from './feature-module';

export const testStreamFeature = feature({
  name: 'testStream',
  build: ({ emulator, logger }, _files, { platform, obs }) => (emulator ? new TestStreamService({ getIngestTarget: targetUnlessObsStreams(obs, ingestTargetReader(platform.ingest)), logger }) : null),
  serve: (router, testStream) =>
    testStream
      ? registerTestStreamIpc(router, testStream)
      : serveOff(router, 'testStream:', () => 'The test stream exists only in demo mode: use OBS.', {
          'testStream:getState': () => unavailableTestStream,
          'testStream:stop': () => unavailableTestStream,
        }),
  // The checklist and the button learn whether ffmpeg is there once the start is over.
  start: (testStream) => testStream?.detectFfmpegLater(),
  // Its ffmpeg ends by its PID before the emulator it publishes to closes.
  dispose: (testStream) => testStream?.dispose(),
});
