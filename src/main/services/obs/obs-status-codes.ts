/**
 * obs-websocket 5's request status codes (its `RequestStatus`) that Sidestage tells apart; the
 * library does not export them. `ObsService.call` keeps OBS's code of a refused request in the
 * `AppError`'s `details.status`.
 */
import { AppError } from '../app-error';

export const obsRequestStatus = {
  outputRunning: 500,
  outputNotRunning: 501,
  resourceNotFound: 600,
  invalidResourceState: 604,
  invalidInputKind: 605,
} as const;

/** The code OBS refused a request with, or undefined when OBS did not refuse it. */
export const obsStatusOf = (error: unknown): number | undefined => (error instanceof AppError ? error.details.status : undefined);
