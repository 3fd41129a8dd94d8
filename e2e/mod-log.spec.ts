/**
 * The mod log and banned accounts in a 420 px dock, against the real services and the demo
 * emulator: another moderator (ModMallory, through the simulation API, as on the website) bans a
 * viewer and deletes a line; both appear in the Mod log with her name (and the filter keeps the
 * ban), the banned account is in Banned accounts with its reason and moderator, and is unbanned
 * there by name; the platform agrees. The chatter's card lists the entries about them and
 * monitors them as a suspicious user.
 */
import { expect, test } from './support/dock-fixture';
import { demoIdentities, helixAsBroadcaster, simulation, untilSubscribed } from './support/emulator-client';
import { openPanel } from './support/panels';
import { signInToDemo } from './support/sign-in';

test.use({ viewport: { width: 420, height: 900 } });

const PIXELPAL = '612345001';
const LUNA = '612345004';
/** ModMallory, the demo channel's moderator (the emulator's demo seed). */
const DEMO_MODERATOR_ID = '612345003';

test("another moderator's ban and deleted line are in the mod log with her name; the banned account is unbanned by name; the card lists and monitors", async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  await signInToDemo(page, context, dock);
  await openPanel(page, 'Live');
  await untilSubscribed(sim, ['channel.moderate', 'channel.ban', 'channel.unban', 'channel.chat.message']);

  // Both tiles are off a new broadcaster's view: chosen in Arrange.
  await page.getByRole('button', { name: 'Arrange' }).click();
  const arrange = page.getByRole('dialog', { name: 'Arrange the Live view' });
  await arrange.getByRole('checkbox', { name: /^Mod log/ }).check();
  await arrange.getByRole('checkbox', { name: /^Banned accounts/ }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tile-state-banned-accounts')).toHaveText('Nobody');

  const line = await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: LUNA, text: 'a line a moderator deletes' });
  const chatLog = page.getByRole('log', { name: 'Chat messages' });
  await expect(chatLog.getByText('a line a moderator deletes')).toBeVisible();
  await sim.deleteChatMessage({ broadcaster_id: broadcasterId, message_id: line.message_id, moderator_id: DEMO_MODERATOR_ID });
  await sim.ban({ broadcaster_id: broadcasterId, user_id: PIXELPAL, moderator_id: DEMO_MODERATOR_ID, reason: 'spam links' });
  await expect(page.getByTestId('tile-state-banned-accounts')).toHaveText('1 banned');

  // The Mod log: both, newest first, with the moderator's name; the action filter keeps the ban.
  await page.locator('[data-tile-id="mod-log"]').getByRole('button', { name: /^Mod log/ }).first().click();
  const log = page.getByRole('dialog', { name: 'Mod log' });
  const entries = log.getByTestId('mod-log-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('ModMallory banned PixelPal: spam links');
  await expect(entries.nth(1)).toContainText('ModMallory deleted a message from LurkingLuna (“a line a moderator deletes”)');
  await log.getByLabel('Action').selectOption('ban');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toHaveAttribute('data-action', 'ban');
  expect(await log.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await page.keyboard.press('Escape');

  // Banned accounts: the ban with its reason and moderator, unbanned by name.
  await page.locator('[data-tile-id="banned-accounts"]').getByRole('button', { name: /^Banned accounts/ }).first().click();
  const banned = page.getByRole('dialog', { name: 'Banned accounts' });
  const row = banned.locator(`[data-user-id="${PIXELPAL}"]`);
  await expect(row).toContainText('PixelPal banned by ModMallory');
  await expect(row).toContainText('spam links');
  await banned.getByRole('textbox', { name: 'Unban by name' }).fill('pixelpal');
  await banned.getByRole('button', { name: 'Unban', exact: true }).click();
  await expect(banned).toContainText('PixelPal is unbanned and may chat again.');
  await expect(row).toHaveCount(0);
  await expect(banned.getByTestId('banned-empty')).toBeVisible();
  const atPlatform = await helixAsBroadcaster<{ data: unknown[] }>(dock.emulatorUrl, `/helix/moderation/banned?broadcaster_id={id}&user_id=${PIXELPAL}`, ['moderation:read']);
  expect(atPlatform.data).toEqual([]);
  expect((await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: PIXELPAL, text: 'back again' })).is_sent).toBe(true);
  await page.keyboard.press('Escape');

  // The chatter's card: the mod log's entries about them, and the suspicious-user status set from it.
  await expect(chatLog.getByText('back again')).toBeVisible();
  await page.getByRole('button', { name: "Moderate PixelPal's message" }).last().click();
  await page.getByRole('menuitem', { name: "PixelPal's card" }).click();
  const card = page.getByTestId('chat-user-card');
  const logged = card.getByTestId('chat-user-modlog');
  await logged.getByText('In the mod log (2)').click();
  await expect(logged.locator('li').first()).toContainText('unbanned PixelPal');
  await expect(logged.locator('li').last()).toContainText('ModMallory banned PixelPal: spam links');
  await card.getByRole('button', { name: 'Monitor', exact: true }).click();
  await expect(card).toContainText('PixelPal is monitored: their lines are marked for the moderators.');
  await expect(card).toContainText(/Suspicious\s*monitored/);
  await expect(card.getByRole('button', { name: 'No longer suspicious' })).toBeVisible();
});
