import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { describeSuggestion, formatShieldOn } from './moderation-format';
import './moderation.css';

/**
 * Shield Mode in the Live view: on or off with its key (H) or the button, how long and by whom
 * while on, and the raid-flood suggestion, which only asks: Shield Mode goes on when the
 * broadcaster says so.
 */
export function ShieldModeControl({ shortcut }: { shortcut: string }) {
  const shield = useSidestage((s) => s.shieldMode);
  const pending = useSidestage((s) => selectAction('shieldMode.set')(s).pending);
  const now = useNow(1000, Boolean(shield?.active));
  const active = shield?.active ?? false;
  const on = formatShieldOn(shield, now);
  const suggestion = !active ? (shield?.suggestion ?? null) : null;
  return (
    <section className={`shield-mode${active ? ' shield-mode-active' : ''}`} aria-labelledby="shield-mode-heading">
      <h3 id="shield-mode-heading">Shield Mode</h3>
      {suggestion ? (
        <div className="banner banner-warning shield-suggestion" role="alert" data-testid="shield-suggestion">
          <p>
            {describeSuggestion(suggestion)} <strong>Turn on Shield Mode?</strong>
          </p>
          <div className="button-row">
            <button type="button" className="primary" aria-keyshortcuts={shortcut} disabled={pending} onClick={() => void store.getState().setShieldMode(true)}>
              Turn on Shield Mode
            </button>
            <button type="button" className="quiet" onClick={() => void store.getState().dismissShieldSuggestion()}>
              Not now
            </button>
          </div>
        </div>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className={active ? 'danger' : undefined}
          aria-pressed={active}
          aria-keyshortcuts={suggestion ? undefined : shortcut}
          disabled={pending || !shield?.known}
          onClick={() => void store.getState().toggleShieldMode()}
        >
          {active ? 'Turn off Shield Mode' : 'Turn on Shield Mode'}
        </button>
        <span className="muted small" data-testid="shield-mode-state">
          {on ?? (shield?.known ? 'Off. Turn it on when a raid turns hateful: your Shield Mode rules apply at once.' : (shield?.error ?? 'Reading Shield Mode…'))}
        </span>
      </div>
      <LiveStatus>{pending ? (active ? 'Turning Shield Mode off…' : 'Turning Shield Mode on…') : ''}</LiveStatus>
      <ActionError action="shieldMode.set" what="Shield Mode not changed" />
    </section>
  );
}

/** The header's reminder while Shield Mode is on, whatever panel is shown. */
export function ShieldModeBadge() {
  const shield = useSidestage((s) => s.shieldMode);
  const now = useNow(1000, Boolean(shield?.active));
  const on = formatShieldOn(shield, now);
  return (
    <span className="shield-mode-badge" role="status" data-testid="shield-mode-badge">
      {on}
    </span>
  );
}
