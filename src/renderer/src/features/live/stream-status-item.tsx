import { useNow } from '../../lib/use-now';
import { formatLiveState } from '../../lib/live-format';
import { useSidestage } from '../../store';
import { selectMainConnected, selectShownStreamStatus, selectShownViewers } from '../../store/selectors';
import './stream-status-item.css';

/** The status bar's item: live with uptime and viewers, or offline. */
export function StreamStatusItem() {
  const status = useSidestage(selectShownStreamStatus);
  const connection = useSidestage((state) => state.connection);
  const connected = useSidestage(selectMainConnected);
  const viewers = useSidestage(selectShownViewers);
  // The uptime stops while disconnected: what main last said may no longer be true.
  const now = useNow(1000, Boolean(status?.live) && connected);
  if (!status) return null;
  return (
    <span className={`status-item stream-${status.live ? 'live' : 'offline'}`}>
      <span className="status-label">Stream:</span> <span data-testid="status-stream">{formatLiveState(status, now, connection)}</span>
      {viewers !== null ? <span className="muted"> · {viewers}</span> : null}
    </span>
  );
}
