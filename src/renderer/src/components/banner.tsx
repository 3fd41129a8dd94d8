import type { ReactNode } from 'react';

interface BannerProps {
  tone: 'info' | 'warning';
  title?: string;
  children: ReactNode;
  /** A note to read once: "Got it" puts it away. */
  onDismiss?(): void;
}

/** A standing notice (not announced on render; use ActionError or a status region for that). */
export function Banner({ tone, title, children, onDismiss }: BannerProps) {
  return (
    <div className={`banner banner-${tone}`} role="note">
      {title ? <strong className="banner-title">{title}</strong> : null}
      <div className="banner-body">
        {children}
        {onDismiss ? (
          <button type="button" className="quiet" onClick={onDismiss}>
            Got it
          </button>
        ) : null}
      </div>
    </div>
  );
}
