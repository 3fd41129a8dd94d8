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

/** One sentence for the user, whatever was thrown. */
export function describeError(error: unknown): string {
  if (error instanceof ApiCallError) {
    const message = error.message.trim() || fallbackMessages[error.code];
    if (error.retryAfterMs !== undefined && error.retryAfterMs > 0) {
      return `${withStop(message)} Try again in ${Math.ceil(error.retryAfterMs / 1000)} s.`;
    }
    return message;
  }
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return 'Something went wrong.';
}

export function isCancelled(error: unknown): boolean {
  return error instanceof ApiCallError && error.code === 'cancelled';
}

function withStop(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

// Only used when main sends an empty message, which it should not.
const fallbackMessages: Record<IpcErrorCode, string> = {
  invalid_argument: 'Sidestage rejected the request.',
  untrusted_sender: 'Sidestage rejected the request from this window.',
  unknown_channel: 'This version of Sidestage does not know that request.',
  not_signed_in: 'You are not signed in.',
  sign_in_failed: 'Sign-in failed.',
  cancelled: 'Cancelled.',
  timeout: 'The request timed out.',
  api_error: 'The platform answered with an error.',
  network_error: 'The platform could not be reached.',
  rate_limited: 'Too many requests.',
  unavailable: 'Sidestage is not reachable.',
  internal: 'Sidestage hit an internal error.',
};
