import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../emulator/test-support/seeded-random';
import { globalEmotes } from '../../test-support/fake-simulation-emulator';
import { chatLineFor, donationCents, newcomerLogin, userInputFor } from './viewer-lines';

describe('donationCents', () => {
  it('covers the whole $1-$25 range of amounts', () => {
    const random = seededRandom(3);
    const amounts = Array.from({ length: 2000 }, () => donationCents(random));
    expect(Math.min(...amounts)).toBe(100);
    expect(Math.max(...amounts)).toBe(2500);
    expect(amounts.some((a) => a % 100 !== 0)).toBe(true);
  });
});

describe('newcomerLogin', () => {
  it('makes distinct, valid logins from two short lists, numbering the rounds', () => {
    const logins = Array.from({ length: 250 }, (_, i) => newcomerLogin(i));
    expect(new Set(logins).size).toBe(250);
    expect(logins[0]).toBe('sunny_otter');
    expect(logins[100]).toBe('sunny_otter2');
    for (const login of logins) expect(login).toMatch(/^[a-z0-9_]{4,25}$/);
  });
});

describe('chatLineFor', () => {
  it('says friendly lines, some with emotes; only followers use the channel’s follower emote', () => {
    const r = seededRandom(5);
    const lines = Array.from({ length: 300 }, () => chatLineFor(r, false));
    expect(lines.some((l) => globalEmotes.test(l))).toBe(true);
    expect(lines.some((l) => l.includes('sidestHi'))).toBe(false);
    expect(Array.from({ length: 300 }, () => chatLineFor(r, true)).some((l) => l.includes('sidestHi'))).toBe(true);
  });
});

describe('userInputFor', () => {
  it('types what the reward asks for', () => {
    const r = seededRandom(1);
    expect(userInputFor({ title: 'Song request', prompt: 'Paste a link' }, r)).toMatch(/^https:\/\//);
    expect(userInputFor({ title: 'Ask me anything', prompt: '' }, r)).toMatch(/\?$/);
    expect(userInputFor({ title: 'Pick the next game', prompt: '' }, r)).not.toMatch(/^https/);
    expect(userInputFor({ title: 'Shout-out', prompt: 'Say hi' }, r).length).toBeGreaterThan(0);
  });
});
