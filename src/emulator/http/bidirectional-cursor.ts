/**
 * Paging over an in-memory list with `first`, `after` and `before`. A cursor is opaque base64url
 * (the platform's look: base64 of a small JSON object) holding the offsets where the page it came
 * with begins and ends, so the same cursor pages forward (`after`) or backward (`before`).
 */
import { badRequest, invalidParameter } from '../domain/api-error';
import type { RequestParams } from './request-params';

export interface CursorPage<T> {
  items: T[];
  /** `{}` when there is no page further in the direction of travel. */
  pagination: { cursor?: string };
}

export interface CursorPageOptions {
  /** Default 20. */
  defaultFirst?: number;
  /** Default 100. */
  maxFirst?: number;
  /**
   * What `before` does: pages backward (`supported`, the default), is ignored (forward-only
   * lists), or is answered with the first page (Get Top Games' reported behavior).
   */
  before?: 'supported' | 'ignored' | 'first-page';
}

export function encodePageCursor(start: number, end: number): string {
  return Buffer.from(JSON.stringify({ b: { Offset: start }, a: { Offset: end } }), 'utf8').toString('base64url');
}

export function decodePageCursor(cursor: string): { start: number; end: number } | null {
  if (!/^[A-Za-z0-9_-]{1,300}$/.test(cursor)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { b?: { Offset?: unknown }; a?: { Offset?: unknown } } | null;
    const start = parsed?.b?.Offset;
    const end = parsed?.a?.Offset;
    if (!isOffset(start) || !isOffset(end) || end < start) return null;
    return { start, end };
  } catch {
    return null;
  }
}

function isOffset(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Reads `first` (1-100, default 20) only; for endpoints that page by other means. */
export function readFirst(query: RequestParams, options: CursorPageOptions = {}): number {
  return query.integer('first', { min: 1, max: options.maxFirst ?? 100, default: options.defaultFirst ?? 20 });
}

export function cursorPage<T>(items: readonly T[], query: RequestParams, options: CursorPageOptions = {}): CursorPage<T> {
  const first = readFirst(query, options);
  const beforeMode = options.before ?? 'supported';
  const after = nonEmpty(query.one('after'));
  const before = beforeMode === 'supported' ? nonEmpty(query.one('before')) : undefined;
  if (after !== undefined && before !== undefined) throw badRequest('The after and before parameters are mutually exclusive');

  let start = 0;
  let end: number;
  if (before !== undefined) {
    const cursor = decodeCursorParam('before', before);
    end = Math.min(cursor.start, items.length);
    start = Math.max(0, end - first);
  } else {
    if (after !== undefined) start = Math.min(decodeCursorParam('after', after).end, items.length);
    end = Math.min(items.length, start + first);
  }
  const page = items.slice(start, end);
  const more = before !== undefined ? start > 0 : end < items.length;
  return { items: page, pagination: more ? { cursor: encodePageCursor(start, end) } : {} };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function decodeCursorParam(name: string, value: string): { start: number; end: number } {
  const cursor = decodePageCursor(value);
  if (!cursor) throw invalidParameter(name, 'not a valid pagination cursor');
  return cursor;
}
