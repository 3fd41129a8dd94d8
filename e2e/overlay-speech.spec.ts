/**
 * The viewer's words spoken, end to end: the dock in demo mode switches text-to-speech on in the
 * Overlays panel, a cheer from the emulator alerts on a second real page (1920x1080, as OBS's
 * browser source), and that page plays the words as audio: its length is measured and its samples
 * are not silence. "Stop speech" in the Alerts controls, and Q in the Live view, stop it while the
 * alert stays on screen. The system voice is the real espeak-ng.
 */
import { commandAvailable } from '../src/main/test-support/obs-studio-process';
import type { BrowserContext, Page } from '@playwright/test';
import { chromiumArgs, findChromium } from './support/find-chromium';
import { expect, test, type DockProcess } from './support/dock-fixture';
import { demoIdentities, simulation, untilSubscribed } from './support/emulator-client';
import { openPanel, pressInView } from './support/panels';
import { signInToDemo } from './support/sign-in';
import { ipc } from './support/dock-ipc';
import { openOverlayPage, overlayUrl } from './support/overlay-pages';

test.use({ viewport: { width: 420, height: 900 } });
// OBS's browser source plays sound without a click; so does this page.
test.use({ launchOptions: { executablePath: findChromium({ install: true }), args: [...chromiumArgs, '--autoplay-policy=no-user-gesture-required'] } });

async function openAlertsPage(page: Page, context: BrowserContext): Promise<Page> {
  return openOverlayPage(context, await overlayUrl(page, 'alerts'));
}

/**
 * The words the page plays now: the audio element's duration, and how loud it is as it plays (a
 * WebAudio analyser on the element, over half a second: the page's CSP lets it fetch nothing).
 */
async function measureSpeech(overlay: Page): Promise<{ durationS: number; rms: number; playing: boolean }> {
  const speech = overlay.locator('audio.alert-speech');
  await expect(speech).toHaveCount(1, { timeout: 20_000 });
  await expect.poll(() => speech.evaluate((a: HTMLAudioElement) => a.currentTime), { message: 'the words playing' }).toBeGreaterThan(0);
  return speech.evaluate(async (audio: HTMLAudioElement) => {
    const context = new AudioContext();
    await context.resume();
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    context.createMediaElementSource(audio).connect(analyser);
    analyser.connect(context.destination);
    const samples = new Float32Array(analyser.fftSize);
    let loudest = 0;
    // Sampled until the words are heard (louder than silence's rounding), or for 5 s at most.
    const until = performance.now() + 5_000;
    while (loudest <= 0.05 && performance.now() < until) {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      loudest = Math.max(loudest, Math.sqrt(sum / samples.length));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { durationS: audio.duration, rms: loudest, playing: !audio.paused };
  });
}

async function cheer(dock: DockProcess, bits: number, message: string): Promise<void> {
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  const viewer = await sim.createUser({ login: `speaker${bits}`, display_name: `Speaker${bits}` });
  await sim.cheer({ broadcaster_id: broadcasterId, user_id: viewer.id, bits, message });
}

test('a spoken cheer plays its words in the alerts page (measured, not silence); Stop speech and Q stop it, the alert stays', async ({ page, context, dock }) => {
  test.skip(!commandAvailable('espeak-ng'), 'skipped: espeak-ng not installed (apt-get install espeak-ng)');
  test.setTimeout(120_000);
  await signInToDemo(page, context, dock);
  await openPanel(page, 'Overlays');
  // The Overlays panel: the system's voice is there, and speaking is switched on by hand.
  const section = page.getByRole('region', { name: 'Viewers’ words, spoken' });
  await expect(section.getByText(/^Voice \(espeak-ng\)/)).toBeVisible();
  await section.getByRole('switch', { name: 'Speak the viewers’ words' }).click();
  await expect.poll(async () => (await ipc<{ settings: { enabled: boolean } }>(page, 'overlays:getSpeech')).settings.enabled).toBe(true);
  await ipc(page, 'overlays:setAlertType', { kind: 'cheer', changes: { durationMs: 30_000 } });

  const overlay = await openAlertsPage(page, context);
  await untilSubscribed(simulation(dock.emulatorUrl), ['channel.cheer']);
  await cheer(dock, 500, 'Cheer500 thank you so much for the wonderful stream tonight, it made my whole week better, see you again on Friday!');
  await expect(overlay.locator('.alert:not(.leaving) .alert-text')).toContainText('500 bits', { timeout: 15_000 });

  const spoken = await measureSpeech(overlay);
  // About a hundred characters at 175 words a minute: seconds of speech, and not silence.
  expect(spoken.durationS).toBeGreaterThan(3);
  expect(spoken.durationS).toBeLessThan(20);
  expect(spoken.rms).toBeGreaterThan(0.01);
  expect(spoken.playing).toBe(true);
  await expect(page.getByTestId('alert-saying')).toContainText('thank you so much for the wonderful stream');

  // Stop speech: the words stop at once, the alert stays its time.
  await page.getByRole('button', { name: 'Stop speech', exact: true }).click();
  await expect(overlay.locator('audio.alert-speech')).toHaveCount(0);
  await expect(overlay.locator('.alert:not(.leaving) .alert-text')).toContainText('500 bits');
  await expect(page.getByTestId('alert-saying')).toHaveCount(0);

  // The Live view's Q stops the next one (its tile need not be on the view).
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await openPanel(page, 'Live');
  await cheer(dock, 700, 'Cheer700 another long message to be read out loud on the stream for everyone watching tonight');
  await expect(overlay.locator('.alert:not(.leaving) .alert-text')).toContainText('700 bits', { timeout: 15_000 });
  expect((await measureSpeech(overlay)).durationS).toBeGreaterThan(2);
  await pressInView(page, 'q');
  await expect(overlay.locator('audio.alert-speech')).toHaveCount(0);
  await expect(overlay.locator('.alert:not(.leaving) .alert-text')).toContainText('700 bits');
});
