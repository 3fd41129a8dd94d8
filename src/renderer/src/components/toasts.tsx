import { store, useSidestage } from '../store';
import '../features/channel-points.css';

/** Notifications shown inside the window (dock mode), with their buttons. */
export function Toasts() {
  const toasts = useSidestage((s) => s.toasts);
  const { actOnToast, dismissToast } = store.getState();
  return (
    <section className="toasts" aria-label="Notifications" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className="toast" role="group" aria-label={t.title}>
          <strong>{t.title}</strong>
          <p className="small">{t.body}</p>
          <div className="button-row">
            {t.actions.map((a) => (
              <button key={a.id} type="button" className={a.id === 'fulfill' ? 'primary' : undefined} onClick={() => void actOnToast(t.id, a.id)}>
                {a.label}
              </button>
            ))}
            <button type="button" onClick={() => void actOnToast(t.id)}>
              Show
            </button>
            <button type="button" className="quiet" onClick={() => dismissToast(t.id)}>
              Dismiss
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
