import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { formatAge } from '../../store/queue-model';
import { describeHeldReason } from './moderation-format';
import './moderation.css';

/**
 * AutoMod's queue beside chat: what it held, oldest first, with why (its category and level, or
 * the blocked term) and Allow / Deny; the Live view's keys decide the oldest (`allowKey`, `denyKey`).
 */
export function HeldMessages({ allowKey, denyKey }: { allowKey: string; denyKey: string }) {
  const held = useSidestage((s) => s.heldMessages);
  const notice = useSidestage((s) => s.heldNotice);
  const messages = held?.messages ?? [];
  const now = useNow(5000, messages.length > 0);
  const first = messages.find((m) => m.pending === null);
  return (
    <section className="held-messages" aria-labelledby="held-messages-heading">
      <h3 id="held-messages-heading">
        Held by AutoMod{messages.length ? <span data-testid="held-count"> ({messages.length})</span> : null}
      </h3>
      {messages.length === 0 ? (
        <p className="muted small" data-testid="held-empty">
          Nothing held. Messages AutoMod holds wait here for you to allow or deny.
        </p>
      ) : (
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
                    <button type="button" className="primary" aria-keyshortcuts={isFirst ? allowKey : undefined} disabled={m.pending !== null} onClick={() => void store.getState().resolveHeldMessage(m.id, 'allow')}>
                      Allow
                    </button>
                    <button type="button" className="danger" aria-keyshortcuts={isFirst ? denyKey : undefined} disabled={m.pending !== null} onClick={() => void store.getState().resolveHeldMessage(m.id, 'deny')}>
                      Deny
                    </button>
                    {m.pending ? <span className="muted small">{m.pending === 'allow' ? 'Allowing…' : 'Denying…'}</span> : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {held?.dropped ? <p className="muted small">{held.dropped} older held messages are not listed; the platform lets them expire.</p> : null}
      {messages.length ? (
        <p className="muted small">
          <kbd>{allowKey}</kbd> allows the oldest, <kbd>{denyKey}</kbd> denies it.
        </p>
      ) : null}
      <LiveStatus>{notice ?? ''}</LiveStatus>
      <ActionError action="heldMessages.resolve" what="Held message" />
    </section>
  );
}
