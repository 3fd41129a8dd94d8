/**
 * The bot speaks for the automations, end to end in a 420 px dock: a second account signs in as the
 * bot (the demo's sidestage_bot), an automation's chat-command reply arrives on the platform from the
 * bot with the chat-bot badge (read through the simulation API), and shows in the Live chat as the
 * bot's line; the bot's own line does not trigger the command again.
 */
import { expect, test } from './support/dock-fixture';
import { demoIdentities, simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';

test.use({ viewport: { width: 420, height: 900 } });

test("an automation's reply to a chat command comes from the signed-in bot, with the chat-bot badge, and shows in the Live chat as the bot's line", async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  const users = (await sim.state()).users;
  const viewer = users.find((u) => u.login === 'pixelpal')!;
  const botUser = users.find((u) => u.login === 'sidestage_bot')!;
  await signInToDemo(page, context, dock);

  // The bot signs in beside the broadcaster (Account panel, the consent page's user picker).
  const bot = page.getByRole('region', { name: 'Bot account' });
  const consentOpened = context.waitForEvent('page');
  await bot.getByRole('button', { name: 'Sign in a bot account' }).click();
  const consent = await consentOpened;
  await consent.getByLabel('Sign in as').selectOption({ label: 'Sidestage_Bot (sidestage_bot)' });
  await consent.getByRole('button', { name: 'Authorize' }).click();
  await expect(consent.getByText(/close this tab/i)).toBeVisible();
  await consent.close();
  await expect(bot.getByText('Sidestage_Bot', { exact: true })).toBeVisible();

  // The "!discord → reply" automation, switched on.
  await page.getByRole('button', { name: 'Automations', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Automations' });
  await panel.getByLabel('Start from a template').selectOption({ label: '!discord → reply' });
  await panel.getByRole('button', { name: 'Add from template' }).click();
  const editor = panel.getByRole('form', { name: 'Edit !discord → reply' });
  await editor.getByRole('switch', { name: 'Switched on', exact: true }).click();
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toBeHidden();

  await page.getByRole('button', { name: 'Live', exact: true }).click();
  await untilSubscribed(sim, ['channel.chat.message']);
  await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewer.id, text: '!discord' });

  // On the platform: the reply, from the bot, with the chat-bot badge.
  const replies = async () => (await sim.chatMessages(broadcasterId)).messages.filter((m) => m.text.startsWith('Join the Discord'));
  await expect.poll(async () => (await replies()).length, { message: 'the reply on the platform' }).toBe(1);
  const [reply] = await replies();
  expect(reply).toMatchObject({ user_id: botUser.id, user_login: 'sidestage_bot', is_sent: true, text: `Join the Discord, ${viewer.display_name}: https://discord.gg/your-invite` });
  expect(reply!.badges).toContainEqual({ set_id: 'bot-badge', id: '1', info: '' });

  // In the Live chat: the bot's line, with its badge.
  const chatLog = page.getByRole('log', { name: 'Chat messages' });
  const line = chatLog.locator(`[data-message-id="${reply!.message_id}"]`);
  await expect(line.locator('.chat-name')).toHaveText('Sidestage_Bot');
  await expect(line.locator('.chat-badge-bot-badge')).toHaveAttribute('title', 'Chat bot');
  // The bot's own line did not run the command again: still one reply.
  await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewer.id, text: 'thanks!' });
  await expect(chatLog.getByText('thanks!')).toBeVisible();
  expect(await replies()).toHaveLength(1);
});
