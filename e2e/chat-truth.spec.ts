/**
 * Deleted means gone, end to end: the app in a 420 px dock and the chat overlay as a second real
 * page (1920x1080, as OBS's browser source), the real services and the demo emulator. A line another
 * moderator deletes on the platform (the simulation API) leaves the overlay page and is struck
 * through in the Live chat with the moderator's name.
 */
import { expect, test } from './support/dock-fixture';
import { demoIdentities, simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';

test.use({ viewport: { width: 420, height: 900 } });

test('a line a moderator deletes on the platform leaves the chat overlay and is struck through in the Live chat, with who deleted it', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  const users = (await sim.state()).users;
  const viewer = users.find((u) => u.login === 'pixelpal')!;
  const moderator = users.find((u) => u.login === 'modmallory')!;

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: dock.origin });
  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'Overlays', exact: true }).click();
  const card = page.locator('[data-overlay="chat"]');
  await expect(card.locator('.overlay-url')).toContainText('token=••••••');
  await card.getByRole('button', { name: 'Copy URL' }).click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/overlay\/chat\?token=[\w-]{43}$/);

  const overlay = await context.newPage();
  await overlay.setViewportSize({ width: 1920, height: 1080 });
  expect((await overlay.goto(url))?.status()).toBe(200);
  await expect(overlay.locator('html')).toHaveAttribute('data-connected', 'true');

  await page.getByRole('button', { name: 'Live', exact: true }).click();
  await untilSubscribed(sim, ['channel.chat.message', 'channel.chat.message_delete', 'channel.moderate']);

  const kept = await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewer.id, text: 'this line stays' });
  const doomed = await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewer.id, text: 'this line is deleted on the website' });
  const overlayLine = (id: string) => overlay.locator(`.chat-line[data-line-id="${id}"]`);
  await expect(overlayLine(doomed.message_id)).toHaveText(/this line is deleted on the website/);
  await expect(overlayLine(kept.message_id)).toBeVisible();
  const chatLog = page.getByRole('log', { name: 'Chat messages' });
  const liveLine = chatLog.locator(`[data-message-id="${doomed.message_id}"]`);
  await expect(liveLine).toContainText('this line is deleted on the website');

  await sim.deleteChatMessage({ broadcaster_id: broadcasterId, message_id: doomed.message_id, moderator_id: moderator.id });
  await expect(overlayLine(doomed.message_id)).toHaveCount(0);
  await expect(overlayLine(kept.message_id)).toBeVisible();
  await expect(liveLine).toHaveClass(/chat-removed/);
  await expect(liveLine.locator('.chat-removed-note')).toHaveText(`(deleted by ${moderator.display_name})`);
  // Struck through for the broadcaster's eyes; no moderator menu on a removed line.
  await expect(liveLine.locator('.chat-text')).toHaveCSS('text-decoration-line', /line-through/);
  await expect(liveLine.getByRole('button', { name: /^Moderate / })).toHaveCount(0);
  await overlay.close();
});
