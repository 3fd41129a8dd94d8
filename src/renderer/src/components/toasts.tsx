import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { store, useSidestage } from '../store';
import { useMediaQuery } from '../lib/use-media-query';
import { maxVisibleToasts, maxVisibleToastsNarrow, selectToastView } from '../store/notifications-slice';
import './toasts.css';

/**
 * Notifications shown inside the window (dock mode), with their buttons. They sit in a strip of
 * their own below the panel, so they take room from it rather than cover it; the newest few (one
 * in a narrow dock) are shown, the rest fold into "+N more". Info goes after a few seconds (not
 * while the pointer or focus is on them); errors stay until dismissed.
 */
export function Toasts() {
  // The view is worked out here: a selector answering a new array each time would never settle.
  const { toasts, expanded } = useSidestage(useShallow((state) => ({ toasts: state.toasts, expanded: state.toastsExpanded })));
  // The same width as the stylesheet's dock layout.
  const narrow = useMediaQuery('(max-width: 600px)');
  const { shown, hidden } = selectToastView({ toasts, toastsExpanded: expanded }, narrow ? maxVisibleToastsNarrow : maxVisibleToasts);
  const { actOnToast, dismissToast, dismissAllToasts, setToastsPaused, setToastsExpanded } = store.getState();
  const many = shown.length + hidden > 1;
  const region = useRef<HTMLElement>(null);
  // A toast removed with the focus in it (its own button) fires no blur: the time would stay stopped.
  useEffect(() => {
    const element = region.current;
    if (!element || !store.getState().toastsPaused) return;
    if (!element.contains(document.activeElement) && !element.matches(':hover')) setToastsPaused(false);
  }, [toasts, setToastsPaused]);
  return (
    <section
      ref={region}
      className="toasts"
      aria-label="Notifications"
      aria-live="polite"
      data-empty={shown.length === 0}
      onMouseEnter={() => setToastsPaused(true)}
      onMouseLeave={() => setToastsPaused(false)}
      onFocus={() => setToastsPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setToastsPaused(false);
      }}
    >
      {many ? (
        <div className="toast-summary button-row">
          {hidden > 0 ? (
            <button type="button" className="quiet" aria-expanded={false} onClick={() => setToastsExpanded(true)}>
              +{hidden} more
            </button>
          ) : expanded ? (
            <button type="button" className="quiet" aria-expanded={true} onClick={() => setToastsExpanded(false)}>
              Show fewer
            </button>
          ) : null}
          <button type="button" className="quiet" onClick={dismissAllToasts}>
            Dismiss all
          </button>
        </div>
      ) : null}
      {shown.map((t) => (
        <div key={t.id} className="toast" data-urgency={t.urgency} role="group" aria-label={t.title}>
          <div className="toast-text">
            <strong>{t.title}</strong>
            <p className="small">{t.body}</p>
          </div>
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
