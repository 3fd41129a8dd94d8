/**
 * Text-to-speech of the viewers' words (`services/speech/system-voice.ts`, the real espeak-ng),
 * beside baselines measured in the same run.
 *
 * 1. A 100-character message to its first audio sample (the program started, the text on its
 *    standard input, the first sample past the WAV header on its output). Goal: p99 <= 300 ms.
 *    Baseline: the same program started to print its version (what starting a program costs here).
 * 2. Synthesis speed: seconds of speech made per second of wall clock. Goal: >= 10x real time.
 * 3. The alerts page's memory over 200 spoken alerts: the built overlay page in Chromium, served by
 *    the real overlay server, sent an alert and its words 200 times (each played until it is heard,
 *    then the next); its JS heap after GC after the first 20 and after all 200 (flat: no growth per
 *    alert). Baseline: the same page after 200 alerts without words.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from '@playwright/test';
import { defaultAlertStyle, type OverlayFrame } from '../src/shared/ipc/schemas/overlays';
import { silentLogger } from '../src/main/services/logger';
import { OverlayServer } from '../src/main/services/overlays/overlay-server';
import { EspeakVoice, runProgram, wavDurationMs } from '../src/main/services/speech/system-voice';
import { ensureBuilt, projectRoot } from '../scripts/build-output.mjs';
import { chromiumArgs, findChromium } from '../e2e/support/find-chromium';
import { ms, percentile } from './support/stats';
import { pageHeap } from './support/page-heap';

const message = 'Thank you so much for the stream tonight, it was great fun and I will be back on Friday for more, ok';

export async function run({ rounds, alerts }: { rounds: number; alerts: number }): Promise<void> {
  const voice = new EspeakVoice();
  await voice.voices();
  console.log(`tts: a ${message.length}-character message, ${rounds} rounds, espeak-ng`);

  const started: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await runProgram('espeak-ng', ['--version'], { stdin: '', timeoutMs: 10_000 });
    started.push(performance.now() - t0);
  }
  const firstSample: number[] = [];
  let audioMs = 0;
  let wallMs = 0;
  let wav: Buffer = Buffer.alloc(0);
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    let first = 0;
    wav = await voice.synthesise({ text: message, voice: 'en-us', rate: 175 }, { onFirstAudio: () => (first = performance.now()) });
    const took = performance.now() - t0;
    firstSample.push(first - t0);
    audioMs += wavDurationMs(wav);
    wallMs += took;
  }
  console.log(`  to the first audio sample: p50 ${ms(percentile(firstSample, 50))}, p99 ${ms(percentile(firstSample, 99))} (goal p99 <= 300 ms)`);
  console.log(`    baseline, starting espeak-ng to print its version: p50 ${ms(percentile(started, 50))}, p99 ${ms(percentile(started, 99))}`);
  console.log(`  synthesis speed: ${(audioMs / wallMs).toFixed(1)}x real time (${(audioMs / 1000 / rounds).toFixed(1)} s of speech in ${ms(wallMs / rounds)} each; goal >= 10x)`);

  await pageMemory(wav, alerts);
}

/** The built alerts page, sent `alerts` alerts with (and then without) their words; its heap after GC. */
async function pageMemory(wav: Buffer, alerts: number): Promise<void> {
  ensureBuilt();
  const clipId = 'ab'.repeat(16);
  const server = new OverlayServer({
    pagesDir: join(projectRoot, 'out/overlays'),
    logger: silentLogger,
    isToken: (key, token) => key === 'alerts' && token === 'T'.repeat(43),
    initialFrames: (): OverlayFrame[] => [{ type: 'settings', reducedMotion: true }],
    readMedia: async () => null,
    readSpeech: (id) => (id === clipId ? wav : null),
  });
  await server.start(0);
  const browser = await chromium.launch({ executablePath: findChromium({ install: true }), args: [...chromiumArgs, '--autoplay-policy=no-user-gesture-required', '--js-flags=--expose-gc'] });
  try {
    const measure = async (spoken: boolean): Promise<{ after20: number; afterAll: number }> => {
      const page: Page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      await page.goto(`${server.origin}/overlay/alerts?token=${'T'.repeat(43)}`);
      await page.waitForSelector('html[data-connected="true"]');
      let after20 = 0;
      for (let i = 0; i < alerts; i++) {
        const id = `bench:${spoken ? 's' : 'q'}${i}`;
        server.send((key) => key === 'alerts', { type: 'alert', showing: { id, kind: 'cheer', text: `Viewer ${i} cheered 500 bits!`, imagePath: null, videoPath: null, soundPath: null, volume: 1, durationMs: 5_000, elapsedMs: 0, startsNow: true, speak: spoken, variationId: null, style: { ...defaultAlertStyle } } });
        await page.waitForSelector(`.alert[data-alert-id="${id}"]`);
        if (spoken) {
          server.send((key) => key === 'alerts', { type: 'speech', alertId: id, speechPath: `/speech/${clipId}`, volume: 1 });
          // Heard: it plays (its time moves) before the next alert stops it.
          // As text: the benches are type-checked without the DOM's types.
          await page.waitForFunction(`(document.querySelector('audio.alert-speech[data-alert-id="${id}"]')?.currentTime ?? 0) > 0`);
        }
        if (i === 19) after20 = await pageHeap(page);
      }
      server.send((key) => key === 'alerts', { type: 'alert', showing: null });
      const afterAll = await pageHeap(page);
      const audios = await page.locator('audio').count();
      if (audios > 1) throw new Error(`the page kept ${audios} audio elements`);
      await page.close();
      return { after20, afterAll };
    };
    const spoken = await measure(true);
    const silent = await measure(false);
    const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
    console.log(`  the alerts page's JS heap after GC, ${alerts} spoken alerts: ${mb(spoken.after20)} after 20, ${mb(spoken.afterAll)} after ${alerts} (${((spoken.afterAll - spoken.after20) / (alerts - 20) / 1024).toFixed(2)} kB per alert)`);
    console.log(`    baseline, ${alerts} alerts without words: ${mb(silent.after20)} after 20, ${mb(silent.afterAll)} after ${alerts}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
