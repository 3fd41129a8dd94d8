import { describe, expect, it } from 'vitest';
import { ApiError, platformErrorWords } from './api-error';

describe('platform errors in the broadcaster’s words', () => {
  it('never shows a bare reason phrase or a server failure’s text', () => {
    for (const [status, phrase] of [
      [500, 'Internal Server Error'],
      [502, 'Bad Gateway'],
      [503, 'Service Unavailable'],
    ] as const) {
      const error = new ApiError(status, phrase, phrase);
      expect(error.message).toBe('The platform had a problem; try again in a moment.');
      expect(error.platformMessage).toBe(phrase);
    }
    expect(new ApiError(500, 'Internal Server Error', 'some stack detail').message).not.toMatch(/stack|Internal/);
    expect(new ApiError(400, 'Bad Request', 'Bad Request').message).toBe('The platform did not accept this request. Check what you entered and try again.');
    expect(new ApiError(404, 'Not Found', null).message).toMatch(/could not find it/);
    expect(new ApiError(401, 'Unauthorized', 'unauthorized').message).toMatch(/Sign in again/);
  });

  it('keeps the platform’s own explanation when it says something', () => {
    expect(platformErrorWords(400, 'Bad Request', 'The title can be at most 140 characters')).toBe('The title can be at most 140 characters');
    expect(platformErrorWords(403, 'Forbidden', 'Missing scope: channel:manage:broadcast')).toBe('Missing scope: channel:manage:broadcast');
  });
});
