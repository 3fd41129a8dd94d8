import { describe, expect, it } from 'vitest';
import { sameSecret } from './constant-time';

describe('sameSecret', () => {
  it('is true only for the same text', () => {
    expect(sameSecret('s3cret-token', 's3cret-token')).toBe(true);
    expect(sameSecret('s3cret-tokem', 's3cret-token')).toBe(false);
    expect(sameSecret('s3cret-token-and-more', 's3cret-token')).toBe(false);
    expect(sameSecret('', 's3cret-token')).toBe(false);
    expect(sameSecret('é', 'e\u0301')).toBe(false);
  });

  it('is false for nothing presented', () => {
    expect(sameSecret(null, 'x')).toBe(false);
    expect(sameSecret(undefined, 'x')).toBe(false);
  });
});
