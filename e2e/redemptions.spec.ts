/**
 * Redemptions and donations end to end in the dock: redemptions made through the simulation API
 * appear live in the Queue, are fulfilled with the keyboard, and the emulator holds them FULFILLED;
 * a donation appears in the Charity feed and moves the progress bar.
 */
import { expect, test } from './support/dock-fixture';
import { simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';

const broadcasterId = '501234567';
const viewers = ['612345001', '612345002', '612345004'];

test('redemptions arrive live, are fulfilled with the keyboard, and a donation moves the campaign', async ({ page, context, dock }) => {
  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'Queue', exact: true }).click();
  const list = page.getByRole('listbox', { name: /Redemptions, oldest first/ });
  await expect(list).toBeVisible();
  await expect(page.getByTestId('queue-sync')).toContainText('In sync with the platform');

  const sim = simulation(dock.emulatorUrl);
  await untilSubscribed(sim, ['channel.channel_points_custom_reward_redemption.add']);
  const state = await sim.redemptions({ broadcaster_id: broadcasterId });
  const hydrate = state.rewards.find((r) => r.title === 'Hydrate!')!.id;
  const made: string[] = [];
  for (const user of viewers) {
    const r = await sim.redeem({ broadcaster_id: broadcasterId, reward_id: hydrate, user_id: user });
    made.push(r.id);
  }
  // Live through EventSub: the three newest rows, each also announced as an in-app notification.
  for (const id of made) await expect(page.locator(`[data-redemption-id="${id}"]`)).toBeAttached();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(/redeemed Hydrate!/).first()).toBeVisible();

  // The keyboard: End to the newest, Space to select it and the two above, F to fulfil.
  await list.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(list.getByRole('option', { selected: true })).toHaveCount(3);
  // British spelling, as everywhere else the broadcaster reads it.
  await expect(page.getByRole('button', { name: /^Fulfil 3 selected/ })).toBeEnabled();
  await expect(page.locator('#queue-keys')).toContainText('F fulfil · C cancel');
  await page.keyboard.press('f');

  for (const id of made) await expect(page.locator(`[data-redemption-id="${id}"]`)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: '3 fulfilled.' })).toBeVisible();
  await expect
    .poll(async () => {
      const after = await sim.redemptions({ broadcaster_id: broadcasterId, reward_id: hydrate });
      return made.map((id) => after.redemptions.find((r) => r.id === id)?.status);
    })
    .toEqual(['FULFILLED', 'FULFILLED', 'FULFILLED']);

  // Charity: a donation appears in the feed and moves the progress bar.
  await page.getByRole('button', { name: 'Charity', exact: true }).click();
  const progress = page.getByRole('progressbar', { name: 'Campaign progress' });
  await expect(progress).toBeVisible();
  const before = Number(await progress.getAttribute('value'));
  const raisedBefore = await page.getByTestId('charity-raised').innerText();
  const donation = await sim.donate({
    broadcaster_id: broadcasterId,
    user_id: viewers[0]!,
    amount: { value: 12_345, decimal_places: 2, currency: 'USD' },
  });
  await expect(page.locator(`[data-donation-id="${donation.id}"]`)).toContainText('$123.45');
  await expect(page.getByTestId('charity-raised')).not.toHaveText(raisedBefore);
  await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThan(before);
});
