import { useId, useState } from 'react';
import { ActionError } from '../../components/action-error';
import { store, useSidestage } from '../../store/index';
import { selectAction } from '../../store/selectors';
import type { TileFormProps } from '../../components/tiles/tile-model';

/** The marker tile's sheet: a marker with a description (M and the tile itself drop one without). */
export function MarkerForm({ close }: TileFormProps) {
  const live = useSidestage((state) => state.streamStatus?.live ?? false);
  const pending = useSidestage((state) => selectAction('markers.drop')(state).pending);
  const [note, setNote] = useState('');
  const id = useId();
  return (
    <form
      className="tile-form"
      aria-label="Marker with a description"
      onSubmit={(event) => {
        event.preventDefault();
        void store.getState().dropMarker(note.trim() || undefined);
        setNote('');
        close();
      }}
    >
      <label htmlFor={id}>Description (optional)</label>
      <div className="tile-form-row">
        <input id={id} data-autofocus type="text" maxLength={140} value={note} onChange={(event) => setNote(event.target.value)} />
        <button type="submit" className="primary" disabled={pending}>
          Place marker
        </button>
      </div>
      {!live ? <p className="muted small">Markers can be placed only while you are live.</p> : null}
      <ActionError action="markers.drop" what="Marker not created" />
    </form>
  );
}
