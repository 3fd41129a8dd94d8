/**
 * Shared chat and the chat overlay's options, end to end: the app in a 420 px dock, the chat overlay
 * as a second real page (1920x1080, as OBS's browser source), the real services and the demo
 * emulator. In a shared chat session with another seeded channel, the Live chat says who is in it,
 * a line from the other channel is marked with its channel (in the Live chat and on the overlay) and
 * its menu says why it is not moderated here; the overlay's options hide commands and other channels'
 * lines, and lines fade once their time is up; emotes and badges are images Sidestage serves.
 */
import { expect, test } from './support/dock-fixture';
import { demoIdentities, simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';
import { openOverlayPage } from './support/overlay-pages';

test.use({ viewport: { width: 420, height: 900 } });

test('shared chat: the session in the Live chat, lines from the other channel marked and not moderated here; the overlay hides commands and shared lines, and lets lines fade', async ({ page, context, dock }) => {
  test.setTimeout(150_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  const users = (await sim.state()).users;
  const viewer = users.find((u) => u.login === 'pixelpal')!;
  const sam = users.find((u) => u.login === 'speedrun_sam')!;

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: dock.origin });
  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'Overlays', exact: true }).click();
  const card = page.locator('[data-overlay="chat"]');
  await card.getByRole('button', { name: 'Copy URL' }).click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  const overlay = await openOverlayPage(context, url);
  const overlayLine = (id: string) => overlay.locator(`.chat-line[data-line-id="${id}"]`);

  await page.getByRole('button', { name: 'Live', exact: true }).click();
  await untilSubscribed(sim, ['channel.chat.message', 'channel.shared_chat.begin', 'channel.shared_chat.update', 'channel.shared_chat.end']);
  await sim.joinSharedChat({ host_broadcaster_id: broadcasterId, broadcaster_id: sam.id });
  const header = page.getByTestId('chat-shared-session');
  await expect(header).toContainText(`Shared chat with ${sam.display_name} (hosted by you)`);

  // A viewer in the other channel says something: it reaches this channel's chat, marked with its channel.
  await sim.sendChatMessage({ broadcaster_id: sam.id, user_id: viewer.id, text: 'hello from next door' });
  const chatLog = page.getByRole('log', { name: 'Chat messages' });
  const sharedLine = chatLog.locator('.chat-line', { hasText: 'hello from next door' });
  await expect(sharedLine.locator('.chat-source')).toHaveText(`From the chat of ${sam.display_name}`);
  await expect(sharedLine).toHaveAttribute('data-source-channel', sam.login);
  await sharedLine.getByRole('button', { name: /^Moderate / }).click();
  const menu = sharedLine.getByRole('menu');
  await expect(menu).toContainText(`This line is from ${sam.display_name}'s chat (shared chat)`);
  await expect(menu.getByRole('menuitem', { name: /Delete|Timeout|Warn|Ban/ })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Close' }).click();
  const sharedId = await sharedLine.getAttribute('data-message-id');
  await expect(overlayLine(sharedId!).locator('.chat-source')).toHaveText(sam.display_name);

  // Emotes and badges as images, which Sidestage's overlay server serves (fetched by main from the platform's URLs).
  const moderator = users.find((u) => u.login === 'modmallory')!;
  const withEmote = await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: moderator.id, text: 'hello Kappa' });
  const emote = overlayLine(withEmote.message_id).locator('img.chat-emote');
  await expect(emote).toHaveAttribute('alt', 'Kappa');
  await expect(emote).toHaveAttribute('src', /^\/chat-image\/[0-9a-f]{32}\?token=/);
  await expect.poll(() => emote.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the emote image loaded' }).toBe(true);
  const badge = overlayLine(withEmote.message_id).locator('img.chat-badge[title="moderator"]');
  await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the badge image loaded' }).toBe(true);
  // A key the overlay server did not mint answers nothing.
  const overlayOrigin = new URL(url).origin;
  const token = new URL(url).searchParams.get('token')!;
  expect((await overlay.request.get(`${overlayOrigin}/chat-image/${'0'.repeat(32)}?token=${token}`)).status()).toBe(404);
  // An image needs the chat overlay's token.
  const emoteKey = (await emote.getAttribute('src'))!.split('?')[0]!;
  expect((await overlay.request.get(`${overlayOrigin}${emoteKey}?token=${token}`)).status()).toBe(200);
  expect((await overlay.request.get(`${overlayOrigin}${emoteKey}?token=${'x'.repeat(43)}`)).status()).toBe(401);

  // The overlay's options: hide commands and other channels' lines; lines fade after 2 s.
  await page.getByRole('button', { name: 'Overlays', exact: true }).click();
  const options = card.getByRole('group', { name: 'Chat overlay options' });
  await options.getByRole('switch', { name: /Hide commands/ }).click();
  await expect(options.getByRole('switch', { name: /Hide commands/ })).toHaveAttribute('aria-checked', 'true');
  await options.getByRole('switch', { name: /Hide lines from other channels/ }).click();
  // The shared line leaves the overlay at once.
  await expect(overlayLine(sharedId!)).toHaveCount(0);
  const fade = options.getByLabel(/Lines fade after/);
  await fade.fill('2');
  await fade.blur();
  await expect(fade).toHaveValue('2');

  const command = await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewer.id, text: '!uptime' });
  const fromSam = await sim.sendChatMessage({ broadcaster_id: sam.id, user_id: viewer.id, text: 'more from next door' });
  const plain = await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewer.id, text: 'a line that fades' });
  await expect(overlayLine(plain.message_id)).toBeVisible();
  await expect(overlayLine(plain.message_id)).toHaveClass(/fades/);
  await expect(overlay.locator('.chat-line', { hasText: '!uptime' })).toHaveCount(0);
  await expect(overlay.locator('.chat-line', { hasText: 'more from next door' })).toHaveCount(0);
  expect(command.is_sent && fromSam.is_sent).toBe(true);
  // Once faded (2 s, then its fade-out), main takes it off the overlay.
  await expect(overlayLine(plain.message_id)).toHaveCount(0, { timeout: 15_000 });

  // The session ends: the header goes.
  await page.getByRole('button', { name: 'Live', exact: true }).click();
  await sim.leaveSharedChat({ broadcaster_id: sam.id });
  await expect(header).toHaveCount(0);
  await overlay.close();
});
