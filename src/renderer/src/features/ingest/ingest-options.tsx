import { useShallow } from 'zustand/react/shallow';
import { ActionError } from '../../components/action-error';
import { store, useSidestage } from '../../store';
import { selectIngestOptions } from '../../store/selectors';

export function IngestOptions() {
  const options = useSidestage(useShallow(selectIngestOptions));
  if (!options) return null;
  const { setSecure, setBandwidthTest } = store.getState();
  return (
    <fieldset className="options">
      <legend>Options</legend>
      <label className="switch">
        <input type="checkbox" checked={options.secure} onChange={(event) => void setSecure(event.target.checked)} />
        Use RTMPS
      </label>
      <p className="muted small">Encrypts the connection to the ingest server.</p>
      <ActionError action="ingest.setSecure" what="Could not change RTMPS" />

      <label className="switch">
        <input
          type="checkbox"
         
          aria-describedby="bandwidth-test-note"
          checked={options.bandwidthTest}
          onChange={(event) => void setBandwidthTest(event.target.checked)}
        />
        Bandwidth test
      </label>
      {options.bandwidthTest ? (
        <p id="bandwidth-test-note" className="warning-text">
          Bandwidth test is on: your stream will not go live while it is on. Turn it off before you go live.
        </p>
      ) : (
        <p id="bandwidth-test-note" className="muted small">
          Measures your connection without going live; the stream will not go live while it is on.
        </p>
      )}
      <ActionError action="ingest.setBandwidthTest" what="Could not change the bandwidth test" />
    </fieldset>
  );
}
