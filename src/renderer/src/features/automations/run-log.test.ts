import { describe, expect, it } from 'vitest';
import { runEventWords } from './run-log';

describe('the run log says what started a run', () => {
  it('once: a run by hand names who ran it, without "(Run button)" after it', () => {
    expect(runEventWords({ summary: 'Run button', source: 'manual' })).toBe('Run button');
    expect(runEventWords({ summary: 'Control API: Stream Deck', source: 'manual' })).toBe('Control API: Stream Deck');
    expect(runEventWords({ summary: 'PixelPal followed', source: 'caughtUp' })).toBe('PixelPal followed (missed while disconnected)');
    expect(runEventWords({ summary: 'PixelPal followed', source: 'test' })).toBe('PixelPal followed (test)');
  });
});
