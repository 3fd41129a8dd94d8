import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import type { TileFormProps } from '../../components/tiles/tile-model';
import { formatShieldOn } from './moderation-format';
import './moderation.css';

/** The Shield Mode tile's sheet: how long and by whom while on, and on or off. */
export function ShieldModeForm({ keyShortcut }: TileFormProps) {
  const shield = useSidestage((s) => s.shieldMode);
  const pending = useSidestage((s) => selectAction('shieldMode.set')(s).pending);
  const now = useNow(1000, Boolean(shield?.active));
  const active = shield?.active ?? false;
  return (
    <div className="stack">
      <p data-testid="shield-mode-state">
        {formatShieldOn(shield, now) ??
          (shield?.known ? 'Off. Turn it on when a raid turns hateful: the Shield Mode rules you set on the platform apply at once.' : (shield?.error ?? 'Reading Shield Mode…'))}
      </p>
      <div className="button-row">
        <button
          type="button"
          className={active ? 'danger' : 'primary'}
          data-autofocus
          aria-keyshortcuts={keyShortcut}
          disabled={pending || !shield?.known}
          onClick={() => void store.getState().toggleShieldMode()}
        >
          {active ? 'Turn off Shield Mode' : 'Turn on Shield Mode'}
        </button>
      </div>
      <LiveStatus>{pending ? (active ? 'Turning Shield Mode off…' : 'Turning Shield Mode on…') : ''}</LiveStatus>
      <ActionError action="shieldMode.set" what="Shield Mode not changed" />
    </div>
  );
}

/** The header's reminder while Shield Mode is on, whatever panel is shown: how long, by whom. */
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
