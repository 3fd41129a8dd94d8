import { useShallow } from 'zustand/react/shallow';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { store, useSidestage } from '../../store';
import { selectTestStreamControls } from '../../store/test-stream-slice';

/**
 * Demo mode only: "Publish a test stream", ffmpeg as the encoder to the selected ingest server with
 * the stream key, for rehearsing the whole broadcast without OBS. Hidden outside demo mode.
 */
export function TestStreamControls() {
  const testStream = useSidestage((state) => state.testStream);
  const controls = useSidestage(useShallow(selectTestStreamControls));
  if (!testStream || !controls.visible) return null;
  return (
    <fieldset className="options" data-testid="test-stream">
      <legend>Test stream (demo)</legend>
      <p className="small">
        No OBS? Sidestage can publish a test picture and a tone ({testStream.profile}) to the selected ingest server with your stream key.
      </p>
      <div data-testid="test-stream-status" data-status={testStream.status}>
        <LiveStatus>{testStream.ffmpegInstalled === false && !controls.running ? 'ffmpeg is not installed: install it, or use OBS' : testStream.statusText}</LiveStatus>
      </div>
      <div className="button-row">
        {controls.running ? (
          <button type="button" onClick={() => void store.getState().stopTestStream()} disabled={testStream.status === 'stopping'}>
            Stop the test stream
          </button>
        ) : (
          <button type="button" onClick={() => void store.getState().startTestStream()} disabled={!controls.canStart}>
            Publish a test stream
          </button>
        )}
      </div>
      <ActionError action="testStream.start" what="The test stream did not start" />
      <ActionError action="testStream.stop" what="The test stream did not stop" />
    </fieldset>
  );
}
