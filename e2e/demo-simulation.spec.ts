/**
 * The demo's "Simulate viewers" switch end to end in the dock: on, the demo channel goes live
 * (the status bar says so, from EventSub), viewers' chat messages show in the Live view's chat and
 * their redemptions reach the Queue by themselves; off, the stream ends and the activity stops.
 */
import { expect, test } from './support/dock-fixture';
import { demoIdentities, simulation } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';

const broadcasterId = '501234567';

/**
 * What waits at the platform for Sidestage's queue: the redemptions of the rewards the app made. A
 * reward made on the platform's dashboard (the demo's "VIP for a day") is no app's to manage, so
 * its redemptions are never in the queue; the viewers redeem it too.
 */
async function waiting(emulatorUrl: string) {
  const [{ clientId }, overview] = await Promise.all([demoIdentities(emulatorUrl), simulation(emulatorUrl).redemptions({ broadcaster_id: broadcasterId, status: 'UNFULFILLED' })]);
  const ours = new Set(overview.rewards.filter((r) => r.client_id === clientId).map((r) => r.id));
  return overview.redemptions.filter((r) => ours.has(r.reward.id));
}

test('Simulate viewers: the channel goes live, viewers chat and redemptions arrive by themselves; off ends the stream', async ({ page, context, dock }) => {
  // Viewers redeem about every 8 s and some rewards skip the queue: allow for a few of them.
  test.setTimeout(150_000);
  await signInToDemo(page, context, dock);
  await expect(page.getByTestId('status-stream')).toHaveText('Offline');
  await page.getByRole('button', { name: 'Queue', exact: true }).click();
  await expect(page.getByTestId('queue-sync')).toContainText('In sync with the platform');
  const before = new Set((await waiting(dock.emulatorUrl)).map((r) => r.id));

  const toggle = page.getByRole('switch', { name: 'Simulate viewers' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(toggle).toBeChecked();
  await expect(page.getByTestId('status-stream')).toHaveText(/^Live( \d+:\d\d)?$/);
  // Going live brings the Live panel; the queue is one press away.
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Live' })).toBeVisible();
  // Viewers chat (a line every few seconds): one of their messages, as the platform delivered it, shows in the Live view's chat.
  const chatLog = page.getByRole('log', { name: 'Chat messages' });
  await expect
    .poll(
      async () => {
        const sent = (await simulation(dock.emulatorUrl).chatMessages(broadcasterId)).messages.filter((m) => m.is_sent && m.user_id !== broadcasterId);
        const shown = new Set(await chatLog.locator('[data-message-id]').evaluateAll((lines) => lines.map((l) => l.getAttribute('data-message-id'))));
        return sent.some((m) => shown.has(m.message_id));
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(true);
  await page.getByRole('button', { name: 'Queue', exact: true }).click();

  // A redemption nobody made in this test, waiting in the queue: learn its id from the emulator…
  let arrived = '';
  await expect
    .poll(
      async () => {
        arrived = (await waiting(dock.emulatorUrl)).find((r) => !before.has(r.id))?.id ?? '';
        return arrived;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .not.toBe('');
  // …and see it in the Queue, brought by EventSub.
  await expect(page.locator(`[data-redemption-id="${arrived}"]`)).toBeAttached();
  await expect(page.getByTestId('demo-simulation-counts')).toContainText(/[1-9]\d* redemptions?/);
  await expect(page.getByTestId('demo-simulation-counts')).toContainText(/[1-9]\d* chat messages?/);
  // In a 420 px dock the counts keep to one line, however many kinds there are.
  await page.setViewportSize({ width: 420, height: 800 });
  const counts = page.getByTestId('demo-simulation-counts');
  await expect.poll(async () => (await counts.boundingBox())?.height ?? 0).toBeGreaterThan(0);
  const lineHeight = await counts.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await counts.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  await expect(counts).toHaveAttribute('title', /chat messages?/);

  await toggle.uncheck();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId('status-stream')).toHaveText('Offline');
  await expect(page.getByTestId('demo-simulation-counts')).toHaveCount(0);
  const state = await simulation(dock.emulatorUrl).state();
  expect(state.streams.some((s) => s.user_id === broadcasterId)).toBe(false);
});
