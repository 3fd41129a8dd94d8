/** Shapes and list conventions shared by the v5 endpoints (spec part 2, "Legacy ..."). */
import { badRequest, invalidParameter } from '../../http/api-error';
import { pageFrom } from '../../http/offset-cursor';
import type { RequestParams } from '../../http/request-params';
import type { User } from '../../domain/users';

export const V5_DEFAULT_LIMIT = 10;
export const V5_MAX_LIMIT = 100;

/** v5 timestamps carry fractions of a second. */
export const v5Time = (ms: number): string => new Date(ms).toISOString();

export interface V5User {
  _id: string;
  bio: string;
  created_at: string;
  display_name: string;
  logo: string;
  name: string;
  type: string;
  updated_at: string;
}

export function v5User(user: User): V5User {
  return {
    _id: user.id,
    bio: user.description,
    created_at: v5Time(user.createdAt),
    display_name: user.displayName,
    logo: user.profileImageUrl,
    name: user.login,
    type: user.type === '' ? 'user' : user.type,
    updated_at: v5Time(user.createdAt),
  };
}

export function v5Limit(query: RequestParams): number {
  return query.integer('limit', { min: 1, max: V5_MAX_LIMIT, default: V5_DEFAULT_LIMIT });
}

/** v5 cursors are the base64 of the next offset (e.g. `MTA=` for 10); empty when there is no more. */
export function encodeV5Cursor(offset: number): string {
  return Buffer.from(String(offset)).toString('base64');
}

export function decodeV5Cursor(raw: string | undefined, name = 'cursor'): number {
  if (raw === undefined || raw === '') return 0;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(raw)) throw invalidParameter(name, 'is not a valid cursor');
  const text = Buffer.from(raw, 'base64').toString('utf8');
  if (!/^\d{1,9}$/.test(text)) throw invalidParameter(name, 'is not a valid cursor');
  return Number(text);
}

/** One page of `items` from the cursor, with the next cursor ('' at the end). */
export function v5Page<T>(items: readonly T[], query: RequestParams): { page: T[]; cursor: string } {
  const limit = v5Limit(query);
  const { page, next } = pageFrom(items, decodeV5Cursor(query.one('cursor')), limit);
  return { page, cursor: next === undefined ? '' : encodeV5Cursor(next) };
}

/** Length in characters (code points), as the platform counts text limits. */
export function characterCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff && i > 0) {
      const previous = text.charCodeAt(i - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) count--;
    }
  }
  return count;
}

/** A JSON (or form) body as an object; absent: `{}`. Non-objects are a 400. */
export function v5Body(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
  return body as Record<string, unknown>;
}
