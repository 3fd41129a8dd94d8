/**
 * Automations in a 420 px dock: one made from a template, switched on, triggered by the practice
 * platform's simulation, its run in the log and its effect on the platform; Test in demo mode
 * through the platform; and a damaged automations file set aside and named.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as plain, type Locator, type Page } from '@playwright/test';
import { automationFixture, automationsFileFixture } from '../src/main/test-support/data-file-fixtures';
import { expect, test } from './support/dock-fixture';
import { startDockProcess } from './support/dock-process';
import { demoIdentities, simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';
import { pressInView } from './support/panels';

test.use({ viewport: { width: 420, height: 900 } });

const hydrateRewardId = '1d0f4a52-6c1e-4b7a-9e3f-2a8b5c7d9e01';

/** In the Automations panel: a starter template added, switched on and saved; answers the panel. */
async function addSwitchedOn(page: Page, template: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Automations', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Automations' });
  await panel.getByLabel('Start from a template').selectOption({ label: template });
  await panel.getByRole('button', { name: 'Add from template' }).click();
  const editor = panel.getByRole('form', { name: `Edit ${template}` });
  await editor.getByRole('switch', { name: 'Switched on', exact: true }).click();
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toBeHidden();
  return panel;
}

test('an automation from a template, triggered by the simulation: its run in the log and the redemption fulfilled', async ({ page, context, dock }) => {
  test.setTimeout(90_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  const viewer = (await sim.state()).users.find((u) => u.login !== 'sidestage_demo' && u.id !== broadcasterId)!;
  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'Automations', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Automations' });
  await expect(panel.getByText('No automations yet.')).toBeVisible();

  await panel.getByLabel('Start from a template').selectOption({ label: 'Hydrate! → water scene + fulfil' });
  await panel.getByRole('button', { name: 'Add from template' }).click();
  const editor = panel.getByRole('form', { name: 'Edit Hydrate! → water scene + fulfil' });
  await expect(editor).toBeVisible();
  // Made from the channel's own reward; switched off until checked.
  await expect(editor.getByLabel('Reward')).toHaveValue(hydrateRewardId);
  await expect(editor.getByRole('switch', { name: 'Switched on', exact: true })).toHaveAttribute('aria-checked', 'false');
  await editor.getByRole('switch', { name: 'Switched on', exact: true }).click();
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toBeHidden();
  const item = panel.getByRole('listitem', { name: 'Hydrate! → water scene + fulfil' });
  await expect(item.getByRole('switch', { name: 'Hydrate! → water scene + fulfil' })).toHaveAttribute('aria-checked', 'true');

  // A viewer redeems Hydrate! on the practice platform.
  await untilSubscribed(sim, ['channel.channel_points_custom_reward_redemption.add']);
  const redemption = await sim.redeem({ broadcaster_id: broadcasterId, reward_id: hydrateRewardId, user_id: viewer.id });

  const log = panel.getByRole('list', { name: 'Runs, newest first' });
  const run = log.getByRole('listitem').filter({ hasText: `${viewer.display_name} redeemed Hydrate!` }).first();
  await expect(run).toHaveAttribute('data-status', 'failed');
  await run.locator('summary').click();
  // Without OBS the scene cannot switch, and the log says why; the redemption is fulfilled all the same.
  await expect(run).toContainText('Not connected to OBS');
  await expect(run).toContainText('Redemption fulfilled');
  await expect
    .poll(async () => (await sim.redemptions({ broadcaster_id: broadcasterId, reward_id: hydrateRewardId, status: 'FULFILLED' })).redemptions.map((r) => r.id))
    .toContain(redemption.id);

  // Test in demo mode: the practice platform makes the event happen, and the run follows.
  await item.getByRole('button', { name: 'Test Hydrate! → water scene + fulfil' }).click();
  await expect(panel.getByTestId('automations-note')).toContainText('redeemed Hydrate! on the practice channel.');
  await expect(log.locator(':scope > li')).toHaveCount(2);

  // The panel fits the dock.
  const overflow = await panel.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the global pause skips what happens meanwhile, and the automation says so (counted, not one log line each)', async ({ page, context, dock }) => {
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  await signInToDemo(page, context, dock);
  const panel = await addSwitchedOn(page, '!discord → reply');
  await panel.getByRole('switch', { name: 'Pause all automations' }).click();
  await expect(panel.getByRole('switch', { name: 'Pause all automations' })).toHaveAttribute('aria-checked', 'true');
  await untilSubscribed(sim, ['channel.chat.message']);
  const viewer = (await sim.state()).users.find((u) => u.login !== 'sidestage_demo' && u.id !== broadcasterId)!;
  await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewer.id, text: '!discord' });
  const status = panel.getByRole('listitem', { name: '!discord → reply' }).getByTestId('automation-status');
  await expect(status).toContainText('skipped once: automations paused');
  await expect(status).toHaveAttribute('title', 'Skipped: automations are paused.');
  await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewer.id, text: '!discord again' });
  await expect(status).toContainText('skipped 2 times: automations paused');
  expect((await sim.chatMessages(broadcasterId)).messages.filter((m) => m.text.startsWith('Join the Discord'))).toEqual([]);
});

test('the Live view’s Automations tile: chosen in Arrange, B pauses them all and resumes them, and it says what the last run did', async ({ page, context, dock }) => {
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  await signInToDemo(page, context, dock);
  const panel = await addSwitchedOn(page, '!discord → reply');

  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Live', exact: true }).click();
  // Off the view for a new broadcaster; chosen in Arrange.
  await expect(page.locator('[data-tile-id="automations"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Arrange' }).click();
  await page.getByRole('dialog', { name: 'Arrange the Live view' }).getByRole('checkbox', { name: /^Automations/ }).check();
  await page.keyboard.press('Escape');
  const tileState = page.getByTestId('tile-state-automations');
  await expect(tileState).toHaveText('Automations on');

  // B pauses them all: the tile and the panel say so.
  await pressInView(page, 'b');
  await expect(tileState).toHaveText('PausedNothing runs until resumed');
  await expect(page.getByRole('button', { name: 'Resume automations', exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Automations', exact: true }).click();
  await expect(panel.getByRole('switch', { name: 'Pause all automations' })).toHaveAttribute('aria-checked', 'true');

  // Pressed (the tile this time): going again, and the next run's outcome is on the tile.
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Live', exact: true }).click();
  await page.getByRole('button', { name: 'Resume automations', exact: true }).click();
  await expect(tileState).toHaveText('Automations on');
  await untilSubscribed(sim, ['channel.chat.message']);
  const viewer = (await sim.state()).users.find((u) => u.login !== 'sidestage_demo' && u.id !== broadcasterId)!;
  await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewer.id, text: '!discord' });
  await expect(tileState).toHaveText('!discord → reply: done');
  await expect(page.getByRole('button', { name: 'Pause automations', exact: true })).toBeVisible();
});

test('the editor fits a 320 px dock, is reachable by keyboard and has no serious axe violation', async ({ page, context, dock }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'Automations', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Automations' });
  await panel.getByRole('button', { name: 'New automation' }).click();
  const editor = panel.getByRole('form', { name: 'New automation' });
  await editor.getByLabel('Name').fill('Everything at once');
  await editor.getByLabel('Trigger', { exact: true }).selectOption({ label: 'Chat command' });
  await editor.getByLabel('Command').fill('!all');
  await editor.getByRole('button', { name: 'Add a condition' }).click();
  for (const kind of ['OBS: switch scene', 'OBS: show or hide a source', 'Chat: send a message', 'Turn on a chat mode', 'Play a sound', 'Show an alert']) {
    await editor.getByLabel('Add an action').selectOption({ label: kind });
    await editor.getByRole('button', { name: 'Add', exact: true }).click();
  }
  // Saving what is not complete names each problem; nothing is saved.
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('alert')).toContainText('Action 1 (OBS: switch scene): Choose one from OBS.');
  // Sounds and images are picked from the overlays' media library, empty here: the picker says where to add them.
  await expect(editor.getByText('No sounds in the media library yet: add them in the Overlays panel.')).toBeVisible();
  // The keyboard reaches the editor's buttons.
  await editor.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(editor.getByRole('button', { name: 'Save and test' })).toBeFocused();
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    return Math.max(document.documentElement.scrollWidth - document.documentElement.clientWidth, main.scrollWidth - main.clientWidth);
  });
  expect(overflow).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();
});

test("the broadcaster's words, built in the editor: a viewer's line gets a reply in its thread, and a moderator-only action says its guard", async ({ page, context, dock }) => {
  test.setTimeout(90_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'Automations', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Automations' });
  await panel.getByRole('button', { name: 'New automation' }).click();
  const editor = panel.getByRole('form', { name: 'New automation' });
  await editor.getByLabel('Name').fill('No spoilers');
  await editor.getByLabel('Trigger', { exact: true }).selectOption({ label: 'A chat message with your words' });
  // Nothing written yet: saving says what is missing, in words.
  await editor.getByLabel('Add an action').selectOption({ label: 'Chat: reply to the message' });
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('alert')).toContainText('Trigger: Add at least one word or phrase.');
  await expect(editor.getByRole('alert')).toContainText('Action 1 (Chat: reply to the message): Write the reply.');
  await editor.getByLabel('Words or phrases').fill('spoiler alert, no spoilers');
  await editor.getByLabel('Reply', { exact: true }).fill('Careful with spoilers, {user}! ({phrase})');
  await editor.getByLabel('Add an action').selectOption({ label: 'Time out, ban or warn the viewer' });
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(editor.getByText("The target is the command's first argument, looked up on the platform. Never you, a moderator or Sidestage's bot.")).toBeVisible();
  await editor.getByLabel('Shared queue').fill('Chat');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toBeHidden();

  await untilSubscribed(sim, ['channel.chat.message']);
  // ModMallory is one of the demo channel's moderators: replied to, never timed out.
  const moderator = (await sim.state()).users.find((u) => u.login === 'modmallory')!;
  const line = await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: moderator.id, text: 'SPOILER alert: the ending' });
  const log = panel.getByRole('list', { name: 'Runs, newest first' });
  const run = log.getByRole('listitem').filter({ hasText: `${moderator.display_name} said` }).first();
  await expect(run).toHaveAttribute('data-status', 'failed');
  await run.locator('summary').click();
  await expect(run).toContainText(`Replied: "Careful with spoilers, ${moderator.display_name}! (SPOILER alert)"`);
  await expect(run).toContainText(`Not timed out: ${moderator.display_name} is a moderator; automations never act on moderators.`);
  await expect
    .poll(async () => (await sim.chatMessages(broadcasterId)).messages.filter((m) => m.text.startsWith('Careful with spoilers')).map((m) => m.reply_parent_message_id))
    .toEqual([line.message_id]);
});

plain('a damaged automations file: the dock starts, names it and keeps it aside, and the readable automations stay', async ({ page }, testInfo) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sidestage-e2e-automations-'));
  let running: Awaited<ReturnType<typeof startDockProcess>> | null = null;
  try {
    await writeFile(join(dataDir, 'automations.json'), automationsFileFixture([automationFixture('a', 'Thank followers'), { id: 'b', name: 'Broken', actions: [] }]));
    running = await startDockProcess(dataDir);
    expect(running.dock.logs()).toContain('sidestage dock: automations.json: 1 part of it was damaged');
    await page.goto(running.dock.url);
    const banner = page.getByRole('note').filter({ hasText: 'automations.json' });
    await expect(banner).toContainText('Kept: 1 automation');
    await expect(banner).toContainText('Could not be recovered: 1 of 2 automations');
    expect((await readdir(dataDir)).some((n) => n.startsWith('automations.json.damaged-'))).toBe(true);
  } finally {
    await running?.stop();
    if (running && testInfo.status !== testInfo.expectedStatus) await testInfo.attach('dock-output.txt', { body: running.dock.logs(), contentType: 'text/plain' });
    await rm(dataDir, { recursive: true, force: true });
  }
});
