/** How the queue words and classifies a failed call, shared by its reconciliation and its outbox. */
import { ApiError } from '../api/api-error';
import { AppError } from '../app-error';

/** A 401 that names a missing scope (`Missing scope: ...`): the same test as the API client's, which does not refresh for it. */
export function isMissingScope(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401 && /scope/i.test(err.platformMessage ?? '');
}

/** A sign-in problem: solved by signing in again, which reconciles and sends the outbox anyway. */
export function waitsForSignIn(err: unknown): boolean {
  return (err instanceof AppError && err.code === 'not_signed_in') || (err instanceof ApiError && err.status === 401);
}

export function isRetryable(err: unknown): boolean {
  if (err instanceof ApiError) return err.status >= 500 || err.status === 429 || err.status === 401 || err.status === 408;
  if (err instanceof AppError) return ['network_error', 'rate_limited', 'not_signed_in', 'timeout', 'unavailable'].includes(err.code);
  // Not an answer from the platform: keep the action rather than lose it.
  return true;
}

export function waitingReason(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return 'Waiting for you to sign in again.';
    if (err.status === 429) return 'The platform is limiting requests; retrying shortly.';
    return `The platform is having trouble (${err.status}); retrying shortly.`;
  }
  if (err instanceof AppError) {
    if (err.code === 'not_signed_in') return 'Waiting for you to sign in again.';
    if (err.code === 'rate_limited') return 'The platform is limiting requests; retrying shortly.';
    return `${err.message} Retrying shortly.`;
  }
  return 'Could not send; retrying shortly.';
}

/** The platform's own wait (`Ratelimit-Reset`, passed on by the API client), if it gave one. */
export function retryAfterMs(err: unknown): number | null {
  return err instanceof AppError && typeof err.details.retryAfterMs === 'number' ? err.details.retryAfterMs : null;
}

export function describeError(err: unknown): string {
  if (err instanceof AppError) return err.message;
  return 'something went wrong inside Sidestage';
}

export function describeFileError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EACCES' || code === 'EPERM') return 'Sidestage may not write to its data folder';
  if (code === 'EROFS') return 'the disk is read-only';
  if (err instanceof Error && err.message) return err.message;
  return 'the file could not be written';
}
