import { ActionError } from '../../components/action-error';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';

/** Drop marker from the Markers panel too: in a browser dock there is no global shortcut. */
export function DropMarkerButton() {
  const live = useSidestage((state) => state.streamStatus?.live ?? false);
  const pending = useSidestage((state) => selectAction('markers.drop')(state).pending);
  const lastResult = useSidestage((state) => state.markers?.lastResult ?? null);
  return (
    <div className="stack">
      <div className="button-row">
        <button type="button" className="primary" disabled={pending} onClick={() => void store.getState().dropMarker()}>
          Drop marker
        </button>
        {!live ? <span className="muted small">Markers can be placed only while you are live.</span> : null}
      </div>
      <p className="muted small" aria-live="polite" data-testid="markers-drop-result">
        {pending ? 'Placing the marker…' : lastResult ? lastResult.message : ''}
      </p>
      <ActionError action="markers.drop" what="Marker not created" />
    </div>
  );
}
