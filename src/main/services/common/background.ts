import type { Logger } from '../logger';

/**
 * Work nobody awaits (started by a timer, an event or a sign-in): its failure is logged as
 * "<what> failed" rather than left as an unhandled rejection, which would end the process.
 */
export function background(work: Promise<unknown>, logger: Logger, what: string): void {
  work.catch((error: unknown) => logger.error(`${what} failed`, { error }));
}
