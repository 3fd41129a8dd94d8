/**
 * The Live view's activity feed and chat in a 420 px dock, against the real services and the demo
 * emulator: a burst of 200 events, a viewer's message, the broadcaster's message, a timeout and a
 * raid's shoutout, each checked in the emulator.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/dock-fixture';
import { demoIdentities, helixAsBroadcaster, simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';

test.use({ viewport: { width: 420, height: 900 } });

const feedTypes = ['channel.cheer', 'channel.raid', 'channel.follow', 'channel.chat.message', 'channel.chat.notification'];

/** Horizontal overflow inside an element (its content wider than its box), in px. */
async function overflowOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((el) => el.scrollWidth - el.clientWidth);
}

test('activity burst, chat read and send, a timeout and a raid shoutout reach the emulator', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const sim = simulation(dock.emulatorUrl);
  const { clientId, broadcasterId } = await demoIdentities(dock.emulatorUrl);
  const state = await sim.state();
  const viewer = state.users.find((u) => u.login === 'pixelpal')!;
  const raider = state.users.find((u) => u.login === 'speedrun_sam')!;

  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'Live', exact: true }).click();
  // In a dock chat and activity are tabs (one at a time, chat first).
  const tab = (name: 'Chat' | 'Activity') => page.getByRole('tablist', { name: 'Chat or activity' }).getByRole('tab', { name: new RegExp(`^${name}`) });
  await expect(tab('Chat')).toHaveAttribute('aria-selected', 'true');
  await tab('Activity').click();
  const feed = page.getByRole('region', { name: 'Activity, newest first' }).or(page.getByTestId('activity-empty'));
  await expect(feed.first()).toBeVisible();
  await untilSubscribed(sim, feedTypes);

  // A burst of 200 cheers: all in the feed, only a few rows in the DOM, nothing wider than the dock.
  for (let batch = 0; batch < 10; batch++) {
    await Promise.all(Array.from({ length: 20 }, (_, i) => sim.cheer({ broadcaster_id: broadcasterId, user_id: viewer.id, bits: batch * 20 + i + 1 })));
  }
  await expect(page.getByTestId('activity-count')).toHaveText(/^(2\d\d|[3-9]\d\d) events$/);
  const rows = await page.locator('.activity-row').count();
  expect(rows).toBeGreaterThan(0);
  expect(rows).toBeLessThan(40);
  expect(await overflowOf(page, '.activity-feed')).toBeLessThanOrEqual(0);
  expect(await overflowOf(page, '.activity-scroll')).toBeLessThanOrEqual(0);
  // The filter: only cheers, then all again.
  await page.getByRole('button', { name: 'Cheers', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Cheers', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.activity-row').first()).toHaveAttribute('data-kind', 'cheer');
  await page.getByRole('button', { name: 'All', exact: true }).click();

  // A viewer's chat message appears (the tab, by keyboard: ← from Activity).
  await tab('Activity').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Chat')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Chat')).toBeFocused();
  await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewer.id, text: 'hello from the e2e Kappa' });
  const chatLog = page.getByRole('log', { name: 'Chat messages' });
  await expect(chatLog.getByText('hello from the e2e')).toBeVisible();
  expect(await overflowOf(page, '.chat-view')).toBeLessThanOrEqual(0);

  // A send the platform refuses keeps the text and says why; sent again, it goes.
  const box = page.getByRole('textbox', { name: 'Chat message' });
  await sim.addFault({ path: '^/helix/chat/messages$', method: 'POST', status: 503, count: 1 });
  await box.fill('Thanks for the cheers!');
  await box.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: /^Message not sent: / })).toBeVisible();
  await expect(box).toHaveValue('Thanks for the cheers!');
  await sim.clearFaults();

  // The broadcaster sends one with Enter, and it reaches the emulator.
  await box.fill('Thanks for the cheers!');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect.poll(async () => (await sim.chatMessages(broadcasterId)).messages.map((m) => m.text)).toContain('Thanks for the cheers!');

  // A moderator action by keyboard: the viewer's line's menu, "Timeout 10 min".
  const menuButton = page.getByRole('button', { name: `Moderate ${viewer.display_name}'s message` }).first();
  await menuButton.focus();
  await menuButton.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Delete message' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Timeout 10 min' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `${viewer.display_name} is timed out for 10 min.` })).toBeVisible();
  await expect
    .poll(async () => {
      const banned = await helixAsBroadcaster<{ data: { user_id: string; expires_at: string }[] }>(dock.emulatorUrl, `/helix/moderation/banned?broadcaster_id={id}&user_id=${viewer.id}`, ['moderation:read']);
      return banned.data.map((b) => ({ user: b.user_id, timeout: b.expires_at !== '' }));
    })
    .toEqual([{ user: viewer.id, timeout: true }]);

  // A raid comes in; its one-click shoutout reaches the emulator (a shoutout needs the channel live).
  await sim.streamOnline(broadcasterId, { viewer_count: 5 });
  await sim.streamOnline(raider.id, { viewer_count: 9 });
  const raiderToken = await sim.mintToken({ client_id: clientId, user_id: raider.id, scopes: ['channel:manage:raids'] });
  const raid = await fetch(`${dock.emulatorUrl}/helix/raids?from_broadcaster_id=${raider.id}&to_broadcaster_id=${broadcasterId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${raiderToken.access_token}`, 'client-id': clientId },
  });
  expect(raid.status).toBe(200);
  await sim.advanceClock(91);
  await tab('Activity').click();
  const shoutout = page.getByRole('button', { name: `Shoutout to ${raider.display_name}` });
  await expect(shoutout).toBeVisible();
  await shoutout.click();
  await expect(page.getByRole('status').filter({ hasText: `Shoutout sent to ${raider.display_name}.` })).toBeVisible();
  await expect.poll(async () => (await sim.shoutouts(broadcasterId)).shoutouts).toEqual([expect.objectContaining({ to_broadcaster_id: raider.id })]);
  // The Live view's Shoutout says the same, with the cooldown that now applies to either button.
  await expect(page.getByTestId('tile-state-shoutout')).toHaveText(/^Next in [12]:\d\d$/);
  await page.getByRole('button', { name: 'Shoutout', exact: true }).click();
  await expect(page.getByTestId('shoutout-status')).toContainText(new RegExp(`Shouted out ${raider.display_name}\\. Next shoutout in [12]:\\d\\d`));
});
