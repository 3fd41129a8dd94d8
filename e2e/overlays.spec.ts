/**
 * Overlays end to end: the app in a 420 px dock, an overlay page at 1920x1080 in Chromium (as OBS's
 * browser source is Chromium too), the real services and the demo emulator. Alerts come from events
 * the emulator makes, through EventSub, the channel-event stream, the queue and the overlay server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { AlertQueueState, OverlaysState } from '../src/shared/ipc/contract';
import { boxesLeavingTheirContainer } from './support/box-containment';
import { expect, test, type DockProcess } from './support/dock-fixture';
import { startDockProcess } from './support/dock-process';
import { demoIdentities, simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';
import { pressInView } from './support/panels';
import { ipc } from './support/dock-ipc';
import { openOverlayPage } from './support/overlay-pages';

test.use({ viewport: { width: 420, height: 900 } });

const alertTypes = ['channel.follow', 'channel.subscription.gift', 'channel.subscribe', 'channel.ad_break.begin', 'channel.charity_campaign.donate'];

/** Every alert element a page showed, kept across its reloads: its id and whether it joined mid-way. */
const recordAlerts = `
  const seen = JSON.parse(sessionStorage.getItem('alerts') ?? '[]');
  new MutationObserver((records) => {
    for (const r of records) for (const node of r.addedNodes) {
      if (node instanceof HTMLElement && node.classList.contains('alert')) {
        seen.push({ id: node.dataset.alertId, joined: node.classList.contains('joined'), text: node.textContent });
        sessionStorage.setItem('alerts', JSON.stringify(seen));
      }
    }
  }).observe(document, { childList: true, subtree: true });
`;

/** The alert on screen (one that is leaving may still be in the DOM for its exit animation). */
const onScreen = (page: Page) => page.locator('.alert:not(.leaving) .alert-text');

async function alertsSeen(page: Page): Promise<{ id: string; joined: boolean; text: string }[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('alerts') ?? '[]') as { id: string; joined: boolean; text: string }[]);
}

/** An overlay page that records every alert it shows (in its session storage). */
const openOverlay = (context: BrowserContext, url: string): Promise<Page> => openOverlayPage(context, url, recordAlerts);

async function waitForSubscriptions(dock: DockProcess): Promise<void> {
  await untilSubscribed(simulation(dock.emulatorUrl), alertTypes);
}

async function newViewers(dock: DockProcess, prefix: string, count: number): Promise<{ id: string; name: string }[]> {
  const sim = simulation(dock.emulatorUrl);
  const made = [];
  for (let i = 0; i < count; i++) {
    const user = await sim.createUser({ login: `${prefix}${i}`, display_name: `${prefix}${i}` });
    made.push({ id: user.id, name: user.display_name });
  }
  return made;
}

/** Signs in, opens Overlays, copies the alerts URL with its button and opens it as OBS would. */
async function alertsOverlay(page: Page, context: BrowserContext, dock: DockProcess): Promise<{ overlay: Page; url: string }> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: dock.origin });
  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'Overlays', exact: true }).click();
  const card = page.locator('[data-overlay="alerts"]');
  await expect(card.locator('.overlay-url')).toContainText('token=••••••');
  await card.getByRole('button', { name: 'Copy URL' }).click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/overlay\/alerts\?token=[\w-]{43}$/);
  await waitForSubscriptions(dock);
  return { overlay: await openOverlay(context, url), url };
}

test('a follow shows within 1 s on a transparent 1920x1080 page; a reload mid-queue does not replay; Skip and Replay', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  const { overlay } = await alertsOverlay(page, context, dock);
  await ipc(page, 'overlays:setAlertOptions', { gapMs: 500 });

  // Transparent, drawn at 1920x1080 (scale 1 at that size), and nothing from the network.
  const look = await overlay.evaluate(() => ({
    html: getComputedStyle(document.documentElement).backgroundColor,
    body: getComputedStyle(document.body).backgroundColor,
    stage: document.getElementById('stage')!.getBoundingClientRect().toJSON() as { width: number; height: number },
    resources: performance.getEntriesByType('resource').map((r) => r.name),
  }));
  expect(look.html).toBe('rgba(0, 0, 0, 0)');
  expect(look.body).toBe('rgba(0, 0, 0, 0)');
  expect(look.stage).toMatchObject({ width: 1920, height: 1080 });
  const origin = new URL(overlay.url()).origin;
  expect(look.resources.every((name) => name.startsWith(origin) || name.startsWith(origin.replace('http', 'ws')))).toBe(true);

  const [pixel, byte, cube] = await newViewers(dock, 'ovfollow', 3);
  await sim.follow({ user_id: pixel!.id, broadcaster_id: broadcasterId });
  await expect(onScreen(overlay)).toHaveText(`${pixel!.name} just followed!`, { timeout: 1_000 });

  // Two more wait behind it; the page reloads in the middle.
  await sim.follow({ user_id: byte!.id, broadcaster_id: broadcasterId });
  await sim.follow({ user_id: cube!.id, broadcaster_id: broadcasterId });
  await expect(page.getByTestId('alert-waiting-count')).toHaveText('2 waiting');
  await overlay.reload();
  await expect(onScreen(overlay)).toHaveText(`${cube!.name} just followed!`, { timeout: 20_000 });
  const seen = await alertsSeen(overlay);
  // Each alert entered the screen once; after the reload the page at most joined the one on screen.
  const entered = seen.filter((a) => !a.joined).map((a) => a.id);
  expect(new Set(entered).size).toBe(entered.length);
  expect(seen.map((a) => a.text)).toEqual(expect.arrayContaining([`${pixel!.name} just followed!`, `${byte!.name} just followed!`, `${cube!.name} just followed!`]));
  expect(seen.filter((a) => a.text === `${pixel!.name} just followed!` && !a.joined)).toHaveLength(1);

  // Skip takes it off at once; Replay shows it again.
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(overlay.locator('.alert:not(.leaving)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Replay last', exact: true }).click();
  await expect(onScreen(overlay)).toHaveText(`${cube!.name} just followed!`);
  await expect(page.getByTestId('alert-showing')).toContainText(`${cube!.name} just followed!`);

  // Reduced motion: Sidestage's setting, or the viewer's own preference, makes the entrance a fade.
  const animation = () => overlay.locator('.alert:not(.leaving)').evaluate((el) => getComputedStyle(el).animationName);
  expect(await animation()).toBe('alert-slide-from-top-in');
  await ipc(page, 'overlays:setReducedMotion', { reducedMotion: true });
  await expect(overlay.locator('html')).toHaveAttribute('data-reduced-motion', 'true');
  expect(await animation()).toBe('alert-fade-in');
  await ipc(page, 'overlays:setReducedMotion', { reducedMotion: false });
  await expect(overlay.locator('html')).toHaveAttribute('data-reduced-motion', 'false');
  expect(await animation()).toBe('alert-slide-from-top-in');
  await overlay.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animation()).toBe('alert-fade-in');
});

test('the Live view’s Alerts tile: chosen in Arrange, V pauses and resumes, it says what shows and what waits; its sheet skips, replays and tests, and fits the dock', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  const { overlay } = await alertsOverlay(page, context, dock);
  await ipc(page, 'overlays:setAlertOptions', { gapMs: 0 });
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Live', exact: true }).click();
  const tileState = page.getByTestId('tile-state-alerts');
  // Off the view for a new broadcaster; chosen in Arrange.
  await expect(page.locator('[data-tile-id="alerts"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Arrange' }).click();
  await page.getByRole('dialog', { name: 'Arrange the Live view' }).getByRole('checkbox', { name: /^Alerts/ }).check();
  await page.keyboard.press('Escape');
  await expect(tileState).toHaveText('Nothing waiting');

  // V pauses: a follow waits, and the tile says so.
  await pressInView(page, 'v');
  await expect(page.getByRole('button', { name: 'Resume alerts', exact: true })).toBeVisible();
  await expect(tileState).toHaveText('Paused');
  const [viewer] = await newViewers(dock, 'ovtile', 1);
  await sim.follow({ user_id: viewer!.id, broadcaster_id: broadcasterId });
  await expect(tileState).toHaveText('Paused1 waiting');
  await expect(overlay.locator('.alert:not(.leaving)')).toHaveCount(0);

  // V again: it shows, on the page and on the tile.
  await page.keyboard.press('v');
  await expect(onScreen(overlay)).toHaveText(`${viewer!.name} just followed!`);
  await expect(tileState).toHaveText(`Showing: ${viewer!.name} just followed!`);

  // Its sheet: Skip, Replay last, Test; inside the dock's width.
  await page.getByRole('button', { name: 'Pause alerts: more' }).click();
  const sheet = page.getByRole('dialog', { name: 'Alerts' });
  await expect(sheet.getByTestId('alert-showing')).toContainText(`${viewer!.name} just followed!`);
  expect(await boxesLeavingTheirContainer(page, 'dialog[open]')).toEqual([]);
  await sheet.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(overlay.locator('.alert:not(.leaving)')).toHaveCount(0);
  await expect(tileState).toHaveText('Nothing waiting');
  await sheet.getByRole('button', { name: 'Replay last', exact: true }).click();
  await expect(onScreen(overlay)).toHaveText(`${viewer!.name} just followed!`);
  await sheet.getByRole('button', { name: 'Skip', exact: true }).click();
  await sheet.getByLabel('Test alert').selectOption('cheer');
  await sheet.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(sheet.getByRole('status').filter({ hasText: /practice channel|test/i })).toBeVisible();
  await expect(onScreen(overlay)).toContainText('cheered', { timeout: 20_000 });
  await expect(tileState).toContainText(/^Showing: .*cheered/);
});

test('a gift of 50 is one alert; the page without its token gets nothing; a reset link stops working', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  const { overlay, url } = await alertsOverlay(page, context, dock);
  await ipc(page, 'overlays:setAlertOptions', { gapMs: 0 });
  await ipc(page, 'overlays:setAlertType', { kind: 'giftSubscriptions', changes: { durationMs: 1_000 } });

  const [gifter, follower] = await newViewers(dock, 'ovgift', 2);
  const recipients = await newViewers(dock, 'ovrecv', 50);
  await sim.giftSubscriptions({ broadcaster_id: broadcasterId, user_id: gifter!.id, tier: '1000', recipient_ids: recipients.map((r) => r.id) });
  // EventSub delivers in order: the follow comes after the gift's 50 subscription events.
  await sim.follow({ user_id: follower!.id, broadcaster_id: broadcasterId });
  await expect(onScreen(overlay)).toHaveText(`${follower!.name} just followed!`, { timeout: 20_000 });
  expect((await alertsSeen(overlay)).map((a) => a.text)).toEqual([`${gifter!.name} gifted 50 subs!`, `${follower!.name} just followed!`]);
  expect((await ipc<AlertQueueState>(page, 'overlays:getQueue')).waitingCount).toBe(0);

  // Without its token, or with a wrong one: refused, in words, and no page at all.
  const stranger = await context.newPage();
  const bare = await stranger.goto(url.replace(/\?token=.*$/, ''));
  expect(bare?.status()).toBe(401);
  await expect(stranger.locator('body')).toContainText('not valid');
  expect((await stranger.goto(url.replace(/token=.{4}/, 'token=AAAA')))?.status()).toBe(401);
  expect(await stranger.evaluate(() => document.querySelectorAll('script').length)).toBe(0);

  // The panel's preview: the same page, framed by the dock (its CSP allows the overlay origin only).
  const card = page.locator('[data-overlay="alerts"]');
  await card.getByRole('button', { name: 'Preview' }).click();
  await expect(card.frameLocator('iframe[title="Alerts preview"]').locator('html')).toHaveAttribute('data-connected', 'true');
  // The preview is not a page the stream sees: the alerts are not used up for it.
  await expect(card.getByTestId('overlay-pages')).toHaveText('Open in 1 place');
  await card.getByRole('button', { name: 'Preview' }).click();

  // Reset the link: the open page is closed and cannot come back; the old URL is refused.
  await page.locator('[data-overlay="alerts"]').getByRole('button', { name: 'Reset the link' }).click();
  await page.getByRole('button', { name: 'Reset: the old URL stops working' }).click();
  await expect(overlay.locator('html')).toHaveAttribute('data-connected', 'false');
  expect((await stranger.goto(url))?.status()).toBe(401);
  const state = await ipc<OverlaysState>(page, 'overlays:getState');
  expect(state.overlays.find((o) => o.key === 'alerts')?.url).not.toBe(url);
});

test('an ad break pauses the alerts and they resume after it; the goal bar follows donations', async ({ page, context, dock }) => {
  test.setTimeout(150_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  const { overlay } = await alertsOverlay(page, context, dock);
  await sim.streamOnline(broadcasterId, { viewer_count: 10 });
  // Going live brings the Live view forward; the broadcaster goes back to Overlays.
  await expect(page.getByRole('heading', { name: 'Live', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Overlays', exact: true }).click();
  await ipc(page, 'ads:run', { length: 30 });
  await expect(page.getByTestId('alert-wait')).toContainText('Paused for an ad break');
  const queue = await ipc<AlertQueueState>(page, 'overlays:getQueue');
  const adEnds = Date.parse(queue.adBreakEndsAt!);

  const [viewer] = await newViewers(dock, 'ovad', 1);
  await sim.follow({ user_id: viewer!.id, broadcaster_id: broadcasterId });
  await expect(page.getByTestId('alert-waiting-count')).toHaveText('1 waiting');
  await expect(onScreen(overlay)).toHaveText(`${viewer!.name} just followed!`, { timeout: 45_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(adEnds - 500);
  await expect(page.getByTestId('alert-wait')).toHaveCount(0);

  // The charity goal bar (the demo channel has a campaign) moves with a donation.
  const state = await ipc<OverlaysState>(page, 'overlays:getState');
  const goal = await openOverlay(context, state.overlays.find((o) => o.key === 'goal/charity')!.url!);
  const figures = goal.locator('.goal-figures');
  await expect(figures).toContainText('/');
  const before = await figures.textContent();
  const width = () => goal.locator('.goal-fill').evaluate((el) => el.getBoundingClientRect().width);
  const widthBefore = await width();
  await sim.donate({ broadcaster_id: broadcasterId, user_id: viewer!.id, amount: { value: 2_500, decimal_places: 2, currency: 'USD' } });
  await expect(figures).not.toHaveText(before!);
  await expect.poll(width).toBeGreaterThan(widthBefore);
});

test('a restart of Sidestage with the page open: the page reconnects by itself and the queue continues', async ({ browser }) => {
  test.setTimeout(180_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'sidestage-e2e-overlays-'));
  const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
  let running = await startDockProcess(dataDir);
  try {
    const page = await context.newPage();
    const { overlay } = await alertsOverlay(page, context, running.dock);
    let { broadcasterId } = await demoIdentities(running.dock.emulatorUrl);
    // Paused, a follow waits; then Sidestage stops with it waiting.
    await page.getByRole('button', { name: 'Pause alerts' }).click();
    const [waiting] = await newViewers(running.dock, 'ovwait', 1);
    await simulation(running.dock.emulatorUrl).follow({ user_id: waiting!.id, broadcaster_id: broadcasterId });
    await expect(page.getByTestId('alert-waiting-count')).toHaveText('1 waiting');
    await running.stop();
    await expect(overlay.locator('html')).toHaveAttribute('data-connected', 'false');

    running = await startDockProcess(dataDir);
    // The page was never reloaded: it finds Sidestage again on the same port.
    await expect(overlay.locator('html')).toHaveAttribute('data-connected', 'true', { timeout: 30_000 });
    await signInToDemo(page, context, running.dock);
    await page.getByRole('button', { name: 'Overlays', exact: true }).click();
    await expect(page.getByTestId('alert-waiting-count')).toHaveText('1 waiting');
    await page.getByRole('button', { name: 'Resume alerts' }).click();
    await expect(onScreen(overlay)).toHaveText(`${waiting!.name} just followed!`);
    // And new events of the new run show on the same page.
    await waitForSubscriptions(running.dock);
    ({ broadcasterId } = await demoIdentities(running.dock.emulatorUrl));
    const [fresh] = await newViewers(running.dock, 'ovfresh', 1);
    await simulation(running.dock.emulatorUrl).follow({ user_id: fresh!.id, broadcaster_id: broadcasterId });
    await expect(onScreen(overlay)).toHaveText(`${fresh!.name} just followed!`, { timeout: 20_000 });
  } finally {
    await context.close();
    await running.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
