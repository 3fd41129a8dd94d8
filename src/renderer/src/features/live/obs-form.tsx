import { store, useSidestage } from '../../store/index';
import { ObsStreaming } from '../obs/obs-streaming';
import type { TileFormProps } from '../../components/tiles/tile-model';

/** The OBS tile's sheet: Start / Stop streaming and the health figures, or where to connect OBS. */
export function ObsForm({ close }: TileFormProps) {
  const enabled = useSidestage((state) => state.obs?.enabled ?? false);
  if (enabled) return <ObsStreaming />;
  return (
    <div className="tile-form">
      <p>Sidestage is not connected to OBS. Connect it to start and stop your stream from here and to see its health while live.</p>
      <div className="button-row">
        <button
          type="button"
          className="primary"
          data-autofocus
          onClick={() => {
            close();
            store.getState().setActivePanel('obs');
          }}
        >
          Set up OBS
        </button>
      </div>
    </div>
  );
}
