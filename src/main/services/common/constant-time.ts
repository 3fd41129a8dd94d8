/**
 * The one comparison of a presented secret (the dock secret, an overlay token, the sign-in `state`,
 * a control API token) with the expected one. Both sides are hashed first, so the comparison takes
 * the same time whatever the presented text is, its length included.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export function sameSecret(presented: string | null | undefined, expected: string): boolean {
  if (presented === null || presented === undefined) return false;
  return timingSafeEqual(digest(presented), digest(expected));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
