/**
 * The Live view's "Stop speech" tile and its key (Q, for quiet): what the alerts overlay is saying
 * now, and one press stops it (the alert itself stays its time). Its key works while the tile is
 * off the view. One entry of the tile registry (`features/live/tile-registry.tsx`).
 */
import { selectAction } from '../../store/selectors';
import type { SidestageState } from '../../store/types';
import type { LiveTile, TileState } from '../../components/tiles/tile-model';

export function speechTileState(state: SidestageState): TileState {
  const speech = state.speech;
  const label = 'Stop speech';
  if (!speech) return { text: 'Reading…', tone: 'off', disabled: true, label };
  if (speech.unavailable) return { text: 'No voice on this computer', tone: 'off', disabled: true, label };
  if (!speech.settings.enabled) return { text: 'Speech off', tone: 'off', disabled: true, label };
  if (selectAction('overlays.speech')(state).pending) return { text: 'Stopping…', tone: 'active', disabled: true, label };
  if (speech.saying) return { text: `Saying: ${speech.saying}`, tone: 'active', label };
  return { text: 'Nothing being said', disabled: true, label };
}

export const speechTile: LiveTile = {
  id: 'speech',
  label: 'Stop speech',
  key: 'q',
  keyHelp: 'stop the viewer’s words being spoken',
  state: speechTileState,
  run: (store) => store.getState().skipSpeech(),
  errors: [{ action: 'overlays.speech', what: 'The speech did not stop' }],
  shownByDefault: false,
};
