import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { useNow } from '../../lib/use-now';
import { store as appStore, useSidestage } from '../../store';
import type { SidestageStore } from '../../store/create-store';
import { selectFirstHeld } from '../../store/held-messages-slice';
import { formatAge } from '../../store/queue-model';
import { selectAction } from '../../store/selectors';
import { ariaKeyFor } from '../live/quick-action-keys';
import { describeHeldReason } from './moderation-format';
import './moderation.css';

/** Y and N: the oldest held message not already being decided. */
export function resolveFirstHeld(target: SidestageStore, action: 'allow' | 'deny'): Promise<void> {
  const first = selectFirstHeld(target.getState());
  return first ? target.getState().resolveHeldMessage(first.id, action) : Promise.resolve();
}

/**
 * AutoMod's queue beside chat, shown while it holds something: what it held, oldest first, with
 * why (its category and level, or the blocked term) and Allow / Deny; Y and N decide the oldest.
 */
export function HeldMessages() {
  const held = useSidestage((s) => s.heldMessages);
  const notice = useSidestage((s) => s.heldNotice);
  const failed = useSidestage((s) => selectAction('heldMessages.resolve')(s).error);
  const messages = held?.messages ?? [];
  const now = useNow(5000, messages.length > 0);
  const first = useSidestage(selectFirstHeld);
  const allowKey = ariaKeyFor('allowHeld');
  const denyKey = ariaKeyFor('denyHeld');
  if (messages.length === 0 && !failed) return <LiveStatus className="visually-hidden">{notice ?? ''}</LiveStatus>;
  return (
    <section className="held-messages" aria-labelledby="held-messages-heading">
      <h3 id="held-messages-heading">
        Held by AutoMod <span data-testid="held-count">({messages.length})</span>
      </h3>
      <div className="held-messages-scroll">
        <ul className="moderation-list" aria-label="Held messages, oldest first">
          {messages.map((m) => {
            const isFirst = m === first;
            return (
              <li key={m.id} className="moderation-item" data-held-id={m.id} data-pending={m.pending !== null}>
                <p>
                  <strong>{m.user.name}</strong> <span className="muted small">· {formatAge(m.heldAt, now)}</span>
                </p>
                <p className="held-text">{m.text}</p>
                <p className="small warning-text">{describeHeldReason(m)}</p>
                <div className="button-row">
                  <button type="button" className="primary" aria-keyshortcuts={isFirst ? allowKey : undefined} disabled={m.pending !== null} onClick={() => void appStore.getState().resolveHeldMessage(m.id, 'allow')}>
                    Allow
                  </button>
                  <button type="button" className="danger" aria-keyshortcuts={isFirst ? denyKey : undefined} disabled={m.pending !== null} onClick={() => void appStore.getState().resolveHeldMessage(m.id, 'deny')}>
                    Deny
                  </button>
                  {m.pending ? <span className="muted small">{m.pending === 'allow' ? 'Allowing…' : 'Denying…'}</span> : null}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      {held?.dropped ? <p className="muted small">{held.dropped} older held messages are not listed; the platform lets them expire.</p> : null}
      {messages.length ? (
        <p className="muted small">
          <kbd>{allowKey}</kbd> allows the oldest, <kbd>{denyKey}</kbd> denies it.
        </p>
      ) : null}
      <LiveStatus className="visually-hidden">{notice ?? ''}</LiveStatus>
      <ActionError action="heldMessages.resolve" what="Held message" />
    </section>
  );
}
