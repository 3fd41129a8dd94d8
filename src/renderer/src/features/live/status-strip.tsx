import { useShallow } from 'zustand/react/shallow';
import { ActionError } from '../../components/action-error';
import { formatLiveState } from '../../lib/live-format';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { selectAction, selectChannelCategory, selectChannelTitle, selectMainConnected, selectShownViewers } from '../../store/selectors';
import { obsHealthWord } from './tile-states';

/**
 * The Live view's status in one line: live and for how long, viewers, OBS's stream in a word (while
 * OBS is set up); in a wide window the title and category too (the Stream info tile has them in a
 * dock); Check now reads the stream again.
 */
export function StatusStrip() {
  const status = useSidestage((state) => state.streamStatus);
  const connection = useSidestage((state) => state.connection);
  const connected = useSidestage(selectMainConnected);
  const viewers = useSidestage(selectShownViewers);
  const title = useSidestage(selectChannelTitle);
  const category = useSidestage(selectChannelCategory);
  const obs = useSidestage(useShallow(obsHealthWord));
  const refreshing = useSidestage((state) => selectAction('stream.refresh')(state).pending);
  const now = useNow(1000, Boolean(status?.live) && connected);
  const live = status?.live ?? false;
  return (
    <>
      <p className="status-strip" data-testid="status-strip" data-live={live}>
        <span className="status-strip-live" data-testid="live-state">
          {status ? formatLiveState(status, now, connection) : 'Checking whether you are live…'}
        </span>
        {viewers !== null ? (
          <span className="status-strip-item" data-testid="live-viewers">
            {viewers}
          </span>
        ) : null}
        {obs ? (
          <span className="status-strip-item" data-testid="status-strip-obs" data-tone={obs.tone} title={obs.detail}>
            OBS {obs.word}
          </span>
        ) : null}
        {status?.error ? (
          <span className="status-strip-item warning-text" title={status.error}>
            may be out of date
          </span>
        ) : null}
        <span className="status-strip-item status-strip-wide" data-testid="live-title" title={title || undefined}>
          {title || '—'}
        </span>
        <span className="status-strip-item status-strip-wide muted" data-testid="live-category" title={category || undefined}>
          {category || '—'}
        </span>
      </p>
      <button type="button" className="quiet live-check" disabled={refreshing} onClick={() => void store.getState().refreshStream()}>
        Check now
      </button>
    </>
  );
}

/** What went wrong reading the stream, under the status line. */
export function StatusErrors() {
  return (
    <>
      <ActionError action="stream.refresh" what="Could not check the stream" />
      <ActionError action="stream.load" what="Could not read the stream status" />
    </>
  );
}
