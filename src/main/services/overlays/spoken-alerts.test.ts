import { describe, expect, it } from 'vitest';
import { defaultSpeechSettings, type SpeechSettings } from '../../../shared/ipc/schemas/speech';
import { silentLogger } from '../logger';
import type { SystemVoice } from '../speech/system-voice';
import type { AlertEvent } from './alert-rules';
import { SpokenAlerts } from './spoken-alerts';

/** A WAV of `ms` of silence at 1 kB/s: its duration is all the tests read. */
function wavOf(ms: number): Buffer {
  const data = Math.round(ms);
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(1000, 24);
  wav.writeUInt32LE(1000, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(data, 40);
  return wav;
}

function setUp(settings: Partial<SpeechSettings> = {}, options: { fails?: boolean } = {}) {
  let now = 1_000_000;
  const said: string[] = [];
  const voice: SystemVoice = {
    name: 'fake',
    voices: async () => [{ id: 'v1', name: 'Voice one' }],
    synthesise: async ({ text }) => {
      if (options.fails) throw new Error('the voice broke');
      said.push(text);
      return wavOf(2_000);
    },
  };
  let saved: SpeechSettings = { ...defaultSpeechSettings, enabled: true, ...settings };
  const spoken = new SpokenAlerts({
    load: () => saved,
    save: (value) => (saved = value),
    findVoice: async () => ({ voice, voices: [{ id: 'v1', name: 'Voice one' }], unavailable: null }),
    blockedTerms: async () => ['pineapple'],
    logger: silentLogger,
    clock: { now: () => now, setTimeout, clearTimeout, setInterval, clearInterval },
  });
  return { spoken, said, saved: () => saved, advance: (ms: number) => (now += ms) };
}

const base = { at: '2026-01-01T20:00:00.000Z', source: 'live' as const };
const viewer = { id: 'u1', login: 'ada', name: 'Ada' };
const cheer = (id: string, bits: number, message: string): AlertEvent => ({ ...base, id, kind: 'cheer', user: viewer, bits, message });
const resub = (id: string, message: string): AlertEvent => ({ ...base, id, kind: 'resubscription', user: viewer, tier: '1000', months: 3, streakMonths: null, message });
const redemption = (id: string, rewardId: string, input: string): AlertEvent =>
  ({ ...base, id, kind: 'redemption', redemptionId: id, user: viewer, reward: { id: rewardId, title: 'Say it', cost: 100, prompt: '' }, input, status: 'unfulfilled' }) as unknown as AlertEvent;

describe('SpokenAlerts', () => {
  it('speaks cheers from the minimum, resubscriptions’ messages and the chosen rewards’ input; nothing when off', async () => {
    const { spoken } = setUp({ cheerMinimumBits: 100, rewardIds: ['chosen'] });
    await spoken.start();
    expect(await spoken.wordsFor(cheer('a', 99, 'too small'))).toBeNull();
    expect(await spoken.wordsFor(cheer('b', 100, 'Cheer100 big pineapple thanks'))).toBe('big thanks');
    expect(await spoken.wordsFor(resub('c', 'three months already'))).toBe('three months already');
    expect(await spoken.wordsFor(redemption('d', 'chosen', 'read me'))).toBe('read me');
    expect(await spoken.wordsFor(redemption('e', 'other', 'not me'))).toBeNull();
    expect(await spoken.wordsFor(cheer('f', 500, 'https://only.a.link'))).toBeNull();
    spoken.setSettings({ subscriptions: false });
    expect(await spoken.wordsFor(resub('g', 'three months already'))).toBeNull();
    spoken.setSettings({ enabled: false });
    expect(await spoken.wordsFor(cheer('h', 500, 'hello'))).toBeNull();
  });

  it('speaks a remembered alert once as it starts, as a clip that lives two minutes, and Stop ends it', async () => {
    const { spoken, said, advance } = setUp();
    await spoken.start();
    spoken.remember('event:1', cheer('1', 500, 'hello there'));
    const clip = (await spoken.startSpeaking('event:1'))!;
    expect(said).toEqual(['hello there']);
    expect(clip).toMatchObject({ alertId: 'event:1', durationMs: 2_000 });
    const id = clip.speechPath.slice('/speech/'.length);
    expect(spoken.getState()).toMatchObject({ speaking: true, saying: 'hello there' });
    expect(spoken.readClip(id)).not.toBeNull();
    // Once: a second start of the same alert (a replay) says nothing.
    expect(await spoken.startSpeaking('event:1')).toBeNull();
    expect(spoken.stopSpeaking()).toBe(false);
    spoken.remember('event:2', cheer('2', 500, 'second one'));
    await spoken.startSpeaking('event:2');
    expect(spoken.stopSpeaking()).toBe(true);
    expect(spoken.getState()).toMatchObject({ speaking: false, saying: null });
    advance(2 * 60_000);
    expect(spoken.readClip(id)).toBeNull();
  });

  it('refuses a voice not on this computer; a voice that fails leaves the alert silent; no voice says why', async () => {
    const { spoken, saved } = setUp({}, { fails: true });
    await spoken.start();
    expect(() => spoken.setSettings({ voice: 'nope' })).toThrow('There is no voice “nope” on this computer');
    expect(spoken.setSettings({ voice: 'v1' }).settings.voice).toBe('v1');
    expect(saved().voice).toBe('v1');
    spoken.remember('event:3', cheer('3', 500, 'hello'));
    expect(await spoken.startSpeaking('event:3')).toBeNull();

    const none = new SpokenAlerts({
      load: () => defaultSpeechSettings,
      save: () => undefined,
      findVoice: async () => ({ voice: null, voices: [], unavailable: 'This computer has no voice for Sidestage.' }),
      blockedTerms: async () => [],
      logger: silentLogger,
    });
    await none.start();
    expect(none.getState()).toMatchObject({ engine: null, voices: [], unavailable: 'This computer has no voice for Sidestage.' });
  });
});
