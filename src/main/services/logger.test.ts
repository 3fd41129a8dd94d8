import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConsoleLogger, redact } from './logger';

describe('redact', () => {
  it('hides tokens, secrets and stream keys inside text', () => {
    const text = 'GET /x Authorization: Bearer abc.def-1 OAuth zzz9 ?code=abc123&state=s token=t0k live_123456_AbCdEf09';
    const redacted = redact(text) as string;
    for (const secret of ['abc.def-1', 'zzz9', 'abc123', 't0k', 'live_123456_AbCdEf09']) expect(redacted).not.toContain(secret);
    expect(redacted).toContain('Bearer [redacted]');
    expect(redacted).toContain('state=s');
  });

  it('hides secret fields whatever their values look like, and keeps the rest', () => {
    expect(
      redact({ access_token: 'a', refreshToken: 'b', client_secret: 'c', code: 'd', streamKey: 'e', errorCode: 'invalid_argument', login: 'demo', nested: [{ deviceCode: 'f' }] }),
    ).toEqual({ access_token: '[redacted]', refreshToken: '[redacted]', client_secret: '[redacted]', code: '[redacted]', streamKey: '[redacted]', errorCode: 'invalid_argument', login: 'demo', nested: [{ deviceCode: '[redacted]' }] });
  });

  it('hides secrets inside JSON text and in arrays named like secrets', () => {
    const redacted = JSON.stringify(redact({ body: '{"access_token":"abc","refresh_token": "def","scope":["x"]}', tokens: ['ghi', 'jkl'] }));
    for (const secret of ['abc', 'def', 'ghi', 'jkl']) expect(redacted).not.toContain(secret);
    expect(redacted).toContain('scope');
  });

  it('reduces errors to their name and redacted message', () => {
    expect(redact(new Error('refresh failed for refresh_token=r3fr3sh'))).toEqual({ name: 'Error', message: 'refresh failed for refresh_token=[redacted]' });
  });
});

describe('createConsoleLogger', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes redacted lines at or above its level', () => {
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logger = createConsoleLogger('test', 'info');
    logger.debug('hidden');
    logger.info('signed in with Bearer s3cr3t', { accessToken: 'x' });
    logger.warn('careful');
    expect(out).toHaveBeenCalledTimes(1);
    expect(out.mock.calls[0]?.[0]).toBe('[test] info signed in with Bearer [redacted] {"accessToken":"[redacted]"}');
    expect(err).toHaveBeenCalledWith('[test] warn careful');
  });
});
