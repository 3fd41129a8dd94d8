/**
 * Countdowns as a clock shows them, right to the second: "0:42" while 42 seconds or a little less
 * remain, "0:01" in the last second, nothing once the time has come. The time of the last render
 * can be a little old, so a countdown is never shown above its whole length: a 60 s ad starts at
 * "1:00", not "1:01".
 */
import { formatPosition } from '../../../../shared/domain/marker-position';

/** Whole seconds left until `untilIso` (rounded up), at most `totalSeconds`; null once it has passed. */
export function secondsLeft(untilIso: string | null | undefined, nowMs: number, totalSeconds?: number): number | null {
  if (!untilIso) return null;
  const left = Date.parse(untilIso) - nowMs;
  if (!Number.isFinite(left) || left <= 0) return null;
  const seconds = Math.ceil(left / 1000);
  return totalSeconds !== undefined && totalSeconds >= 0 ? Math.min(seconds, Math.ceil(totalSeconds)) : seconds;
}

/** "4:12" (or "1:02:03") until `untilIso`, at most `totalSeconds`; null once it has passed. */
export function formatLeft(untilIso: string | null | undefined, nowMs: number, totalSeconds?: number): string | null {
  const seconds = secondsLeft(untilIso, nowMs, totalSeconds);
  return seconds === null ? null : formatPosition(seconds);
}

/** Seconds between two ISO times (a break's length), or undefined when either is missing. */
export function secondsBetween(fromIso: string | null | undefined, toIso: string | null | undefined): number | undefined {
  if (!fromIso || !toIso) return undefined;
  const seconds = (Date.parse(toIso) - Date.parse(fromIso)) / 1000;
  return Number.isFinite(seconds) ? seconds : undefined;
}

/**
 * The next instant (epoch ms) at which one of these countdowns shows another number, or null when
 * none is running: a countdown to D reads ceil((D - t) / 1000) seconds, so it changes at D minus a
 * whole number of seconds.
 */
export function nextTick(untils: readonly (string | null | undefined)[], nowMs: number): number | null {
  let next: number | null = null;
  for (const until of untils) {
    if (!until) continue;
    const at = Date.parse(until);
    const left = at - nowMs;
    if (!Number.isFinite(left) || left <= 0) continue;
    const change = at - (Math.ceil(left / 1000) - 1) * 1000;
    if (next === null || change < next) next = change;
  }
  return next;
}
