/**
 * The stream widgets end to end: the app in a 420 px dock, two widget pages (the latest follower
 * and the credits roll) at 1920x1080 in Chromium, the real services and the demo emulator. A follow
 * made through the simulation API reaches both pages through EventSub, the channel-event stream and
 * the widgets' tally, and both show it again after a reload; a name added mid-roll does not restart
 * the roll. The timer is started from the panel.
 */
import type { OverlaysState } from '../src/shared/ipc/contract';
import { expect, test } from './support/dock-fixture';
import { untilSubscribed } from './support/emulator-client';
import { ipc } from './support/dock-ipc';
import { openOverlayPage, signedInOnOverlays } from './support/overlay-pages';

test.use({ viewport: { width: 420, height: 900 } });

test('the latest follower and the credits show a simulated follow, as text, and again after a reload; the timer starts from the panel', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const { sim, broadcasterId } = await signedInOnOverlays(page, context, dock);

  // Each widget is an overlay of its own, with its own link.
  for (const key of ['widget/recent', 'widget/latest', 'widget/counter', 'widget/timer', 'widget/credits']) await expect(page.locator(`[data-overlay="${key}"]`)).toBeVisible();
  const latestCard = page.locator('[data-overlay="widget/latest"]');
  await expect(latestCard.getByLabel('Shows')).toHaveValue('latestFollower');
  const state = await ipc<OverlaysState>(page, 'overlays:getState');
  const urlOf = (key: string) => state.overlays.find((o) => o.key === key)!.url!;
  expect(urlOf('widget/latest')).toMatch(/\/overlay\/widget\/latest\?token=[\w-]{43}$/);
  expect(urlOf('widget/latest')).not.toBe(urlOf('widget/credits'));

  const open = (key: string) => openOverlayPage(context, urlOf(key));
  const latest = await open('widget/latest');
  const credits = await open('widget/credits');
  await expect(latest.locator('.widget-latest .widget-label')).toHaveText('Latest follower');

  await untilSubscribed(sim, ['channel.follow']);
  const viewer = await sim.createUser({ login: 'widgetfan', display_name: 'WidgetFan' });
  await sim.follow({ user_id: viewer.id, broadcaster_id: broadcasterId });

  const latestName = latest.locator('.widget-latest .widget-name');
  const creditNames = credits.locator('.widget-credits-section', { hasText: 'Followers' }).locator('.widget-name');
  await expect(latestName).toHaveText(viewer.display_name, { timeout: 20_000 });
  await expect(creditNames).toHaveText([viewer.display_name]);
  // The credits roll up the page.
  expect(await credits.locator('.widget-credits-roll').evaluate((el) => getComputedStyle(el).animationName)).toBe('credits-roll');

  // A second follow mid-roll: the roll goes on (the same element), with both names.
  await credits.locator('.widget-credits-roll').evaluate((el) => el.setAttribute('data-marked', 'yes'));
  const second = await sim.createUser({ login: 'widgetpal', display_name: 'WidgetPal' });
  await sim.follow({ user_id: second.id, broadcaster_id: broadcasterId });
  await expect(creditNames).toHaveText([viewer.display_name, second.display_name], { timeout: 20_000 });
  await expect(credits.locator('.widget-credits-roll[data-marked="yes"]')).toHaveCount(1);
  await expect(latestName).toHaveText(second.display_name);

  // A reload: the same, from main's kept state (no event arrives in between).
  await latest.reload();
  await credits.reload();
  await expect(latestName).toHaveText(second.display_name);
  await expect(creditNames).toHaveText([viewer.display_name, second.display_name]);

  // Another "which", chosen in its card: the page shows it at once (nobody has gifted yet).
  await latestCard.getByLabel('Shows').selectOption('topGifterBroadcast');
  await expect(latest.locator('.widget-latest .widget-label')).toHaveText('Top gifter today');
  await expect(latestName).toHaveText('—');

  // The timer: started from its card, the page counts down by itself.
  const timerCard = page.locator('[data-overlay="widget/timer"]');
  const timer = await open('widget/timer');
  const face = timer.locator('.widget-timer .widget-value');
  await expect(face).toHaveText('5:00');
  await timerCard.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(timer.locator('.widget-timer')).toHaveAttribute('data-running', 'true');
  await expect(face).toHaveText(/^4:5\d$/, { timeout: 10_000 });
  await timerCard.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(face).toHaveText('5:00');
});
