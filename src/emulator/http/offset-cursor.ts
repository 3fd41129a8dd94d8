/**
 * Forward-only paging over an in-memory list by offset: the page at an offset, and the opaque
 * cursor (base64url of `{"o":<offset>}`) that the extension and analytics lists hand out for the next one.
 */
import { invalidParameter } from '../domain/api-error';

/** `size` items from `offset`, and the offset of the page after them (undefined at the end of the list). */
export function pageFrom<T>(items: readonly T[], offset: number, size: number): { page: T[]; next: number | undefined } {
  const page = items.slice(offset, offset + size);
  const next = offset + page.length;
  return { page, next: next < items.length ? next : undefined };
}

export function encodeOffsetCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

/** The offset in the cursor parameter `name`; 0 without one, the platform's 400 for one it did not hand out. */
export function decodeOffsetCursor(raw: string | undefined, name: string): number {
  if (raw === undefined || raw === '') return 0;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    const offset = (parsed as { o?: unknown } | null)?.o;
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // falls through to the 400
  }
  throw invalidParameter(name, 'is not a valid cursor');
}
