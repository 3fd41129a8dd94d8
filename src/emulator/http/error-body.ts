/** The body of every error answer, in the shape of the host it was thrown on. */
import { STATUS_CODES } from 'node:http';
import { requestPath } from './request-path';
import type { PlatformErrorBody } from './views/wire/common';

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
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
