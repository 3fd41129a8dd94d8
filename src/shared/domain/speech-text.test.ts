import { describe, expect, it } from 'vitest';
import { speakableText } from './speech-text';

const rules = { blockedTerms: [] as string[], maxLength: 200 };
const say = (text: string, more: Partial<typeof rules> = {}) => speakableText(text, { ...rules, ...more });

describe('speakableText', () => {
  it('keeps a plain message as it is', () => {
    expect(say('Thanks for the stream, see you tomorrow!')).toBe('Thanks for the stream, see you tomorrow!');
  });

  it('takes links out, with or without a scheme, full-width ones too', () => {
    expect(say('go to https://evil.example/x?y=1 now')).toBe('go to now');
    expect(say('join discord.gg/abc and www.spam.test')).toBe('join and');
    expect(say('ｈｔｔｐｓ://ｅｖｉｌ．ｅｘａｍｐｌｅ hi')).toBe('hi');
  });

  it('takes the channel’s blocked terms out, phrases and `*` ends as the platform matches them', () => {
    expect(say('you are a Spammer!', { blockedTerms: ['spammer'] })).toBe('you are a');
    expect(say('buy followers now please', { blockedTerms: ['buy followers'] })).toBe('now please');
    expect(say('the badwordery goes', { blockedTerms: ['badword*'] })).toBe('the goes');
  });

  it('reads emote spam once or twice, cheermotes never, and long runs of one letter short', () => {
    expect(say('Kappa Kappa Kappa Kappa Kappa Kappa hello')).toBe('Kappa Kappa hello');
    expect(say('Cheer100 Cheer100 BibleThump50 great stream')).toBe('great stream');
    expect(say('nooooooooooooooo')).toBe('nooo');
    expect(say('🎉🎉🎉🎉 party 🇫🇷 time 👍🏽')).toBe('party time');
  });

  it('removes every kind of markup a speech engine could obey, so the voice cannot be changed', () => {
    const hostile = [
      '<speak><prosody rate="x-fast" volume="+50dB">loud</prosody></speak>',
      '<voice name="Zira">other voice</voice>',
      '<break time="600s"/>wait',
      '<audio src="file:///etc/passwd"/>',
      '[[h@l\'oU]] phonemes',
      '[[rate 700]] fast [[volm 2]]',
      '\\rate=400\\ fast \\vol=100\\',
      '&lt;speak&gt; entity &#60;voice&#62;',
      '<!-- comment --> <?xml version="1.0"?> <![CDATA[x]]>',
      '{{template}} ${process.env.SECRET} `backtick`',
      '<unterminated',
    ];
    for (const text of hostile) {
      const spoken = say(text);
      expect(spoken, text).not.toMatch(/[<>&[\]{}\\`]/u);
      expect(spoken, text).not.toMatch(/prosody|speak>|rate=|volm|xml|CDATA/iu);
    }
    expect(say('<prosody rate="x-fast">loud</prosody> words')).toBe('loud words');
  });

  it('removes control, zero-width and direction characters', () => {
    expect(say('he\u0000llo\u202Eevil\u200B world\u0007')).toBe('he llo evil world');
    expect(say('line one\nline two\r\n\tthree')).toBe('line one line two three');
  });

  it('is cut to the maximum at a word’s end, and a megabyte costs no more than a line', () => {
    expect(say('one two three four five six', { maxLength: 13 })).toBe('one two three');
    expect(say('abcdefghijklmnop', { maxLength: 5 })).toBe('abcde');
    const huge = 'word '.repeat(200_000) + 'x'.repeat(1_000_000);
    const started = performance.now();
    expect(say(huge, { maxLength: 100 }).length).toBeLessThanOrEqual(100);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('says nothing when nothing speakable is left', () => {
    expect(say('')).toBe('');
    expect(say('   ')).toBe('');
    expect(say('!!! ??? ...')).toBe('');
    expect(say('https://only.a.link')).toBe('');
    expect(say('<speak></speak>')).toBe('');
  });
});
