import { AppError } from '../app-error';

/**
 * The platform answered with an error status. `message` is the platform's own words
 * (its body's `message`), which is what the user sees.
 */
export class ApiError extends AppError {
  constructor(
    readonly status: number,
    /** The body's `error` (the HTTP reason phrase), when present. */
    readonly platformError: string | null,
    /** The body's `message`, when present. */
    readonly platformMessage: string | null,
    retryAfterMs?: number,
  ) {
    super('api_error', platformMessage ?? `The platform answered ${status}${platformError ? ` ${platformError}` : ''}.`, {
      status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
    this.name = 'ApiError';
  }
}
