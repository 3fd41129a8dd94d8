import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` while `active` (uptime, countdowns).
 * When it turns active it starts from the time of that render, not from the last tick: a
 * component mounted long before its countdown starts (the undo notice, a raid) would otherwise
 * show the countdown from the mount time ("Sent in 1101 s") until the first tick.
 */
export function useNow(intervalMs = 1000, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    // Adjusting state while rendering (React's documented pattern for a prop change): this render
    // already uses the fresh time.
    setWasActive(active);
    if (active) setNow(() => Date.now());
  }
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}
