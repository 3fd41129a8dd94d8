import { AppError } from '../app-error';

/**
 * The platform answered with an error status. `message` is what the broadcaster reads: the
 * platform's own words when they say something (its body's `message`), otherwise words for the
 * status with what to do (`platformErrorWords`). The raw fields stay for code that acts on them.
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
    super('api_error', platformErrorWords(status, platformError, platformMessage), {
      status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
    this.name = 'ApiError';
  }
}

/** HTTP reason phrases: a body whose message is only one of these says nothing a person can act on. */
const reasonPhrases = new Set(
  [
    'bad request',
    'unauthorized',
    'forbidden',
    'not found',
    'method not allowed',
    'conflict',
    'gone',
    'unprocessable entity',
    'too many requests',
    'internal server error',
    'not implemented',
    'bad gateway',
    'service unavailable',
    'gateway timeout',
  ],
);

/**
 * The one mapping from a platform error to the broadcaster's words. A server-side failure (5xx)
 * never shows the platform's text: it is about the platform, not about what was asked, and is
 * often a bare "Internal Server Error".
 */
export function platformErrorWords(status: number, platformError: string | null, platformMessage: string | null): string {
  if (status >= 500) return 'The platform had a problem; try again in a moment.';
  const message = platformMessage?.trim() ?? '';
  const bare = message === '' || reasonPhrases.has(message.toLowerCase()) || message.toLowerCase() === platformError?.trim().toLowerCase();
  if (!bare) return message;
  switch (status) {
    case 400:
    case 422:
      return 'The platform did not accept this request. Check what you entered and try again.';
    case 401:
      return 'The platform no longer accepts your sign-in. Sign in again on the Account panel.';
    case 403:
      return 'The platform does not allow your account to do this.';
    case 404:
      return 'The platform could not find it: it may have been removed. Reload and try again.';
    case 409:
      return 'It changed on the platform meanwhile. Reload and try again.';
    case 429:
      return 'The platform is limiting requests right now. Try again in a moment.';
    default:
      return 'The platform refused the request. Try again in a moment.';
  }
}
