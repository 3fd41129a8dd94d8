import { describe, expect, it } from 'vitest';
import { containsTerm } from './blocked-term-match';

describe('containsTerm', () => {
  it('matches whole words in any letter case, around punctuation', () => {
    expect(containsTerm('you are a Spammer!', 'spammer')).toBe(true);
    expect(containsTerm('spammers everywhere', 'spammer')).toBe(false);
    expect(containsTerm('no SPAM.', 'spam')).toBe(true);
  });

  it('matches a phrase only as consecutive words', () => {
    expect(containsTerm('buy followers now', 'buy followers')).toBe(true);
    expect(containsTerm('buy cheap followers', 'buy followers')).toBe(false);
  });

  it('takes * at the start or end of a word as any rest of it', () => {
    expect(containsTerm('what a scammer', 'scam*')).toBe(true);
    expect(containsTerm('what a bigscam', '*scam')).toBe(true);
    expect(containsTerm('megascammers', '*scam*')).toBe(true);
    expect(containsTerm('scam', 'scam*')).toBe(true);
    expect(containsTerm('scar', 'scam*')).toBe(false);
  });

  it('never matches a term of wildcards alone', () => {
    expect(containsTerm('anything at all', '**')).toBe(false);
    expect(containsTerm('anything at all', '*')).toBe(false);
  });
});
