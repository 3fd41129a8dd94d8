import type { ReactNode } from 'react';

/**
 * A polite live region. It is always rendered, even empty, because screen readers only announce
 * changes to a region that already existed.
 */
export function LiveStatus({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <p className={className ? `live-status ${className}` : 'live-status'} role="status" aria-live="polite">
      {children}
    </p>
  );
}
