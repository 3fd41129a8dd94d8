import type { Clock } from '../../../shared/primitives/clock';
import { AppError } from '../app-error';

/**
 * `work`'s answer, or a `timeout` AppError with `message` once `ms` have passed: the one bounded
 * wait, for work that may never answer (a request to OBS whose socket closed, an action's call).
 * The timer goes as soon as the work settles.
 */
export function withTimeout<T>(work: Promise<T>, clock: Clock, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(() => reject(new AppError('timeout', message)), ms);
    work.then(
      (value) => {
        clock.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clock.clearTimeout(timer);
        reject(error);
      },
    );
  });
}
