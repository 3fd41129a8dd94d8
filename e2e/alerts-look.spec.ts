/**
 * Alerts that look like the broadcaster's own, end to end: the dock at 420 px, the alerts overlay in
 * a second real page at 1920x1080, the demo emulator making the events. A cheer of 100 and one of
 * 1,000 play different variations of the cheer alert, each with its own text; a position and an
 * entrance chosen in the editor put the alert at that corner of the page, coming in that way.
 */
import type { AlertVariation } from '../src/shared/ipc/contract';
import { expect, test } from './support/dock-fixture';
import { untilSubscribed } from './support/emulator-client';
import { ipc } from './support/dock-ipc';
import { openOverlayPage, overlayUrl, signedInOnOverlays } from './support/overlay-pages';

test.use({ viewport: { width: 420, height: 900 } });

const variation = (id: string, atLeast: number, template: string): AlertVariation => ({
  id,
  name: id,
  when: { atLeast, below: null, tier: null, anonymous: null, rewardId: null },
  template,
  durationMs: 1_000,
  imageId: null,
  soundId: null,
  volume: 0.5,
  speak: false,
  style: {},
});

test('a cheer of 100 and one of 1,000 play different variations in a real overlay page', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const { sim, broadcasterId } = await signedInOnOverlays(page, context, dock);
  // The variations, made in the editor's list: the first that matches plays.
  await ipc(page, 'overlays:setAlertOptions', { gapMs: 0 });
  await ipc(page, 'overlays:setAlertType', { kind: 'cheer', changes: { durationMs: 1_000, variations: [variation('huge', 1000, 'HUGE: {user} threw {bits} bits'), variation('big', 100, 'Big cheer of {bits}')] } });
  const editor = page.locator('details.alert-type[data-kind="cheer"]');
  await editor.locator('summary').click();
  await expect(editor.locator('.alert-variation')).toHaveCount(2);

  await untilSubscribed(sim, ['channel.cheer']);
  const overlay = await openOverlayPage(context, await overlayUrl(page, 'alerts'));

  const viewer = await sim.createUser({ login: 'bigcheerer', display_name: 'BigCheerer' });
  await sim.cheer({ broadcaster_id: broadcasterId, user_id: viewer.id, bits: 100 });
  await expect(overlay.locator('.alert:not(.leaving) .alert-text')).toHaveText('Big cheer of 100', { timeout: 20_000 });
  await sim.cheer({ broadcaster_id: broadcasterId, user_id: viewer.id, bits: 1000 });
  await expect(overlay.locator('.alert:not(.leaving) .alert-text')).toHaveText('HUGE: BigCheerer threw 1,000 bits', { timeout: 20_000 });
});

test('a position and an entrance chosen in the editor put the alert there on the page, coming in that way', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const { sim, broadcasterId } = await signedInOnOverlays(page, context, dock);
  await ipc(page, 'overlays:setAlertOptions', { gapMs: 0 });
  await ipc(page, 'overlays:setAlertType', { kind: 'follow', changes: { durationMs: 30_000 } });

  const editor = page.locator('details.alert-type[data-kind="follow"]');
  await editor.locator('summary').click();
  const look = editor.locator('fieldset.alert-look').first();
  // It fits the 420 px dock: nothing wider than the page.
  const lookBox = (await look.boundingBox())!;
  expect(lookBox.x + lookBox.width).toBeLessThanOrEqual(420);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
  await look.getByLabel('Position').selectOption('bottom-right');
  await look.getByLabel('Entrance').selectOption('pop');
  // A value out of bounds is refused in words, and not saved.
  const moveRight = look.getByLabel('Move right (px)');
  await moveRight.fill('5000');
  await expect(look.getByText('An offset is at most 1920 px.')).toBeVisible();
  await moveRight.fill('-40');
  await moveRight.press('Enter');
  const moveDown = look.getByLabel('Move down (px)');
  await moveDown.fill('-30');
  await moveDown.press('Enter');
  await expect
    .poll(async () => (await ipc<{ alerts: { types: { follow: { style: Record<string, unknown> } } } }>(page, 'overlays:getState')).alerts.types.follow.style)
    .toMatchObject({ anchor: 'bottom-right', entrance: 'pop', offsetX: -40, offsetY: -30 });

  await untilSubscribed(sim, ['channel.follow']);
  const overlay = await openOverlayPage(context, await overlayUrl(page, 'alerts'));
  const violations: string[] = [];
  overlay.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });

  const viewer = await sim.createUser({ login: 'cornerfan', display_name: 'CornerFan' });
  await sim.follow({ user_id: viewer.id, broadcaster_id: broadcasterId });
  const alert = overlay.locator('.alert:not(.leaving)');
  await expect(alert.locator('.alert-text')).toHaveText('CornerFan just followed!', { timeout: 20_000 });
  expect(await alert.evaluate((el) => getComputedStyle(el).animationName)).toBe('alert-pop-in');
  // Once it has come in: its box ends 40 px from the right and 30 px from the bottom of the 1920x1080 page.
  await expect.poll(() => alert.evaluate((el) => el.getAnimations().every((a) => a.playState === 'finished')), { timeout: 10_000 }).toBe(true);
  const box = (await alert.boundingBox())!;
  expect(box.x + box.width).toBeCloseTo(1920 - 40, 0);
  expect(box.y + box.height).toBeCloseTo(1080 - 30, 0);
  expect(box.x).toBeGreaterThan(960);
  expect(violations).toEqual([]);
});
