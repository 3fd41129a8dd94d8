/**
 * Unwrapping of `IpcResult`s. Kept apart from api.ts (which re-exports it) so that the store and
 * its tests can use it without resolving a bridge.
 */
import type { IpcError, IpcErrorCode, IpcResult } from '../../../shared/ipc/contract';

/** A failed IPC call: carries main's error as is, so the UI can act on the code. */
export class ApiCallError extends Error {
  readonly code: IpcErrorCode;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(readonly error: IpcError) {
    super(error.message);
    this.name = 'ApiCallError';
    this.code = error.code;
    this.status = error.status;
    this.retryAfterMs = error.retryAfterMs;
  }
}

/** Resolves to the call's value, or throws an `ApiCallError` with main's error. */
export async function call<T>(result: Promise<IpcResult<T>>): Promise<T> {
  const settled = await result;
  if (settled.ok) return settled.value;
  throw new ApiCallError(settled.error);
}

/**
 * One sentence for the user, whatever was thrown: the one place errors become words. Transport
 * words ("Failed to fetch", "Internal Server Error", "HTTP 502") never reach the broadcaster:
 * they are replaced by what happened and what to do, by the error's code.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiCallError) {
    const message = inBroadcasterWords(error.message, error.code);
    if (error.retryAfterMs !== undefined && error.retryAfterMs > 0) {
      return `${withStop(message)} Try again in ${Math.ceil(error.retryAfterMs / 1000)} s.`;
    }
    return message;
  }
  if (error instanceof Error && error.message.trim()) return inBroadcasterWords(error.message, isTransportMessage(error.message) ? 'unavailable' : 'internal');
  if (typeof error === 'string' && error.trim()) return inBroadcasterWords(error, 'internal');
  return 'Something went wrong.';
}

/** Phrases of HTTP, fetch and sockets: true of the transport, meaningless to a broadcaster. */
const transportPhrases =
  /failed to fetch|fetch failed|networkerror|load failed|network request failed|ECONN\w*|ETIMEDOUT|EPIPE|socket hang up|\bHTTP \d{3}\b|internal server error|bad request|bad gateway|service unavailable|gateway time-?out|unexpected answer to /i;

export function isTransportMessage(message: string): boolean {
  return transportPhrases.test(message);
}

/** The message as it is when it is in words; the code's words when it is empty or transport talk. */
export function inBroadcasterWords(message: string, code: IpcErrorCode): string {
  const text = message.trim();
  if (!text || isTransportMessage(text)) return fallbackMessages[code];
  return text;
}

export function isCancelled(error: unknown): boolean {
  return error instanceof ApiCallError && error.code === 'cancelled';
}

function withStop(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

// Used when main sends no message, or one in transport words; each says what to do.
const fallbackMessages: Record<IpcErrorCode, string> = {
  invalid_argument: 'Sidestage could not send that request. Check what you entered and try again.',
  untrusted_sender: 'Sidestage refused a request from this window. Reload the page and try again.',
  unknown_channel: 'This page is from another version of Sidestage. Reload the page.',
  not_signed_in: 'You are not signed in. Sign in on the Account panel.',
  sign_in_failed: 'Sign-in failed. Try again.',
  cancelled: 'Cancelled.',
  timeout: 'The platform took too long to answer. Try again in a moment.',
  api_error: 'The platform had a problem; try again in a moment.',
  network_error: 'The platform could not be reached. Check your internet connection and try again.',
  rate_limited: 'The platform is limiting requests right now. Try again in a moment.',
  unavailable: 'Sidestage’s background service is not answering: is the dock still running? Start it again, then reload this page.',
  internal: 'Something went wrong inside Sidestage. Try again; if it keeps failing, restart it.',
};
