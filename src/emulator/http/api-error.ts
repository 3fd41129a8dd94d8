import { STATUS_CODES } from 'node:http';

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

export function isIdentityPath(url: string): boolean {
  return /^\/(oauth2|auth)(\/|\?|$)/.test(url);
}

export function errorBody(url: string, status: number, message: string): PlatformErrorBody | IdentityErrorBody {
  return isIdentityPath(url) ? { status, message } : { error: reasonPhrase(status), status, message };
}
