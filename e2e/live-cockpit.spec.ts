/**
 * The Live view as a cockpit, in dock mode, live with Simulate viewers on and a notification
 * showing: at 420x800 and 1280x800 the status strip, at least 12 tiles, the queue head's first
 * Fulfil and the newest chat line are all inside the viewport, with nothing to scroll; no element's
 * box leaves its container's at 320, 420, 1280 and 1920 px (the view, and each tile's sheet); the
 * broadcaster's choice of tiles and their order is kept in main; the keys and the focus order work.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/dock-fixture';
import { boxesLeavingTheirContainer, boxOf, insideViewport, type Box } from './support/box-containment';
import { simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';
import { openPanel, pressInView } from './support/panels';

const broadcasterId = '501234567';
const viewer = '612345001';

/** Signed in, Simulate viewers on (the demo channel live, viewers chatting and redeeming), the Live view shown. */
async function liveWithViewers(page: Page, context: Parameters<typeof signInToDemo>[1], dock: Parameters<typeof signInToDemo>[2]): Promise<void> {
  await signInToDemo(page, context, dock);
  await page.getByRole('switch', { name: 'Simulate viewers' }).check();
  await expect(page.getByTestId('status-stream')).toHaveText(/^Live/);
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Live' })).toBeVisible();
  await expect(page.getByTestId('live-state')).toHaveText(/^Live \d+:\d\d/);
  await untilSubscribed(simulation(dock.emulatorUrl), ['channel.chat.message', 'channel.channel_points_custom_reward_redemption.add']);
}

/** A notification showing (a redemption's), held by the pointer so that it stays while the boxes are measured. */
async function holdANotification(page: Page, emulatorUrl: string): Promise<void> {
  const sim = simulation(emulatorUrl);
  const { rewards } = await sim.redemptions({ broadcaster_id: broadcasterId });
  const hydrate = rewards.find((r) => r.title === 'Hydrate!') ?? rewards[0]!;
  await sim.redeem({ broadcaster_id: broadcasterId, reward_id: hydrate.id, user_id: viewer });
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('group').first();
  await expect(toast).toBeVisible();
  await toast.hover();
}

interface CockpitBoxes {
  viewport: { width: number; height: number };
  strip: Box;
  tiles: Box[];
  fulfil: Box;
  newestChatLine: Box;
  chatLog: Box;
  notification: Box;
  /** How far the panel scrolls: nothing to scroll for. */
  panelScroll: number;
}

async function measure(page: Page): Promise<CockpitBoxes> {
  const notification = await boxOf(page.getByRole('region', { name: 'Notifications' }).getByRole('group').first(), 'the notification');
  const main = page.getByRole('main');
  await main.evaluate((el) => el.scrollTo(0, 0));
  const chatLog = main.getByRole('log', { name: 'Chat messages' });
  const tiles = await main.locator('.tiles > .tile').all();
  return {
    viewport: page.viewportSize()!,
    strip: await boxOf(page.getByTestId('status-strip'), 'the status strip'),
    tiles: await Promise.all(tiles.map((tile, i) => boxOf(tile, `tile ${i + 1}`))),
    fulfil: await boxOf(main.getByRole('region', { name: /Next redemption/ }).getByRole('button', { name: /^Fulfil / }).first(), 'the queue head’s first Fulfil'),
    newestChatLine: await boxOf(chatLog.locator('.chat-line').last(), 'the newest chat line'),
    chatLog: await boxOf(chatLog, 'the chat log'),
    notification,
    panelScroll: await main.evaluate((el) => el.scrollHeight - el.clientHeight),
  };
}

test('at 420x800 and 1280x800, live with viewers and a notification: strip, 12 tiles, Fulfil and the newest chat line in view; nothing leaves its box from 320 to 1920 px', async ({ page, context, dock }, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 420, height: 800 });
  await liveWithViewers(page, context, dock);
  // A chat line of our own, so that the newest line is known to be there.
  await simulation(dock.emulatorUrl).sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewer, text: 'hello from the cockpit test' });
  await expect(page.getByRole('log', { name: 'Chat messages' }).getByText('hello from the cockpit test')).toBeVisible();
  await expect(page.getByRole('region', { name: /Next redemption/ }).getByRole('button', { name: /^Fulfil / }).first()).toBeVisible();

  const figures: Record<string, CockpitBoxes> = {};
  for (const width of [420, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await holdANotification(page, dock.emulatorUrl);
    const boxes = await measure(page);
    figures[`${width}x800`] = boxes;
    const where = `${width}x800`;
    expect(boxes.tiles.length, `tiles at ${where}`).toBeGreaterThanOrEqual(12);
    for (const [name, box] of [
      ['the status strip', boxes.strip],
      ['the queue head’s first Fulfil', boxes.fulfil],
      ['the newest chat line', boxes.newestChatLine],
      ...boxes.tiles.map((box, i) => [`tile ${i + 1}`, box] as const),
    ] as const) {
      expect(insideViewport(box, boxes.viewport), `${name} at ${where}: ${JSON.stringify(box)}`).toBe(true);
    }
    // In view, not only inside the window: the newest line is within the chat's own box (not scrolled
    // away), and the notification strip covers none of them.
    expect(boxes.newestChatLine.y + boxes.newestChatLine.height, `the newest chat line at ${where}`).toBeLessThanOrEqual(boxes.chatLog.y + boxes.chatLog.height + 0.5);
    for (const [name, box] of [
      ['the queue head’s first Fulfil', boxes.fulfil],
      ['the newest chat line', boxes.newestChatLine],
      ['the last tile', boxes.tiles.at(-1)!],
    ] as const) {
      expect(box.y + box.height, `${name} above the notification at ${where}`).toBeLessThanOrEqual(boxes.notification.y);
    }
    expect(boxes.panelScroll, `the Live view scrolls at ${where}`).toBeLessThanOrEqual(0);
    if (width === 1280) {
      // Chat with its input and activity, beside the tiles.
      const main = page.getByRole('main');
      await expect(main.getByRole('textbox', { name: 'Chat message' })).toBeInViewport({ ratio: 1 });
      await expect(main.getByRole('button', { name: 'Send', exact: true })).toBeInViewport({ ratio: 1 });
      await expect(main.getByRole('region', { name: 'Activity, newest first' }).or(main.getByTestId('activity-empty'))).toBeInViewport();
    }
  }
  const line = (b: Box) => `${b.x},${b.y} ${b.width}x${b.height}`;
  for (const [where, b] of Object.entries(figures)) {
    console.log(
      [
        `the Live view at ${where} (boxes: x,y width x height, CSS px; panel scroll ${b.panelScroll} px)`,
        `  status strip ${line(b.strip)}`,
        `  ${b.tiles.length} tiles: ${b.tiles.map(line).join(' | ')}`,
        `  first Fulfil ${line(b.fulfil)}`,
        `  newest chat line ${line(b.newestChatLine)} in the chat log ${line(b.chatLog)}`,
        `  notification ${line(b.notification)}`,
      ].join('\n'),
    );
  }
  await testInfo.attach('live-view-boxes.json', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });

  // No element's box leaves its container's, the view and every tile's sheet, at four widths.
  for (const width of [320, 420, 1280, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await boxesLeavingTheirContainer(page, 'main.content'), `the Live view at ${width} px`).toEqual([]);
    for (const tile of await page.locator('.tiles > .tile').all()) {
      const more = tile.locator('.tile-more');
      const opener = (await more.count()) ? more : tile.locator('.tile-main[aria-haspopup="dialog"]');
      if ((await opener.count()) === 0) continue;
      const name = (await tile.locator('.tile-main').getAttribute('aria-label')) ?? '';
      await opener.click();
      const sheet = page.getByRole('dialog');
      await expect(sheet).toBeVisible();
      expect(await boxesLeavingTheirContainer(page, 'dialog[open]'), `the ${name} sheet at ${width} px`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(sheet).toHaveCount(0);
    }
  }
});

test('the broadcaster chooses the tiles and their order, by keyboard and mouse; main keeps it for every window; a tile off the view keeps its key', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 420, height: 800 });
  await signInToDemo(page, context, dock);
  await openPanel(page, 'Live');
  const tileIds = () => page.locator('.tiles > .tile').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-tile-id')));
  const before = await tileIds();
  expect(before.slice(0, 4)).toEqual(['marker', 'clip', 'ad', 'snooze']);
  expect(before).not.toContain('queue');

  await page.getByRole('button', { name: 'Arrange' }).click();
  const sheet = page.getByRole('dialog', { name: 'Arrange the Live view' });
  // Keyboard: "Create clip" up, with its button and then with Alt+↑ on its row; the focus stays on it.
  await sheet.getByRole('button', { name: 'Move Create clip up' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(tileIds).toEqual(['clip', 'marker', ...before.slice(2)]);
  await expect(sheet.getByRole('button', { name: 'Move Create clip up' })).toBeDisabled();
  await expect(sheet.getByRole('button', { name: 'Move Create clip down' })).toBeFocused();
  await sheet.getByRole('checkbox', { name: /^Run ad/ }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(tileIds).toEqual(['clip', 'ad', 'marker', ...before.slice(3)]);
  await expect(sheet.getByRole('checkbox', { name: /^Run ad/ })).toBeFocused();
  // A tile taken off the view, and one the registry keeps off it put on.
  await sheet.getByRole('checkbox', { name: /^Snooze ad/ }).uncheck();
  await sheet.getByRole('checkbox', { name: /^Open queue/ }).check();
  await expect.poll(tileIds).not.toContain('snooze');
  await expect.poll(tileIds).toContain('queue');
  // Mouse: "Shoutout" dragged onto the first row.
  await sheet.locator('[data-tile-choice="shoutout"]').dragTo(sheet.locator('[data-tile-choice="clip"]'));
  await expect.poll(async () => (await tileIds())[0]).toBe('shoutout');
  // While a sheet is open the view's keys wait: K on one of its buttons makes no clip.
  await sheet.getByRole('button', { name: 'Move Create clip down' }).focus();
  await page.keyboard.press('k');
  await page.keyboard.press('Escape');
  const arranged = await tileIds();

  // The snooze tile is off the view; its key S still acts: the platform is asked (offline, it
  // refuses in words). Once that answer shows, the K pressed in the sheet was handled too: no clip.
  await pressInView(page, 's');
  await expect(page.getByRole('alert').filter({ hasText: 'Ad not snoozed' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Clip not created' })).toHaveCount(0);

  // Kept by main: after a reload, and in another page (another dock), the same tiles in the same order.
  await page.reload();
  await openPanel(page, 'Live');
  await expect.poll(tileIds).toEqual(arranged);
  const other = await context.newPage();
  await other.setViewportSize({ width: 420, height: 800 });
  await other.goto(dock.origin);
  await openPanel(other, 'Live');
  await expect.poll(() => other.locator('.tiles > .tile').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-tile-id')))).toEqual(arranged);
  await other.close();

  // Back to the usual tiles.
  await page.getByRole('button', { name: 'Arrange' }).click();
  await sheet.getByRole('button', { name: 'Back to the usual tiles' }).click();
  await expect.poll(tileIds).toEqual(before);
});

test('keys and focus: Tab goes through the strip’s Arrange, the tiles in order, the queue head, then chat; focus is drawn; R and O open their sheets with the field focused', async ({ page, context, dock }) => {
  await page.setViewportSize({ width: 420, height: 800 });
  await signInToDemo(page, context, dock);
  await simulation(dock.emulatorUrl).streamOnline(broadcasterId, { title: 'Keys and focus', viewer_count: 3 });
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Live' })).toBeVisible();
  await page.getByRole('button', { name: 'Arrange' }).focus();
  const order: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return null;
      const outline = getComputedStyle(el).outlineStyle;
      const where = el.closest('[data-tile-id]')?.getAttribute('data-tile-id') ?? (el.closest('.queue-head') ? 'queue-head' : el.closest('.live-feed') ? 'feed' : 'other');
      return { where, outline };
    });
    if (!focused) break;
    expect(focused.outline, `focus drawn on ${focused.where}`).not.toBe('none');
    if (order.at(-1) !== focused.where) order.push(focused.where);
    if (focused.where === 'feed') break;
  }
  const tiles = await page.locator('.tiles > .tile').evaluateAll((els) => els.map((t) => t.getAttribute('data-tile-id')!));
  // Disabled tiles (nothing to end or lock yet) are skipped; the rest in the order they are shown.
  expect(order.filter((w) => tiles.includes(w))).toEqual(order.filter((w) => tiles.includes(w)).sort((a, b) => tiles.indexOf(a) - tiles.indexOf(b)));
  expect(order.indexOf('queue-head')).toBeGreaterThan(order.indexOf('channel'));
  expect(order.at(-1)).toBe('feed');

  await pressInView(page, 'r');
  await expect(page.getByRole('dialog', { name: 'Raid' }).getByRole('searchbox', { name: 'Live channels you follow' })).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('o');
  const shoutoutField = page.getByRole('dialog', { name: 'Shoutout' }).getByRole('textbox', { name: 'Channel name' });
  await expect(shoutoutField).toBeFocused();
  // A key in the same moment a sheet closes: the dialog's close event comes a task later, and must
  // not close the sheet the key has just opened (as the native close does on Escape, then O).
  await page.evaluate(() => {
    document.querySelector<HTMLDialogElement>('dialog[open]')!.close();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', bubbles: true }));
  });
  await expect(page.getByRole('dialog', { name: 'Raid' }).getByRole('searchbox', { name: 'Live channels you follow' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
