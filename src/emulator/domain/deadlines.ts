/**
 * The deadlines of polls, predictions, hype trains and the ad schedule: settled (with their EventSub
 * events) whenever the emulator clock is moved, once a second of real time, and by each of those
 * areas' own handlers before they answer, so an answer never shows a deadline that has passed.
 */
import type { FastifyInstance } from 'fastify';
import type { EmulatorState } from './emulator-state';
import { settleAds } from '../routes/helix/ads/ad-schedule';
import { settleHypeTrains } from '../routes/helix/hype-train/hype-train';
import { settlePolls } from '../routes/helix/polls/polls';
import { settlePredictions } from '../routes/helix/predictions/predictions';
import '../http/app-state';

const TICK_MS = 1000;

/** Every area's settle step, in the order their deadlines would fall due within one jump of the clock. */
const SETTLERS: readonly ((state: EmulatorState, now: number) => void)[] = [settlePolls, settlePredictions, settleAds, settleHypeTrains];

export function settleDeadlines(state: EmulatorState, now: number = state.clock.now()): void {
  for (const settle of SETTLERS) settle(state, now);
}

export function registerEngagementDeadlines(app: FastifyInstance): void {
  const state = app.emulatorState;
  const run = () => {
    try {
      settleDeadlines(state);
    } catch (error) {
      app.log.error(error, 'settling engagement deadlines failed');
    }
  };
  const stopListening = state.clock.onAdvance(run);
  const timer = setInterval(run, TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopListening();
  });
}
