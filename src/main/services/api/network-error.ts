import { AppError } from '../app-error';

const reasons: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved',
  ETIMEDOUT: 'the connection timed out',
  ENETUNREACH: 'the network is unreachable',
  EHOSTUNREACH: 'the host is unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  UND_ERR_BODY_TIMEOUT: 'the answer stopped arriving',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
  UND_ERR_CLOSED: 'the connection closed unexpectedly',
  UND_ERR_ABORTED: 'the request was aborted',
};

/** True for errors that mean "no usable answer came back" (as opposed to a bug in our code). */
export function isNetworkError(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof AppError) return false;
  if (err.name === 'AbortError' || err.name === 'TimeoutError') return true;
  const code = errorCode(err);
  // Errno-style codes (ECONNABORTED, EPIPE...) are socket failures; ERR_* codes are bugs and are not.
  return code !== null && (code in reasons || code.startsWith('UND_ERR_') || /^E[A-Z]+$/.test(code));
}

/** The reason in words, for "Could not reach the platform: <reason>". */
export function describeNetworkError(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError') return 'no answer in time';
    const code = errorCode(err);
    if (code && reasons[code]) return reasons[code];
    if (err.message) return err.message;
  }
  return 'the network failed';
}

/**
 * Failures that happen before a single byte of the request can have left: no connection was ever
 * made (refused, the name did not resolve, the connect timed out). Anything later (a reset, a
 * timeout waiting for the answer) may come after the platform received and acted on the request.
 */
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * The `network_error` AppError that `networkAppError` makes: the same code, message and details
 * (so it crosses IPC exactly as before), plus what the low-level failure says about the request.
 */
export class NetworkAppError extends AppError {
  constructor(
    message: string,
    /** The low-level error code (`ECONNREFUSED`, `UND_ERR_HEADERS_TIMEOUT`...), null when there was none (an abort, a timeout). */
    readonly networkCode: string | null,
    /** False when the request certainly did not reach the platform; null when it may have. */
    readonly reached: false | null,
  ) {
    super('network_error', message);
  }
}

export function networkAppError(err: unknown): NetworkAppError {
  const code = err instanceof Error ? errorCode(err) : null;
  return new NetworkAppError(`Could not reach the platform: ${describeNetworkError(err)}. Check your internet connection.`, code, code !== null && notSentCodes.has(code) ? false : null);
}

/** True when the error says the request never left (safe to send again even when not idempotent). */
export function certainlyNotSent(err: unknown): boolean {
  return err instanceof NetworkAppError && err.reached === false;
}

function errorCode(err: Error): string | null {
  const own = (err as { code?: unknown }).code;
  if (typeof own === 'string') return own;
  // Node's dual-stack connect wraps each attempt's error in an AggregateError; undici may wrap in `cause`.
  if (err instanceof AggregateError) {
    for (const inner of err.errors) if (inner instanceof Error && errorCode(inner)) return errorCode(inner);
  }
  if (err.cause instanceof Error) return errorCode(err.cause);
  return null;
}
