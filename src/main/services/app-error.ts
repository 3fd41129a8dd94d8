import type { IpcError, IpcErrorCode } from '../../shared/ipc/contract';

/**
 * An error a service means to show the user: a code the renderer can act on and a message in words.
 * Anything else thrown by a service is reported as `internal` without its details.
 */
export class AppError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
    readonly details: { status?: number; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  toIpcError(): IpcError {
    return { code: this.code, message: this.message, ...this.details };
  }
}
