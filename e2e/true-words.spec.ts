/**
 * True words in the dock at 420 px (issue 10, "Why"): one title everywhere after a change on the
 * platform, statuses that say "disconnected" and stop counting, errors in the broadcaster's words,
 * the Markers panel of a browser dock, the category combobox, Copy stream URL and no
 * recommendation before a measurement, a reward's cooldown, and C's undo in the queue. Each effect
 * is checked in the emulator where there is one.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './support/dock-fixture';
import { demoIdentities, demoStreamKey, helixAsBroadcaster, simulation } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';
import { routeDockEvents } from './support/dock-events-route';
import { openPanel } from './support/panels';

test.use({ viewport: { width: 420, height: 900 } });

const broadcasterId = '501234567';
const viewers = ['612345001', '612345002'];

/** A change made on the platform, not in Sidestage: PATCH /helix/channels with a token of the broadcaster's. */
async function patchChannelOnThePlatform(emulatorUrl: string, body: Record<string, unknown>): Promise<void> {
  const { clientId, broadcasterId: id } = await demoIdentities(emulatorUrl);
  const token = await simulation(emulatorUrl).mintToken({ client_id: clientId, user_id: id, scopes: ['channel:manage:broadcast'] });
  const res = await fetch(`${emulatorUrl}/helix/channels?broadcaster_id=${id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token.access_token}`, 'client-id': clientId, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status !== 204) throw new Error(`PATCH /helix/channels answered ${res.status}: ${await res.text()}`);
}

test('title and category agree after a change on the platform; a partial category is refused; the combobox works by keyboard', async ({ page, context, dock }) => {
  await signInToDemo(page, context, dock);
  // The dock is started as `node out/programs/dock.cjs`, without npm: its version is the build's.
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  await expect(page.locator('header').getByText(`v${version}`, { exact: true })).toBeVisible();
  await openPanel(page, 'Live');
  // The channel's form opens from its tile, in a sheet.
  await page.getByRole('button', { name: 'Stream info' }).click();
  const titleField = page.getByRole('dialog', { name: 'Stream info' }).getByRole('textbox', { name: 'Title' });
  await expect(titleField).not.toHaveValue('');

  await patchChannelOnThePlatform(dock.emulatorUrl, { title: 'Changed on the dashboard' });
  // channel.update over EventSub: both places, no click.
  await expect(page.getByTestId('live-title')).toHaveText('Changed on the dashboard');
  await expect(titleField).toHaveValue('Changed on the dashboard');

  // Category: the ARIA combobox, results from the platform's search, chosen with the keyboard.
  const category = page.getByRole('combobox', { name: 'Category' });
  await category.fill('Just Chat');
  // A partial entry is refused on Save with a reason, and nothing is sent.
  await page.getByRole('button', { name: 'Save channel info' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '"Just Chat" is not a category on the platform' })).toBeVisible();
  await expect(category).toHaveAttribute('aria-invalid', 'true');

  await category.focus();
  await category.press('End');
  await category.pressSequentially('t');
  const options = page.getByRole('listbox', { name: 'Categories' }).getByRole('option');
  await expect(options.filter({ hasText: 'Just Chatting' })).toBeVisible();
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  const index = (await options.allInnerTexts()).indexOf('Just Chatting');
  for (let i = 0; i <= index; i++) await category.press('ArrowDown');
  await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
  await category.press('Enter');
  await expect(category).toHaveValue('Just Chatting');
  await expect(category).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Save channel info' }).click();
  await expect
    .poll(async () => (await helixAsBroadcaster<{ data: { game_name: string }[] }>(dock.emulatorUrl, '/helix/channels?broadcaster_id={id}', [])).data[0]?.game_name)
    .toBe('Just Chatting');
  await expect(page.getByTestId('live-category')).toHaveText('Just Chatting');
});

test('statuses say "disconnected" and stop counting while the dock connection is gone, and errors are in words', async ({ page, context, dock }) => {
  // The event stream goes through a route the test can cut, as a dock process that went away would.
  const events = await routeDockEvents(page);
  await signInToDemo(page, context, dock);
  await simulation(dock.emulatorUrl).streamOnline(broadcasterId, { vod: true, title: 'Words', viewer_count: 3 });
  await expect(page.getByTestId('status-stream')).toHaveText(/^Live \d+:\d\d$/);
  await openPanel(page, 'Queue');
  await expect(page.getByTestId('queue-sync')).toHaveText(/In sync with the platform, checked (just now|\d+ s ago)\./);

  await events.cut();
  await expect(page.getByTestId('status-connection')).toHaveText('Disconnected');
  await expect(page.getByTestId('status-stream')).toHaveText('Disconnected from Sidestage');
  await expect(page.getByTestId('queue-sync')).toHaveText('Disconnected from Sidestage: the queue may be out of date.');
  events.restore();
  await expect(page.getByTestId('status-stream')).toHaveText(/^Live \d+:\d\d$/, { timeout: 30_000 });
  await expect(page.getByTestId('queue-sync')).toContainText('In sync with the platform, checked');

  // The platform fails: the banner says so in words, and a later success clears it.
  const sim = simulation(dock.emulatorUrl);
  await sim.addFault({ path: 'chat/settings', method: 'PATCH', status: 500, count: 10 });
  await openPanel(page, 'Chat settings');
  // click, not check: the switch goes back when the platform refuses, as it should.
  await page.getByRole('switch', { name: 'Emote-only' }).click();
  const banner = page.locator('[data-action="chatSettings.update"]');
  await expect(banner).toContainText('Chat settings not changed. The platform had a problem; try again in a moment.');
  await expect(page.getByText(/Internal Server Error|Bad Request|Failed to fetch/)).toHaveCount(0);
  await sim.clearFaults();
  await banner.getByRole('button', { name: 'Retry' }).click();
  await expect(banner).toHaveCount(0);

  // Sidestage itself does not answer: words with what to do, never "Failed to fetch".
  await page.route('**/ipc/**', (route) => route.abort('connectionrefused'));
  await openPanel(page, 'Live');
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.locator('[data-action="stream.refresh"]')).toContainText('Sidestage’s background service is not answering: is the dock still running?');
  await expect(page.getByText(/Failed to fetch|not reachable: /)).toHaveCount(0);
  await page.unroute('**/ipc/**');
});

test('the Markers panel of a browser dock: no shortcut to choose, shortcuts shown humanly, and Drop marker', async ({ page, context, dock }) => {
  await signInToDemo(page, context, dock);
  await simulation(dock.emulatorUrl).streamOnline(broadcasterId, { vod: true, title: 'Markers', viewer_count: 1 });
  await expect(page.getByTestId('status-stream')).toHaveText(/^Live /);
  await openPanel(page, 'Markers');
  await expect(page.getByTestId('hotkeys-desktop-only')).toContainText('Global shortcuts work in the Sidestage desktop app');
  await expect(page.getByTestId('hotkey-marker')).toHaveText(/^(Ctrl\+Alt\+M|⌘⌥M)$/);
  await expect(page.getByText('Choose another shortcut')).toHaveCount(0);
  await expect(page.getByText('CommandOrControl')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Change the shortcut/ })).toHaveCount(0);
  // Settings, where hotkeys are changed in the desktop app, says the same and offers no capture either.
  await openPanel(page, 'Settings');
  await expect(page.getByTestId('settings-hotkeys-unavailable')).toContainText('Global shortcuts work in the Sidestage desktop app');
  await expect(page.getByTestId('settings-hotkey-marker-keys')).toHaveText(/^(Ctrl\+Alt\+M|⌘⌥M)$/);
  await expect(page.getByRole('button', { name: /Change the shortcut/ })).toHaveCount(0);
  await expect(page.getByText('CommandOrControl')).toHaveCount(0);
  await openPanel(page, 'Markers');

  await page.getByRole('button', { name: 'Drop marker' }).click();
  await expect(page.getByTestId('markers-drop-result')).toHaveText(/^Marker at \d/);
  await expect
    .poll(async () => {
      const held = await helixAsBroadcaster<{ data: { videos: { markers: unknown[] }[] }[] }>(dock.emulatorUrl, '/helix/streams/markers?user_id={id}', ['user:read:broadcast']);
      return held.data[0]?.videos[0]?.markers.length ?? 0;
    })
    .toBe(1);
});

test('ingest: nothing recommended before a measurement, and Copy stream URL copies server and key in one', async ({ page, context, dock }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: dock.origin });
  await signInToDemo(page, context, dock);
  await openPanel(page, 'Ingest');
  await expect(page.getByTestId('ingest-next-step')).toContainText('Measure latency');
  await expect(page.getByText('Recommended', { exact: true })).toHaveCount(0);

  const key = await demoStreamKey(dock.emulatorUrl);
  const streamUrl = page.getByLabel('Stream URL');
  await expect(streamUrl).toHaveValue(/•+$/);
  await page.getByRole('button', { name: 'Copy stream URL' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^rtmp://127\\.0\\.0\\.1:\\d+/app/${key}$`));
  // Still masked on screen.
  expect(await streamUrl.inputValue()).not.toContain(key);

  await page.getByRole('button', { name: 'Measure latency' }).click();
  await expect(page.getByText('Recommended', { exact: true })).toBeVisible();
  await expect(page.getByTestId('ingest-next-step')).toHaveCount(0);
});

test('rewards say "on cooldown" with the time left, Delete looks destructive; C in the queue can be undone', async ({ page, context, dock }) => {
  await signInToDemo(page, context, dock);
  const sim = simulation(dock.emulatorUrl);

  await openPanel(page, 'Rewards');
  const posture = page.getByRole('listitem', { name: 'Posture check' });
  await posture.getByRole('button', { name: 'Edit Posture check' }).click();
  const form = page.getByRole('form', { name: 'Edit Posture check' });
  await form.getByRole('switch', { name: 'Cooldown' }).check();
  // The cooldown has its unit to choose; the number is read in it.
  const unit = form.getByRole('combobox', { name: 'Cooldown unit' });
  await expect(unit).toHaveValue('minutes');
  await form.getByRole('spinbutton', { name: 'Cooldown length' }).fill('180');
  await unit.selectOption('seconds');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);

  const rewards = await sim.redemptions({ broadcaster_id: broadcasterId });
  const postureId = rewards.rewards.find((r) => r.title === 'Posture check')!.id;
  await sim.redeem({ broadcaster_id: broadcasterId, reward_id: postureId, user_id: viewers[0]! });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(posture.getByTestId('reward-availability')).toHaveText(/on cooldown, back in [23]:\d\d/);
  await expect(posture.getByText('out of stock')).toHaveCount(0);
  // Read back in the largest unit it is whole in: 180 seconds are 3 minutes.
  await posture.getByRole('button', { name: 'Edit Posture check' }).click();
  await expect(form.getByRole('spinbutton', { name: 'Cooldown length' })).toHaveValue('3');
  await expect(unit).toHaveValue('minutes');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);

  await posture.getByRole('button', { name: 'Delete Posture check' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Posture check?' });
  await expect(confirm.getByRole('button', { name: 'Delete' })).toHaveClass(/\bdanger\b/);
  await expect(confirm.getByRole('button', { name: 'Delete' })).not.toHaveClass(/\bprimary\b/);
  await confirm.getByRole('button', { name: 'Keep it' }).click();

  // The queue: C hides at once and waits; Undo puts it back and nothing reaches the platform.
  const hydrate = rewards.rewards.find((r) => r.title === 'Hydrate!')!.id;
  const kept = await sim.redeem({ broadcaster_id: broadcasterId, reward_id: hydrate, user_id: viewers[1]! });
  await openPanel(page, 'Queue');
  const row = page.locator(`[data-redemption-id="${kept.id}"]`);
  await expect(row).toBeAttached();
  // By keyboard (toasts may cover rows at this width): End is the newest, this one.
  const list = page.getByRole('listbox', { name: /Redemptions, oldest first/ });
  await list.focus();
  await list.press('End');
  await expect(list).toHaveAttribute('aria-activedescendant', `redemption-${kept.id}`);
  await list.press('c');
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('queue-undo')).toContainText('canceled with a refund');
  await list.press('u');
  await expect(row).toBeAttached();
  await expect(page.getByTestId('queue-undo')).toHaveCount(0);
  expect((await sim.redemptions({ broadcaster_id: broadcasterId, reward_id: hydrate })).redemptions.find((r) => r.id === kept.id)?.status).toBe('UNFULFILLED');

  // Not undone: sent once its few seconds are over, and the platform holds it CANCELED.
  await list.press('End');
  await expect(list).toHaveAttribute('aria-activedescendant', `redemption-${kept.id}`);
  await list.press('c');
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Undo/ })).toBeVisible();
  await expect
    .poll(async () => (await sim.redemptions({ broadcaster_id: broadcasterId, reward_id: hydrate })).redemptions.find((r) => r.id === kept.id)?.status, { timeout: 15_000 })
    .toBe('CANCELED');
  await expect(page.getByRole('status').filter({ hasText: '1 canceled.' })).toBeVisible();
});

test('a cancel waiting for its undo is sent when the dock page goes away, so nothing is lost', async ({ page, context, dock }) => {
  await signInToDemo(page, context, dock);
  const sim = simulation(dock.emulatorUrl);
  const rewards = await sim.redemptions({ broadcaster_id: broadcasterId });
  const hydrate = rewards.rewards.find((r) => r.title === 'Hydrate!')!.id;
  const made = await sim.redeem({ broadcaster_id: broadcasterId, reward_id: hydrate, user_id: viewers[0]! });
  await openPanel(page, 'Queue');
  const list = page.getByRole('listbox', { name: /Redemptions, oldest first/ });
  await expect(page.locator(`[data-redemption-id="${made.id}"]`)).toBeAttached();
  await list.focus();
  await list.press('End');
  await expect(list).toHaveAttribute('aria-activedescendant', `redemption-${made.id}`);
  await list.press('c');
  await expect(page.getByTestId('queue-undo')).toBeVisible();
  // Gone before the 5 s are over: main holds the cancel, and sends it when the window ends.
  await page.close({ runBeforeUnload: true });
  await expect
    .poll(async () => (await sim.redemptions({ broadcaster_id: broadcasterId, reward_id: hydrate })).redemptions.find((r) => r.id === made.id)?.status, { timeout: 15_000 })
    .toBe('CANCELED');
});
