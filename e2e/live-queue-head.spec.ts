/**
 * The head of the redemption queue in the Live view, against the demo emulator: redemptions made
 * through the simulation API appear there oldest first (the three oldest in a window, the oldest in
 * a 420 px dock); F fulfils the first and the emulator holds it FULFILLED; X cancels it with a
 * refund after the undo window (CANCELED in the emulator), and Undo within the window keeps it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/dock-fixture';
import { simulation } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';
import { pressInView } from './support/panels';

test.use({ viewport: { width: 1280, height: 900 } });

const broadcasterId = '501234567';
const viewers = ['612345001', '612345002', '612345003', '612345004'];

/** The ids the head shows, in order. */
async function headIds(page: Page): Promise<string[]> {
  return page.locator('[data-queue-head-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-queue-head-id') ?? ''));
}

test('the queue head: new redemptions appear, F fulfils, X cancels after its undo window, Undo keeps it', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const sim = simulation(dock.emulatorUrl);
  const status = async (id: string) => (await sim.redemptions({ broadcaster_id: broadcasterId })).redemptions.find((r) => r.id === id)?.status;

  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'Live', exact: true }).click();
  const head = page.getByRole('region', { name: 'Next redemptions' });
  await expect(head).toBeVisible();
  await expect(head.locator('[data-queue-head-id]').first().or(page.getByTestId('queue-head-empty'))).toBeVisible();
  // The F key and the X key are in the Live view's legend.
  await expect(page.locator('.quick-actions-legend')).toContainText('F fulfil the next redemption');
  await expect(page.locator('.quick-actions-legend')).toContainText('X cancel it with a refund');

  // The demo channel's older redemptions go first, with F, one at a time (bounded), each held
  // FULFILLED by the emulator.
  // The empty state shows only once the queue is in sync with the platform (not while it loads).
  const empty = page.getByTestId('queue-head-empty');
  for (let i = 0; i < 20; i++) {
    await expect(head.locator('[data-queue-head-id]').first().or(empty)).toBeVisible();
    if (await empty.isVisible()) break;
    const [first] = await headIds(page);
    await pressInView(page, 'f');
    await expect(head.locator(`[data-queue-head-id="${first}"]`)).toHaveCount(0);
    await expect.poll(() => status(first!)).toBe('FULFILLED');
  }
  await expect(page.getByTestId('queue-head-empty')).toContainText('No redemptions are waiting.');

  // Four new redemptions: the three oldest are shown, and one more is counted.
  const rewards = await sim.redemptions({ broadcaster_id: broadcasterId });
  const hydrate = rewards.rewards.find((r) => r.title === 'Hydrate!')!.id;
  const answers = [];
  for (const user of viewers) answers.push(await sim.redeem({ broadcaster_id: broadcasterId, reward_id: hydrate, user_id: user }));
  // The platform's times are to the second: within one, the queue's order is the id's (as everywhere in Sidestage).
  const made = answers
    .sort((a, b) => (a.redeemed_at !== b.redeemed_at ? (a.redeemed_at < b.redeemed_at ? -1 : 1) : a.id < b.id ? -1 : 1))
    .map((r) => r.id);
  await expect.poll(() => headIds(page)).toEqual(made.slice(0, 3));
  await expect(page.getByTestId('queue-head-more')).toHaveText('1 more in the queue');
  // A 420 px dock has room for the oldest one, and counts the others; nothing wider than the dock.
  await page.setViewportSize({ width: 420, height: 800 });
  await expect.poll(() => headIds(page)).toEqual(made.slice(0, 1));
  await expect(page.getByTestId('queue-head-more')).toHaveText('3 more in the queue');
  expect(await head.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });

  // F fulfils the first.
  await pressInView(page, 'f');
  await expect.poll(() => headIds(page)).toEqual(made.slice(1, 4));
  await expect.poll(() => status(made[0]!)).toBe('FULFILLED');

  // X hides the next one and waits; Undo within the window keeps it, and nothing is sent.
  // Every countdown the notice shows is recorded from its first paint: the view has been open for
  // a while, and the notice never counts from then (it once showed "Sent in 1101 s").
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { undoCountdowns: string[] }).undoCountdowns = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="queue-head-undo"]')?.textContent;
      if (text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await pressInView(page, 'x');
  await expect.poll(() => headIds(page)).toEqual(made.slice(2, 4));
  const undo = page.getByTestId('queue-head-undo');
  await expect(undo).toContainText('canceled with a refund');
  const countdowns = await page.evaluate(() => (window as unknown as { undoCountdowns: string[] }).undoCountdowns);
  const seconds = countdowns.map((text) => Number(/Sent in (\d+) s/.exec(text)?.[1]));
  expect(seconds.length).toBeGreaterThan(0);
  for (const s of seconds) expect(s, countdowns.join(' | ')).toBeLessThanOrEqual(5);
  await undo.getByRole('button', { name: /^Undo/ }).click();
  await expect(undo).toHaveCount(0);
  await expect.poll(() => headIds(page)).toEqual(made.slice(1, 4));
  expect(await status(made[1]!)).toBe('UNFULFILLED');

  // X again, not undone: sent once the window is over, and the emulator holds it CANCELED.
  await pressInView(page, 'x');
  await expect(undo).toBeVisible();
  await expect.poll(() => status(made[1]!), { timeout: 15_000 }).toBe('CANCELED');
  await expect(undo).toHaveCount(0);
  await expect.poll(() => headIds(page)).toEqual(made.slice(2, 4));

  // The Cancel button of a later item goes the same way (undoable), and U undoes it in the Live view.
  await head.getByRole('button', { name: /^Cancel .* \(refund\)$/ }).nth(1).click();
  await expect.poll(() => headIds(page)).toEqual([made[2]!]);
  await pressInView(page, 'u');
  await expect.poll(() => headIds(page)).toEqual(made.slice(2, 4));
  expect(await status(made[3]!)).toBe('UNFULFILLED');
});
