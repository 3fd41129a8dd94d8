import { useState } from 'react';
import { Sheet } from '../../components/sheet';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { describeSuggestion, formatShieldOn } from './moderation-format';
import { UnbanRequests } from './unban-requests';
import './moderation.css';

/**
 * Moderation at the top of the Live view, only while there is something to say: the raid-flood
 * suggestion ("Turn on Shield Mode?", which only asks), Shield Mode while on (how long, by whom,
 * Turn off), and unban requests waiting (Review opens them). The dock's tiles are full: Shield
 * Mode's and the unban requests' tiles are there for the broadcaster who chooses them (Arrange),
 * and Shield Mode's key works either way.
 */
export function ModerationStatus({ shieldKey }: { shieldKey: string }) {
  return (
    <>
      <ShieldModeStatus shieldKey={shieldKey} />
      <UnbanRequestsWaiting />
    </>
  );
}

function ShieldModeStatus({ shieldKey }: { shieldKey: string }) {
  const shield = useSidestage((s) => s.shieldMode);
  const pending = useSidestage((s) => selectAction('shieldMode.set')(s).pending);
  const now = useNow(1000, Boolean(shield?.active));
  const on = formatShieldOn(shield, now);
  if (on) {
    return (
      <div className="moderation-status shield-on" data-testid="shield-mode-on">
        <span role="status">{on}</span>
        <button type="button" className="quiet" aria-keyshortcuts={shieldKey || undefined} disabled={pending} onClick={() => void store.getState().setShieldMode(false)}>
          Turn off
        </button>
      </div>
    );
  }
  const suggestion = shield?.suggestion ?? null;
  if (!suggestion) return null;
  return (
    <div className="banner banner-warning shield-suggestion" role="alert" data-testid="shield-suggestion">
      <p>
        {describeSuggestion(suggestion)} <strong>Turn on Shield Mode?</strong>
      </p>
      <div className="button-row">
        <button type="button" className="primary" aria-keyshortcuts={shieldKey || undefined} disabled={pending} onClick={() => void store.getState().setShieldMode(true)}>
          Turn on Shield Mode
        </button>
        <button type="button" className="quiet" onClick={() => void store.getState().dismissShieldSuggestion()}>
          Not now
        </button>
      </div>
    </div>
  );
}

function UnbanRequestsWaiting() {
  const waiting = useSidestage((s) => s.unbanRequests?.requests.filter((r) => r.status === 'pending').length ?? 0);
  const [open, setOpen] = useState(false);
  return (
    <>
      {waiting ? (
        <div className="moderation-status" data-testid="unban-waiting">
          <span>{waiting === 1 ? '1 unban request waiting' : `${waiting} unban requests waiting`}</span>
          <button type="button" className="quiet" aria-haspopup="dialog" onClick={() => setOpen(true)}>
            Review
          </button>
        </div>
      ) : null}
      <Sheet open={open} title="Unban requests" onClose={() => setOpen(false)}>
        <UnbanRequests />
      </Sheet>
    </>
  );
}
