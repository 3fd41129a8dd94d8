/** Errors every channel can answer. */
import { z } from 'zod';

export const ipcErrorCodes = [
  'invalid_argument',
  'untrusted_sender',
  'unknown_channel',
  'not_signed_in',
  'sign_in_failed',
  'cancelled',
  'timeout',
  'api_error',
  'network_error',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export const ipcErrorSchema = z.object({
  code: z.enum(ipcErrorCodes),
  message: z.string(),
  /** HTTP status of the platform's answer, for `api_error`. */
  status: z.number().int().optional(),
  /** How long to wait before retrying, for `rate_limited` and some `api_error`s. */
  retryAfterMs: z.number().int().nonnegative().optional(),
});
export type IpcError = z.infer<typeof ipcErrorSchema>;
export type IpcErrorCode = IpcError['code'];

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };
