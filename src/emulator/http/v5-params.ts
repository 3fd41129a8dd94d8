/** The list conventions and body reading shared by the v5 endpoints (spec part 2, "Legacy ..."). */
import { badRequest, invalidParameter } from '../domain/api-error';
import { pageFrom } from './offset-cursor';
import type { RequestParams } from './request-params';

export const V5_DEFAULT_LIMIT = 10;
export const V5_MAX_LIMIT = 100;

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

/** A JSON (or form) body as an object; absent: `{}`. Non-objects are a 400. */
export function v5Body(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
  return body as Record<string, unknown>;
}
