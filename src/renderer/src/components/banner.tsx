import type { ReactNode } from 'react';

interface BannerProps {
  tone: 'info' | 'warning';
  title?: string;
  children: ReactNode;
}

/** A standing notice (not announced on render; use ActionError or a status region for that). */
export function Banner({ tone, title, children }: BannerProps) {
  return (
    <div className={`banner banner-${tone}`} role="note">
      {title ? <strong className="banner-title">{title}</strong> : null}
      <div className="banner-body">{children}</div>
    </div>
  );
}
