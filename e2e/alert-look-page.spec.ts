/**
 * The alerts page applying each choice of an alert's look, in a real Chromium: the built page,
 * served by Sidestage's overlay server, sent one alert frame per choice (no app, no emulator).
 */
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { alertAnchors, alertMotions, bundledFonts, defaultAlertStyle, type AlertStyle, type OverlayFrame } from '../src/shared/ipc/schemas/overlays';
import { silentLogger } from '../src/main/services/logger';
import { OverlayServer } from '../src/main/services/overlays/overlay-server';
import { projectRoot } from '../scripts/build-output.mjs';
import { chromiumArgs, findChromium } from './support/find-chromium';

const token = 'T'.repeat(43);
let server: OverlayServer;
let browser: Browser;
let page: Page;
let shown = 0;

test.beforeAll(async () => {
  server = new OverlayServer({
    pagesDir: join(projectRoot, 'out/overlays'),
    logger: silentLogger,
    isToken: (key, presented) => key === 'alerts' && presented === token,
    initialFrames: (): OverlayFrame[] => [{ type: 'settings', reducedMotion: false }],
    readMedia: async () => null,
    readSpeech: () => null,
  });
  await server.start(0);
  browser = await chromium.launch({ executablePath: findChromium({ install: true }), args: chromiumArgs });
  page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.goto(`${server.origin}/overlay/alerts?token=${token}`);
  await expect(page.locator('html')).toHaveAttribute('data-connected', 'true');
});

test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Shows an alert with this look; resolves with its element once on the page. */
async function show(style: Partial<AlertStyle>) {
  const id = `look${shown++}`;
  server.send((key) => key === 'alerts', {
    type: 'alert',
    showing: { id, kind: 'follow', text: 'Someone just followed!', imagePath: null, videoPath: null, soundPath: null, volume: 1, durationMs: 30_000, speak: false, variationId: null, style: { ...defaultAlertStyle, ...style }, elapsedMs: 0, startsNow: true },
  });
  const alert = page.locator(`.alert[data-alert-id="${id}"]`);
  await expect(alert).toBeVisible();
  return alert;
}
const settled = (alert: ReturnType<Page['locator']>) => expect.poll(() => alert.evaluate((el) => el.getAnimations().every((a) => a.playState === 'finished')), { timeout: 10_000 }).toBe(true);

test('each of the nine anchors, with its offset, puts the alert there', async () => {
  for (const anchor of alertAnchors) {
    const alert = await show({ anchor, offsetX: 20, offsetY: 10, entrance: 'none' });
    const box = (await alert.boundingBox())!;
    const [v, h] = anchor === 'centre' ? ['middle', 'centre'] : anchor.includes('-') ? anchor.split('-') : anchor === 'top' || anchor === 'bottom' ? [anchor, 'centre'] : ['middle', anchor];
    const x = h === 'left' ? box.x : h === 'right' ? box.x + box.width : box.x + box.width / 2;
    const y = v === 'top' ? box.y : v === 'bottom' ? box.y + box.height : box.y + box.height / 2;
    expect({ anchor, x: Math.round(x), y: Math.round(y) }).toEqual({ anchor, x: { left: 0, centre: 960, right: 1920 }[h!]! + 20, y: { top: 0, middle: 540, bottom: 1080 }[v!]! + 10 });
  }
});

test('the font, size, colours, outline and shadow are the ones chosen', async () => {
  const alert = await show({ font: 'monospace', fontSizePx: 100, textColour: '#ffcc00', outlinePx: 4, outlineColour: '#112233', shadow: false, entrance: 'none' });
  const text = alert.locator('.alert-text');
  const css = await text.evaluate((el) => {
    const s = getComputedStyle(el);
    return { font: s.fontFamily, size: s.fontSize, colour: s.color, stroke: s.getPropertyValue('-webkit-text-stroke-width'), strokeColour: s.getPropertyValue('-webkit-text-stroke-color'), shadow: s.textShadow };
  });
  expect(css).toEqual({ font: expect.stringMatching(/^monospace,/), size: '100px', colour: 'rgb(255, 204, 0)', stroke: '4px', strokeColour: 'rgb(17, 34, 51)', shadow: 'none' });
  const plain = await show({ entrance: 'none' });
  expect(await plain.locator('.alert-text').evaluate((el) => getComputedStyle(el).textShadow)).not.toBe('none');
});

test('each bundled font is served from the page’s own origin and drawn, and an alert that uses none loads none', async () => {
  const fontsFetched: string[] = [];
  const watch = (response: { url(): string; status(): number }) => {
    if (/\.woff2?$/.test(new URL(response.url()).pathname)) fontsFetched.push(`${response.status()} ${new URL(response.url()).origin}`);
  };
  page.on('response', watch);
  await show({ entrance: 'none' });
  expect(fontsFetched).toEqual([]);
  for (const font of bundledFonts) {
    const alert = await show({ font, entrance: 'none' });
    await expect
      .poll(() => alert.locator('.alert-text').evaluate(async (el, family) => {
        await document.fonts.ready;
        return [...document.fonts].some((face) => face.family.replace(/"/g, '') === family && face.status === 'loaded') && getComputedStyle(el).fontFamily.includes(family);
      }, font))
      .toBe(true);
  }
  page.off('response', watch);
  expect(fontsFetched.length).toBeGreaterThanOrEqual(bundledFonts.length);
  expect(new Set(fontsFetched)).toEqual(new Set([`200 ${server.origin}`]));
});

test('each layout places the image against the text', async () => {
  const expected = { 'image-above': 'column', 'image-left': 'row', 'image-right': 'row-reverse' } as const;
  for (const [layout, direction] of Object.entries(expected)) {
    const alert = await show({ layout: layout as AlertStyle['layout'], entrance: 'none' });
    expect(await alert.evaluate((el) => getComputedStyle(el).flexDirection)).toBe(direction);
  }
  const behind = await show({ layout: 'image-behind', entrance: 'none' });
  expect(await behind.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
});

/**
 * Shows an alert and answers the exit animation of the one it sends off, read the moment that one
 * starts leaving: a short exit can end, and its element go, before a later look could find it.
 */
async function showNoting(style: Partial<AlertStyle>) {
  await page.evaluate(() => {
    const exits: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const el = record.target as HTMLElement;
        if (el.classList.contains('leaving') && !el.dataset.noted) {
          el.dataset.noted = 'true';
          exits.push(getComputedStyle(el).animationName);
        }
      }
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
    Object.assign(window, { noted: { exits, observer } });
  });
  const shown = await show(style);
  const exit = await page
    .waitForFunction(() => {
      const { exits, observer } = (window as unknown as { noted: { exits: string[]; observer: MutationObserver } }).noted;
      if (exits.length === 0) return null;
      observer.disconnect();
      return exits[0];
    })
    .then((handle) => handle.jsonValue());
  return { shown, exit };
}

test('each entrance and exit runs its animation; with reduced motion a fade, and none stays none', async () => {
  const name = (motion: string, way: 'in' | 'out') => (motion === 'none' ? 'none' : `alert-${way === 'out' ? motion.replace('slide-from-', 'slide-to-') : motion}-${way}`);
  for (const motion of alertMotions) {
    const alert = await show({ entrance: motion, exit: motion });
    expect(await alert.evaluate((el) => getComputedStyle(el).animationName)).toBe(name(motion, 'in'));
    await settled(alert);
    if (motion === 'none') continue;
    // The next alert sends this one off: its exit runs before it goes.
    const { shown: next, exit } = await showNoting({ entrance: 'none', exit: 'none' });
    expect(exit).toBe(name(motion, 'out'));
    await expect(alert).toHaveCount(0);
    await settled(next);
  }
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const calm = await show({ entrance: 'bounce', exit: 'slide-from-left' });
  expect(await calm.evaluate((el) => getComputedStyle(el).animationName)).toBe('alert-fade-in');
  expect((await showNoting({ entrance: 'none', exit: 'none' })).exit).toBe('alert-fade-out');
  const still = await show({ entrance: 'none' });
  expect(await still.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
});
