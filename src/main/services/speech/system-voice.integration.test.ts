/**
 * The real espeak-ng (Debian's, installed by `.ci/run`): it lists its voices, speaks a message as a
 * WAV whose sizes are true, far faster than real time, reads markup as words (never obeys it), and
 * a machine without it is told in words.
 */
import { describe, expect, it } from 'vitest';
import { commandAvailable } from '../../test-support/obs-studio-process';
import { EspeakVoice, findSystemVoice, runProgram, wavDurationMs, wavLayout } from './system-voice';

const espeakMissing = !commandAvailable('espeak-ng');
if (espeakMissing) console.warn('system-voice.integration.test.ts skipped: espeak-ng is not installed (apt-get install espeak-ng)');

const message = 'Thanks for the bits everyone, this stream has been a lot of fun, see you all next week, take care!';

describe.skipIf(espeakMissing)('espeak-ng as the system voice', () => {
  const voice = new EspeakVoice();

  it('lists its voices (without the MBROLA ones it cannot speak)', async () => {
    const voices = await voice.voices();
    expect(voices.length).toBeGreaterThan(10);
    expect(voices.map((v) => v.id)).toContain('en-us');
    expect(voices.some((v) => v.name.includes('mbrola'))).toBe(false);
  });

  it('speaks a message as a WAV whose sizes are its real length, at least 10x faster than real time', async () => {
    let firstAudioAt = 0;
    const started = performance.now();
    const wav = await voice.synthesise({ text: message, voice: 'en-us', rate: 175 }, { onFirstAudio: () => (firstAudioAt = performance.now()) });
    const took = performance.now() - started;
    const layout = wavLayout(wav)!;
    expect(layout).not.toBeNull();
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(layout.dataOffset + layout.dataLength).toBe(wav.length);
    const durationMs = wavDurationMs(wav);
    // About 100 characters at 175 words a minute: several seconds of speech, not silence.
    expect(durationMs).toBeGreaterThan(3_000);
    expect(durationMs).toBeLessThan(15_000);
    const samples = new Int16Array(wav.buffer, wav.byteOffset + layout.dataOffset, Math.floor(layout.dataLength / 2));
    expect(samples.some((s) => Math.abs(s) > 1_000)).toBe(true);
    expect(firstAudioAt).toBeGreaterThan(0);
    expect(durationMs / took).toBeGreaterThan(10);
  });

  it('speaks faster at a higher rate', async () => {
    const slow = wavDurationMs(await voice.synthesise({ text: message, voice: null, rate: 120 }));
    const fast = wavDurationMs(await voice.synthesise({ text: message, voice: null, rate: 350 }));
    expect(fast).toBeLessThan(slow * 0.6);
  });

  it('reads SSML as text rather than obeying it: a ten-minute break is not ten minutes of silence', async () => {
    const wav = await voice.synthesise({ text: '<speak>hi<break time="600s"/></speak>', voice: null, rate: 175 });
    expect(wavDurationMs(wav)).toBeLessThan(20_000);
  });

  it('refuses an unknown voice in words, and a missing program says it is not installed', async () => {
    await expect(voice.synthesise({ text: 'hello', voice: 'no-such-voice-zz', rate: 175 })).rejects.toThrow(/espeak-ng/);
    await expect(runProgram('sidestage-no-such-program', [], { stdin: 'x', timeoutMs: 5_000 })).rejects.toThrow('sidestage-no-such-program is not installed.');
    const lookup = await findSystemVoice('linux', 'sidestage-no-such-espeak');
    expect(lookup.voice).toBeNull();
    expect(lookup.unavailable).toMatch(/no voice for Sidestage.*not installed.*alerts still show.*espeak-ng/s);
  });
});
