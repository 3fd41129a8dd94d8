import { useNow } from '../../lib/use-now';
import { formatLiveState, formatViewers } from '../../lib/live-format';
import { useSidestage } from '../../store';

/** The status bar's item: live with uptime and viewers, or offline. */
export function StreamStatusItem() {
  const status = useSidestage((state) => (state.auth?.status === 'signedIn' ? state.streamStatus : null));
  const now = useNow(1000, Boolean(status?.live));
  if (!status) return null;
  return (
    <span className={`status-item stream-${status.live ? 'live' : 'offline'}`}>
      <span className="status-label">Stream:</span> <span data-testid="status-stream">{formatLiveState(status, now)}</span>
      {status.live ? <span className="muted"> · {formatViewers(status.viewerCount)}</span> : null}
    </span>
  );
}
