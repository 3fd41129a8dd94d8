import { describe, expect, it } from 'vitest';
import { commandNeutraliser, cutToChars, renderTemplate, safeChatText, safeMarkerDescription, unknownPlaceholders } from './template';

describe('renderTemplate', () => {
  it('fills each placeholder with the field', () => {
    expect(renderTemplate('Thanks {user} for {bits} bits!', { user: 'Ana', bits: '100' })).toBe('Thanks Ana for 100 bits!');
  });

  it('fills in one pass: a viewer who types a placeholder or a replacement pattern gets that text back', () => {
    const fields = { user: 'Ana', input: '{user} $& $1 {reward}', reward: 'Hydrate!' };
    expect(renderTemplate('{input}', fields)).toBe('{user} $& $1 {reward}');
  });

  it('keeps an unknown placeholder as written, so the typo shows', () => {
    expect(renderTemplate('Hi {usr}', { user: 'Ana' })).toBe('Hi {usr}');
    expect(unknownPlaceholders('Hi {usr} and {user}', ['user'])).toEqual(['usr']);
  });

  it('never reads a property of the object behind the fields', () => {
    expect(renderTemplate('{constructor}{toString}', {})).toBe('{constructor}{toString}');
  });
});

describe('safeChatText', () => {
  it('a viewer\'s "/ban someone" reaches chat as plain text, not a command', () => {
    const text = safeChatText(renderTemplate('{input}', { input: '/ban someone' }));
    expect(text).toBe(`${commandNeutraliser}/ban someone`);
    expect(text.startsWith('/')).toBe(false);
  });

  it('neutralises a leading "." and a command hidden behind spaces or a line break', () => {
    expect(safeChatText('.timeout x 600').startsWith('.')).toBe(false);
    expect(safeChatText('   /ban x')).toBe(`${commandNeutraliser}/ban x`);
    expect(safeChatText('\n/ban x')).toBe(`${commandNeutraliser}/ban x`);
  });

  it('makes one line of the text: no line breaks or control characters get through', () => {
    expect(safeChatText('hello\n/ban x\r\n.mod y\u2028z')).toBe('hello /ban x .mod y z');
    expect(safeChatText('a\u0000b\u0007c')).toBe('a b c');
  });

  it('leaves ordinary text and a "/" inside it alone', () => {
    expect(safeChatText('and/or 1.5')).toBe('and/or 1.5');
  });

  it('cuts to the platform\'s 500 characters, counted as the platform counts them', () => {
    expect(Array.from(safeChatText('x'.repeat(800)))).toHaveLength(500);
    // 499 letters and then emoji: never half an emoji (a lone surrogate).
    const cut = safeChatText(`${'x'.repeat(499)}😀😀`);
    expect(Array.from(cut)).toHaveLength(500);
    expect(cut.endsWith('😀')).toBe(true);
    // The neutraliser counts too.
    expect(Array.from(safeChatText(`/${'x'.repeat(600)}`))).toHaveLength(500);
  });

  it('is empty when nothing but spaces is left', () => {
    expect(safeChatText(' \n ')).toBe('');
  });
});

describe('cutToChars and marker descriptions', () => {
  it('cuts by characters', () => {
    expect(cutToChars('😀😀😀', 2)).toBe('😀😀');
    expect(cutToChars('abc', 5)).toBe('abc');
  });

  it('a marker description is one line of at most 140 characters', () => {
    expect(safeMarkerDescription('a\nb')).toBe('a b');
    expect(Array.from(safeMarkerDescription('m'.repeat(300)))).toHaveLength(140);
  });
});
