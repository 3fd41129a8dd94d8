/**
 * Moderation while live in a 420 px dock, against the real services and the demo emulator: a
 * simulated hate raid and Shield Mode from its key, a held message allowed by key, a blocked term
 * added in Chat settings, an unban request approved; each checked at the platform.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { SimulationClient } from '../src/emulator/simulation-client';
import { expect, test, type DockProcess } from './support/dock-fixture';
import { demoIdentities, helixAsBroadcaster, simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';
import { openPanel, pressInView } from './support/panels';

test.use({ viewport: { width: 420, height: 900 } });

const liveTypes = ['channel.raid', 'channel.chat.message', 'channel.shield_mode.begin', 'automod.message.hold', 'automod.message.update', 'channel.unban_request.create', 'channel.unban_request.resolve'];

/** Signed in to the demo, in the Live view, with the moderation events subscribed: the simulation and the broadcaster. */
async function liveAndSubscribed(page: Page, context: BrowserContext, dock: DockProcess): Promise<{ sim: SimulationClient; broadcasterId: string }> {
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  await signInToDemo(page, context, dock);
  await openPanel(page, 'Live');
  await untilSubscribed(sim, liveTypes);
  return { sim, broadcasterId };
}

test('a simulated hate raid floods chat, the suggestion appears, Shield Mode goes on from its key and the platform holds it', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  await liveAndSubscribed(page, context, dock);
  // The dock's tiles are full: the broadcaster puts Shield Mode's among them (Arrange).
  await page.getByRole('button', { name: 'Arrange' }).click();
  await page.getByRole('dialog', { name: 'Arrange the Live view' }).getByRole('checkbox', { name: /^Shield Mode/ }).check();
  await page.keyboard.press('Escape');
  const tile = page.getByTestId('tile-state-shield-mode');
  await expect(tile).toHaveText('Off');

  await page.getByRole('button', { name: 'Simulate a hate raid' }).click();
  const chatLog = page.getByRole('log', { name: 'Chat messages' });
  await expect(chatLog.getByText('RAID RAID RAID').first()).toBeVisible();
  const suggestion = page.getByTestId('shield-suggestion');
  await expect(suggestion).toContainText(/A raid from raider_[0-9a-f]+ brought \d+ first-time chatters in 30 s\. Turn on Shield Mode\?/);
  await expect(tile).toHaveText(/^Turn on\?\d+ first-time chatters after a raid$/);

  // Nothing happened at the platform until the broadcaster said so.
  const before = await helixAsBroadcaster<{ data: { is_active: boolean }[] }>(dock.emulatorUrl, '/helix/moderation/shield_mode?broadcaster_id={id}&moderator_id={id}', ['moderator:read:shield_mode']);
  expect(before.data[0]!.is_active).toBe(false);

  await pressInView(page, 'h');
  await expect(tile).toHaveText(/^Shield Mode onsince .+ · by sidestage_demo$/i);
  await expect(page.getByTestId('shield-mode-on')).toContainText(/^Shield Mode on for \d+:\d\d, by sidestage_demo/i);
  await expect(page.getByTestId('shield-mode-badge')).toHaveText(/^Shield Mode on for \d+:\d\d, by sidestage_demo$/i);
  await expect(suggestion).toBeHidden();
  const after = await helixAsBroadcaster<{ data: { is_active: boolean }[] }>(dock.emulatorUrl, '/helix/moderation/shield_mode?broadcaster_id={id}&moderator_id={id}', ['moderator:read:shield_mode']);
  expect(after.data[0]!.is_active).toBe(true);
  // Nothing in the Live view is wider than the dock.
  expect(await page.locator('.live-panel').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});

test("a held message is allowed by key and appears in chat; the chatter's card and a warning from its menu", async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const { sim, broadcasterId } = await liveAndSubscribed(page, context, dock);

  const held = await sim.autoModMessage({ broadcaster_id: broadcasterId, user_id: '612345001', text: 'you utter walnut', category: 'bullying', level: 3 });
  expect(held.held).not.toBeNull();
  const queue = page.getByRole('region', { name: 'Held by AutoMod (1)' });
  const item = queue.locator(`[data-held-id="${held.held!.message_id}"]`);
  await expect(item).toContainText('you utter walnut');
  await expect(item).toContainText('AutoMod: bullying, level 3');
  const chatLog = page.getByRole('log', { name: 'Chat messages' });
  await expect(chatLog.getByText('you utter walnut')).toHaveCount(0);

  await pressInView(page, 'y');
  await expect(chatLog.getByText('you utter walnut')).toBeVisible();
  await expect(item).toHaveCount(0);
  // Nothing held: the queue makes room for chat.
  await expect(queue).toHaveCount(0);

  // The chatter's card from the line's menu, then a warning with its reason.
  await page.getByRole('button', { name: "Moderate PixelPal's message" }).first().click();
  await page.getByRole('menuitem', { name: "PixelPal's card" }).click();
  const card = page.getByTestId('chat-user-card');
  await expect(card).toContainText('PixelPal');
  await expect(card).toContainText(/Account\s*\d+ years old/);
  // Their recent messages Sidestage saw, the allowed one among them.
  const recent = card.getByTestId('chat-user-recent');
  await recent.getByText(/^Recent messages \(\d+\)$/).click();
  await expect(recent.locator('li').last()).toContainText('you utter walnut');
  await card.getByRole('textbox', { name: 'Reason for warning PixelPal' }).fill('Keep it kind');
  await card.getByRole('button', { name: 'Warn', exact: true }).click();
  await expect(card).toContainText('PixelPal is warned: Keep it kind');
  await expect(card.getByTestId('chat-user-tally')).toHaveText('1 warning');
  // The platform holds the warning: the viewer's next line is dropped until they acknowledge it.
  expect((await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: '612345001', text: 'hello?' })).is_sent).toBe(false);
});

test('a blocked term added in Chat settings stops a simulated message', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'Chat settings', exact: true }).click();
  await page.getByRole('textbox', { name: 'Term to block' }).fill('pineapple');
  await page.getByRole('button', { name: 'Block term' }).click();
  await expect(page.getByRole('list', { name: 'Blocked terms' }).getByText('pineapple', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Term to block' })).toHaveValue('');

  await openPanel(page, 'Live');
  await untilSubscribed(sim, ['channel.chat.message']);
  const stopped = await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: '612345002', text: 'pineapple belongs on pizza' });
  expect(stopped.is_sent).toBe(false);
  await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: '612345002', text: 'ok no fruit then' });
  const chatLog = page.getByRole('log', { name: 'Chat messages' });
  await expect(chatLog.getByText('ok no fruit then')).toBeVisible();
  await expect(chatLog.getByText('pineapple belongs on pizza')).toHaveCount(0);
});

test('an unban request is approved with a note and the user can chat again', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const { sim, broadcasterId } = await liveAndSubscribed(page, context, dock);

  await sim.ban({ broadcaster_id: broadcasterId, user_id: '612345004', reason: 'spam' });
  expect((await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: '612345004', text: 'let me back in' })).is_sent).toBe(false);
  const asked = await sim.unbanRequest({ broadcaster_id: broadcasterId, user_id: '612345004', text: 'I am sorry, it will not happen again' });

  // Said at the top of the Live view while one waits; Review opens them.
  await expect(page.getByTestId('unban-waiting')).toHaveText(/^1 unban request waiting/);
  await page.getByTestId('unban-waiting').getByRole('button', { name: 'Review' }).click();
  const requests = page.getByRole('dialog', { name: 'Unban requests' });
  const request = requests.locator(`[data-request-id="${asked.id}"]`);
  await expect(request).toContainText('I am sorry, it will not happen again');
  await request.getByRole('textbox', { name: 'Note to LurkingLuna (optional)' }).fill('Welcome back');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(requests).toContainText('LurkingLuna is unbanned and may chat again.');
  await expect(request).toHaveCount(0);
  await expect(page.getByTestId('unban-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('unban-waiting')).toHaveCount(0);

  const again = await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: '612345004', text: 'thank you, back again' });
  expect(again.is_sent).toBe(true);
  await expect(page.getByRole('log', { name: 'Chat messages' }).getByText('thank you, back again')).toBeVisible();
});
