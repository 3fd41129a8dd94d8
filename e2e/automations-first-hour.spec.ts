/**
 * The bot's first hour in a 420 px dock: the starter pack's !so @name, !uptime, !death and !8ball
 * made from their templates and switched on; a viewer and a moderator type them on the practice
 * platform (its simulation API); each is answered once in the platform's chat, the death counter
 * shows in the Variables section, and nothing a viewer typed became a command.
 */
import { expect, test } from './support/dock-fixture';
import { demoIdentities, simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';

test.use({ viewport: { width: 420, height: 900 } });

const starters = ['!so @name → shoutout', '!uptime → reply', '!death → death counter', '!8ball → random answer'];
const eightBall = ['It is certain.', 'Without a doubt.', 'Ask again later.', 'Cannot predict now.', 'Don’t count on it.', 'My sources say no.', 'Outlook good.', 'Very doubtful.'];

test('!so @pixelpal, !uptime, !death and !8ball from the starter pack: each answered once, the counter in Variables', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  const users = (await sim.state()).users;
  const viewer = users.find((u) => u.login === 'pixelpal')!;
  // A moderator of the demo channel.
  const moderator = users.find((u) => u.login === 'modmallory')!;
  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'Automations', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Automations' });
  for (const template of starters) {
    await panel.getByLabel('Start from a template').selectOption({ label: template });
    await panel.getByRole('button', { name: 'Add from template' }).click();
    const editor = panel.getByRole('form', { name: `Edit ${template}` });
    await editor.getByRole('switch', { name: 'Switched on', exact: true }).click();
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor).toBeHidden();
  }
  // The death counter's variable was made with its template.
  await expect(panel.getByTestId('variable-deaths')).toHaveText('0');
  await untilSubscribed(sim, ['channel.chat.message']);

  // What Sidestage said (as the broadcaster, or the bot when one is signed in): not the viewers' own lines.
  const said = async () => (await sim.chatMessages(broadcasterId)).messages.filter((m) => m.is_sent && m.user_id !== viewer.id && m.user_id !== moderator.id).map((m) => m.text);
  await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: moderator.id, text: '!so @PixelPal' });
  await expect.poll(async () => (await said()).filter((t) => t.startsWith('Go follow PixelPal at https://www.twitch.tv/pixelpal! They were last playing ')).length, { timeout: 20_000 }).toBe(1);
  await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewer.id, text: '!uptime' });
  await expect.poll(async () => (await said()).filter((t) => t.startsWith('The stream has been live for ')).length, { timeout: 20_000 }).toBe(1);
  await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: moderator.id, text: '!death' });
  await expect.poll(said, { timeout: 20_000 }).toContain('Deaths: 1');
  await expect(panel.getByTestId('variable-deaths')).toHaveText('1');
  await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewer.id, text: '!8ball will the run go well? {var.deaths}' });
  await expect.poll(async () => (await said()).filter((t) => t.startsWith('🎱 PixelPal: ')).length, { timeout: 20_000 }).toBe(1);

  // Each answered once; the 8-ball's answer is one of its own; nothing typed became a command.
  const lines = await said();
  expect(lines.filter((t) => t.startsWith('Go follow PixelPal'))).toHaveLength(1);
  expect(lines.filter((t) => t === 'Deaths: 1')).toHaveLength(1);
  expect(eightBall.some((answer) => lines.includes(`🎱 PixelPal: ${answer}`))).toBe(true);
  // The run is in the log (without OBS, its text source step says so).
  const log = panel.getByRole('list', { name: 'Runs, newest first' });
  await expect(log.getByRole('listitem').filter({ hasText: 'used !death' }).first()).toContainText('deaths is now 1');
});
