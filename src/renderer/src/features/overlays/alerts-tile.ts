/**
 * The alerts' tile in the Live view: what the alerts overlay shows now and how many wait, Pause or
 * Resume in one press (V), and a sheet with Skip, Replay and a Test per type (the Overlays panel's
 * own controls). One entry of the tile registry (`features/live/tile-registry.tsx`).
 */
import { selectAction } from '../../store/selectors';
import type { SidestageState } from '../../store/types';
import { formatLeft } from '../../components/tiles/countdown';
import type { LiveTile, TileState } from '../../components/tiles/tile-model';
import { AlertQueueControls, alertsPaused } from './alert-queue-controls';

/** "Showing: PixelPal just followed!", "3 waiting", "Paused: ad break 0:42"; pressing pauses or resumes them. */
export function alertsTileState(state: SidestageState, now: number): TileState {
  const queue = state.alertQueue;
  if (!queue) return { text: 'Reading…', tone: 'off', disabled: true, label: 'Pause alerts' };
  const adBreak = formatLeft(queue.adBreakEndsAt, now);
  const paused = alertsPaused(queue, now);
  const label = paused ? 'Resume alerts' : 'Pause alerts';
  const waiting = queue.waitingCount > 0 ? `${queue.waitingCount} waiting` : undefined;
  if (selectAction('overlays.queue')(state).pending) return { text: paused ? 'Resuming…' : 'Pausing…', detail: waiting, tone: 'active', disabled: true, label };
  if (adBreak) return { text: `Paused: ad break ${adBreak}`, detail: waiting, tone: 'warn', label, until: [queue.adBreakEndsAt] };
  if (queue.pausedByHand) return { text: 'Paused', detail: waiting, tone: 'warn', label };
  if (queue.showing) return { text: `Showing: ${queue.showing.text}`, detail: waiting, tone: 'active', label };
  // Alerts wait for a page to show them on (OBS closed, the source shut down while hidden).
  if (queue.pagesOpen === 0) return { text: 'No alerts overlay open', detail: waiting, tone: 'warn', label };
  return { text: waiting ?? 'Nothing waiting', label };
}

export const alertsTile: LiveTile = {
  id: 'alerts',
  label: 'Alerts',
  key: 'v',
  keyHelp: 'pause or resume the alerts',
  state: alertsTileState,
  run: (store) => {
    const state = store.getState();
    const queue = state.alertQueue;
    if (!queue) return;
    return alertsPaused(queue, Date.now()) ? state.resumeAlerts() : state.pauseAlerts();
  },
  Form: AlertQueueControls,
  formTitle: 'Alerts',
  errors: [{ action: 'overlays.queue', what: 'The alert queue did not do that' }],
  // Until the alerts overlay is in OBS, there is nothing to pause: chosen in Arrange.
  shownByDefault: false,
};
