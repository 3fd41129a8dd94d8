/**
 * Numbers that must not outlive what they describe, in a 420 px dock (issue 30): the Live view's
 * viewer count goes within a second of the dock losing Sidestage, as the status bar's does; an ad's
 * "Ad running" countdown stops, in its tile and its sheet, when the stream's offline event arrives.
 */
import { expect, test } from './support/dock-fixture';
import { simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';
import { routeDockEvents } from './support/dock-events-route';
import { openPanel } from './support/panels';

test.use({ viewport: { width: 420, height: 900 } });

const broadcasterId = '501234567';

test('the viewer count goes within 1 s of the dock losing Sidestage, and comes back with it', async ({ page, context, dock }) => {
  // The event stream goes through a route the test can cut, as a dock process that went away would.
  const events = await routeDockEvents(page);
  await signInToDemo(page, context, dock);
  await simulation(dock.emulatorUrl).streamOnline(broadcasterId, { title: 'Counting', viewer_count: 1873 });
  await openPanel(page, 'Live');
  const viewers = page.getByTestId('live-viewers');
  await expect(viewers).toHaveText('1,873 viewers');
  await expect(page.locator('footer')).toContainText('1,873 viewers');

  await events.cut();
  // The status line says the dock lost Sidestage; the count it had is gone from it and from the
  // status bar within the second (the bound), not left standing as if it were current.
  await expect(page.getByTestId('live-state')).toHaveText(/Sidestage/);
  await expect(viewers).toHaveCount(0, { timeout: 1_000 });
  await expect(page.locator('footer')).not.toContainText('viewers', { timeout: 1_000 });

  events.restore();
  await expect(viewers).toHaveText('1,873 viewers', { timeout: 30_000 });
});

test('"Ad running" stops counting, in the tile and the Ads sheet, when the stream goes offline', async ({ page, context, dock }) => {
  const sim = simulation(dock.emulatorUrl);
  await signInToDemo(page, context, dock);
  await untilSubscribed(sim, ['stream.offline']);
  await sim.streamOnline(broadcasterId, { vod: true, title: 'One long ad', viewer_count: 5 });
  await openPanel(page, 'Live');
  await expect(page.getByTestId('live-state')).toHaveText(/^Live /);

  // The longest ad, so that a countdown left running would still read "Ad running" for minutes.
  await page.getByRole('region', { name: 'Quick actions' }).getByRole('button', { name: 'Run ad: more' }).click();
  const sheet = page.getByRole('dialog', { name: 'Ads' });
  await sheet.getByRole('combobox', { name: 'Length' }).selectOption('180');
  await sheet.getByRole('button', { name: 'Run a 180 s ad' }).click();
  await expect(sheet.getByTestId('ad-running')).toHaveText(/^Ad running [23]:\d\d$/);
  await expect(page.getByTestId('tile-state-ad')).toHaveText(/^Ad running [23]:\d\d/);

  await sim.streamOffline(broadcasterId);
  await expect(page.getByTestId('live-state')).toHaveText('Offline');
  await expect(sheet.getByTestId('ad-running')).toHaveCount(0);
  await expect(sheet.getByTestId('ad-cooldown')).toHaveText(/^Ads run only while you are live\./);
  await expect(page.getByTestId('tile-state-ad')).toHaveText('Live only');
});
