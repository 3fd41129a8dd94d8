import { STATUS_CODES } from 'node:http';
import { requestPath } from './request-path';

/**
 * An error answer of the platform. Thrown anywhere in a route; the app's error handler renders it
 * in the body shape of the host it was thrown on (see `errorBody`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string): ApiError => new ApiError(400, message);
export const unauthorized = (message: string): ApiError => new ApiError(401, message);
export const forbidden = (message: string): ApiError => new ApiError(403, message);
export const notFound = (message: string): ApiError => new ApiError(404, message);
export const conflict = (message: string): ApiError => new ApiError(409, message);

/** The platform's 401 when `broadcaster_id` names someone other than the token's user. */
export const BROADCASTER_MISMATCH = "The ID in broadcaster_id must match the user ID found in the request's OAuth token.";

export function requireTokenBroadcaster(broadcasterId: string, tokenUserId: string): void {
  if (broadcasterId !== tokenUserId) throw unauthorized(BROADCASTER_MISMATCH);
}

export const missingParameter = (name: string): ApiError => badRequest(`Missing required parameter "${name}"`);
export const invalidParameter = (name: string, why?: string): ApiError =>
  badRequest(why ? `Invalid parameter "${name}": ${why}` : `Invalid parameter "${name}"`);

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** The current API's (and simulation API's) error body. */
export interface PlatformErrorBody {
  error: string;
  status: number;
  message: string;
}

/** The identity service's error body. */
export interface IdentityErrorBody {
  status: number;
  message: string;
}

/** True for the identity service's paths, however the target spells them (`/%6Fauth2/token` is routed there too). */
export function isIdentityPath(url: string): boolean {
  return /^\/(oauth2|auth)(\/|$)/.test(requestPath(url));
}

/**
 * The longest message an error body carries. Messages quote what the client sent (field names,
 * values, paths), which has no bound of its own up to the 4 MiB body limit.
 */
export const MAX_ERROR_MESSAGE_LENGTH = 500;

/** `text` cut to `max` characters with an ellipsis, never splitting a surrogate pair. */
export function truncateEcho(text: string, max: number = MAX_ERROR_MESSAGE_LENGTH): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** Every error body of the emulator is built here, so the cap on echoed input holds everywhere. */
export function errorBody(url: string, status: number, message: string): PlatformErrorBody | IdentityErrorBody {
  const bounded = truncateEcho(message);
  return isIdentityPath(url) ? { status, message: bounded } : { error: reasonPhrase(status), status, message: bounded };
}
