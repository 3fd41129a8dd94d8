import { useEffect, useState } from 'react';
import { nextTick } from './countdown';

/**
 * The current time for countdowns to `untils` (ISO times): read afresh when the deadlines change,
 * and again at the very instant one of them shows another number, so that a countdown neither
 * starts a second high ("1:01" for a 60 s ad, read with a time a second old) nor lags behind.
 */
export function useCountdownClock(untils: readonly (string | null | undefined)[]): number {
  const key = untils.join('|');
  const [clock, setClock] = useState(() => ({ key, now: Date.now() }));
  if (clock.key !== key) {
    // Adjusting state while rendering (React's documented pattern for a prop change): React renders
    // again at once with the fresh time, before anything of this render is shown.
    setClock(() => ({ key, now: Date.now() }));
  }
  const now = clock.now;
  useEffect(() => {
    const next = nextTick(key ? key.split('|') : [], now);
    if (next === null) return;
    const timer = setTimeout(() => setClock({ key, now: Date.now() }), Math.max(0, next - Date.now()) + 1);
    return () => clearTimeout(timer);
  }, [key, now]);
  return now;
}
