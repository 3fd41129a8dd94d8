/**
 * Alerts that look like the broadcaster's own, end to end: the dock at 420 px, the alerts overlay in
 * a second real page at 1920x1080, the demo emulator making the events. A cheer of 100 and one of
 * 1,000 play different variations of the cheer alert, each with its own text.
 */
import type { AlertVariation } from '../src/shared/ipc/contract';
import { expect, test } from './support/dock-fixture';
import { demoIdentities, simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';
import { ipc } from './support/dock-ipc';

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
});

test('a cheer of 100 and one of 1,000 play different variations in a real overlay page', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'Overlays', exact: true }).click();
  // The variations, made in the editor's list: the first that matches plays.
  await ipc(page, 'overlays:setAlertOptions', { gapMs: 0 });
  await ipc(page, 'overlays:setAlertType', { kind: 'cheer', changes: { durationMs: 1_000, variations: [variation('huge', 1000, 'HUGE: {user} threw {bits} bits'), variation('big', 100, 'Big cheer of {bits}')] } });
  const editor = page.locator('details.alert-type[data-kind="cheer"]');
  await editor.locator('summary').click();
  await expect(editor.locator('.alert-variation')).toHaveCount(2);

  const state = await ipc<{ overlays: { key: string; url: string | null }[] }>(page, 'overlays:getState');
  const url = state.overlays.find((o) => o.key === 'alerts')!.url!;
  await untilSubscribed(sim, ['channel.cheer']);
  const overlay = await context.newPage();
  await overlay.setViewportSize({ width: 1920, height: 1080 });
  await overlay.goto(url);
  await expect(overlay.locator('html')).toHaveAttribute('data-connected', 'true');

  const viewer = await sim.createUser({ login: 'bigcheerer', display_name: 'BigCheerer' });
  await sim.cheer({ broadcaster_id: broadcasterId, user_id: viewer.id, bits: 100 });
  await expect(overlay.locator('.alert:not(.leaving) .alert-text')).toHaveText('Big cheer of 100', { timeout: 20_000 });
  await sim.cheer({ broadcaster_id: broadcasterId, user_id: viewer.id, bits: 1000 });
  await expect(overlay.locator('.alert:not(.leaving) .alert-text')).toHaveText('HUGE: BigCheerer threw 1,000 bits', { timeout: 20_000 });
});
