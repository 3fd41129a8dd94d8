import { describe, expect, it } from 'vitest';
import { ApiCallError, call, describeError, isCancelled } from './ipc-call';

describe('call', () => {
  it('resolves to the value of a successful result', async () => {
    await expect(call(Promise.resolve({ ok: true as const, value: 42 }))).resolves.toBe(42);
  });

  it('throws an ApiCallError carrying code, message, status and retryAfterMs', async () => {
    const failure = call(
      Promise.resolve({
        ok: false as const,
        error: { code: 'api_error' as const, message: 'The platform said no', status: 429, retryAfterMs: 1500 },
      }),
    );
    await expect(failure).rejects.toBeInstanceOf(ApiCallError);
    await expect(failure).rejects.toMatchObject({
      name: 'ApiCallError',
      code: 'api_error',
      message: 'The platform said no',
      status: 429,
      retryAfterMs: 1500,
    });
  });
});

describe('describeError', () => {
  it('uses main’s message and adds when to retry', () => {
    expect(describeError(new ApiCallError({ code: 'rate_limited', message: 'Too many requests', retryAfterMs: 2100 }))).toBe(
      'Too many requests. Try again in 3 s.',
    );
    expect(describeError(new ApiCallError({ code: 'network_error', message: 'The platform is unreachable.' }))).toBe(
      'The platform is unreachable.',
    );
  });

  it('falls back to words for the code when main sent no message', () => {
    expect(describeError(new ApiCallError({ code: 'timeout', message: '' }))).toBe('The platform took too long to answer. Try again in a moment.');
  });

  it('never passes transport words on: the code’s words with what to do instead', () => {
    expect(describeError(new ApiCallError({ code: 'api_error', message: 'Internal Server Error', status: 500 }))).toBe(
      'The platform had a problem; try again in a moment.',
    );
    expect(describeError(new ApiCallError({ code: 'api_error', message: 'Bad Request' }))).toBe('The platform had a problem; try again in a moment.');
    expect(describeError(new ApiCallError({ code: 'unavailable', message: 'Sidestage is not reachable: Failed to fetch' }))).toMatch(
      /^Sidestage’s background service is not answering: is the dock still running\?/,
    );
    expect(describeError(new TypeError('Failed to fetch'))).toMatch(/is the dock still running\?/);
    for (const words of ['Internal Server Error', 'Failed to fetch', 'Bad Request', 'HTTP 502']) {
      expect(describeError(new ApiCallError({ code: 'internal', message: words }))).not.toContain(words);
    }
  });

  it('handles plain errors, strings and anything else', () => {
    expect(describeError(new Error('Clipboard denied'))).toBe('Clipboard denied');
    expect(describeError('plain words')).toBe('plain words');
    expect(describeError(undefined)).toBe('Something went wrong.');
  });

  it('recognises a cancellation', () => {
    expect(isCancelled(new ApiCallError({ code: 'cancelled', message: 'Cancelled' }))).toBe(true);
    expect(isCancelled(new ApiCallError({ code: 'timeout', message: 'Timed out' }))).toBe(false);
    expect(isCancelled(new Error('cancelled'))).toBe(false);
  });
});
