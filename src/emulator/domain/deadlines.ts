/**
 * The deadlines on the emulator clock: raid countdowns, poll ends, prediction locks, automatic ad
 * breaks and hype train expiry. They are settled (with their events) whenever the clock is moved,
 * once a second of real time (`startDeadlineTicker`), and by each area's own rules before they
 * answer, so an answer never shows a deadline that has passed.
 */
import { settleAds } from './ads';
import type { EmulatorState } from './emulator-state';
import { settleHypeTrains } from './hype-trains';
import { settlePolls } from './polls';
import { settlePredictions } from './predictions';
import { settleDueRaids } from './raids';

const TICK_MS = 1000;

/** Every area's settle step, in the order their deadlines would fall due within one jump of the clock. */
const SETTLERS: readonly ((state: EmulatorState, now: number) => void)[] = [settleDueRaids, settlePolls, settlePredictions, settleAds, settleHypeTrains];

export function settleDeadlines(state: EmulatorState, now: number = state.clock.now()): void {
  for (const settle of SETTLERS) settle(state, now);
}

/** Settles the deadlines on every move of the clock and once a second; returns the stop. `onError` hears a settle that threw. */
export function startDeadlineTicker(state: EmulatorState, onError: (error: unknown) => void): () => void {
  const run = () => {
    try {
      settleDeadlines(state);
    } catch (error) {
      onError(error);
    }
  };
  const stopListening = state.clock.onAdvance(run);
  const timer = setInterval(run, TICK_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    stopListening();
  };
}
