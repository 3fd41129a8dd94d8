/**
 * Every panel fits an OBS dock and a wide window: at 320, 420, 1280 and 1920 px nothing scrolls
 * sideways, nothing sticks out of the panel, the panel's heading is in view, no text is cut (in the
 * panels, the Live view's sheets and its activity chips, and the status line with the dock
 * disconnected), and the column a list is ranked by (the ingest servers' latency) is in view (the
 * Live view's own fit, at 420x800 and 1280x800, is live-cockpit.spec.ts's). Also: a reload returns
 * to the panel in use, going live brings the Live panel, settings persist and apply at once, and
 * toasts expire without covering the panel.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/dock-fixture';
import { simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';
import { routeDockEvents } from './support/dock-events-route';
import { openPanel } from './support/panels';
import { boxOf, textCutOff } from './support/box-containment';

const broadcasterId = '501234567';
const viewer = '612345001';

/** The panels, by their navigation button and the heading they show. */
const panels = [
  { button: 'Account', heading: 'Account' },
  { button: 'Ingest', heading: 'Ingest' },
  { button: 'OBS', heading: 'OBS' },
  { button: 'Go live', heading: /Go live|Go-live/ },
  { button: 'Live', heading: 'Live' },
  { button: 'Markers', heading: 'Markers' },
  { button: 'Broadcasts', heading: 'Broadcasts' },
  { button: 'Chat settings', heading: 'Chat settings' },
  { button: 'Queue', heading: /Queue|Redemption/ },
  { button: 'Rewards', heading: 'Rewards' },
  { button: 'Charity', heading: 'Charity' },
  { button: 'Overlays', heading: 'Overlays' },
  { button: 'Automations', heading: 'Automations' },
  { button: 'Settings', heading: 'Settings' },
] as const;

const widths = [320, 420, 1280, 1920] as const;

/**
 * What sticks out sideways: the page's own scroll width, the panel's, and any element whose right
 * edge passes the panel's (elements inside a box that scrolls sideways on purpose, as a wide table's, excepted).
 */
async function horizontalOverflow(page: Page): Promise<{ page: number; content: number; sticking: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const main = document.querySelector('main.content') as HTMLElement;
    const limit = main.getBoundingClientRect().right + 1;
    // Inside a box that scrolls sideways on purpose, or in text for screen readers only (clipped to nothing).
    const scrollsSideways = (el: Element | null): boolean => {
      for (let node = el?.parentElement ?? null; node && node !== main; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll' || style.clip === 'rect(0px, 0px, 0px, 0px)') return true;
      }
      return false;
    };
    const sticking: string[] = [];
    for (const el of main.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= limit || scrollsSideways(el)) continue;
      const text = (el.textContent ?? '').trim().slice(0, 40);
      sticking.push(`${el.tagName.toLowerCase()}.${el.className} "${text}" right=${Math.round(rect.right)} > ${Math.round(limit)}`);
    }
    return { page: root.scrollWidth - root.clientWidth, content: main.scrollWidth - main.clientWidth, sticking: sticking.slice(0, 5) };
  });
}

/** How far the page itself (not the panel) scrolls down. */
async function pageScrollsDown(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollHeight - root.clientHeight;
  });
}

/** A box as the page lays it out, in whole pixels. */
interface Box {
  x: number;
  y: number;
  right: number;
  bottom: number;
}

/**
 * The Live view's sections (by the wrapper that places each) and the grid's direct children, with
 * their boxes, the panel scrolled to its top.
 */
async function liveLayout(page: Page): Promise<{ sections: Record<string, Box>; columns: Box[][] }> {
  return page.evaluate(() => {
    document.querySelector('main.content')!.scrollTop = 0;
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: Math.round(r.x), y: Math.round(r.y), right: Math.round(r.right), bottom: Math.round(r.bottom) };
    };
    const names = ['status', 'actions', 'queue', 'feed'];
    const sections = Object.fromEntries(names.map((name) => [name, box(document.querySelector(`.live-section-${name}`)!)]));
    // The layout's items, grouped by the column they start in.
    const byColumn = new Map<number, ReturnType<typeof box>[]>();
    for (const child of document.querySelector('.live-layout')!.children) {
      const b = box(child);
      if (b.bottom === b.y) continue;
      byColumn.set(b.x, [...(byColumn.get(b.x) ?? []), b]);
    }
    return { sections, columns: [...byColumn.entries()].sort(([a], [b]) => a - b).map(([, boxes]) => boxes) };
  });
}

/** The Live view at one width: the checks the layout makes beyond "nothing sticks out". */
async function checkLiveLayout(page: Page, width: number): Promise<void> {
  const { sections, columns } = await liveLayout(page);
  const order = ['status', 'actions', 'queue', 'feed'];
  const main = page.getByRole('main');
  if (width < 960) {
    // A dock: one column, in the order a broadcaster works: status, tiles, the queue head, chat or activity.
    expect(columns, `one column at ${width} px`).toHaveLength(1);
    const tops = order.map((name) => sections[name]!.y);
    expect(tops, `the sections' order at ${width} px`).toEqual([...tops].sort((a, b) => a - b));
    expect(new Set(tops).size).toBe(order.length);
    return;
  }
  // A wide window: the tiles and the queue head on the left, activity and chat on the right from the top.
  expect(columns, `columns at ${width} px`).toHaveLength(2);
  for (const name of ['status', 'actions', 'queue']) expect(sections[name]!.x, name).toBe(columns[0]![0]!.x);
  expect(sections.feed!.x).toBe(columns[1]![0]!.x);
  expect(sections.feed!.y).toBe(sections.status!.y);
  // Chat can be read and typed into without scrolling, below the activity.
  await expect(main.getByRole('textbox', { name: 'Chat message' })).toBeInViewport({ ratio: 1 });
  await expect(main.getByRole('button', { name: 'Send', exact: true })).toBeInViewport({ ratio: 1 });
  await expect(main.getByRole('log', { name: 'Chat messages' })).toBeInViewport({ ratio: 1 });
  expect(sections.feed!.bottom - sections.feed!.y, 'activity and chat share the height').toBeGreaterThan(400);
}

/**
 * The Live view's sheets, one per tile with one, each opened and closed: none cuts a word. Then the
 * activity (its own tab in a dock): none of its filter chips is cut either.
 */
async function checkLiveSheetsAndChips(page: Page, width: number): Promise<void> {
  const more = page.getByRole('region', { name: 'Quick actions' }).getByRole('button', { name: /: more$/ });
  const count = await more.count();
  expect(count, 'tiles with a sheet').toBeGreaterThan(3);
  for (let i = 0; i < count; i++) {
    const name = await more.nth(i).getAttribute('aria-label');
    await more.nth(i).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet, `${name} at ${width} px`).toBeVisible();
    expect(await textCutOff(page, 'dialog[open]'), `the sheet of ${name} at ${width} px`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
  }
  const activityTab = page.getByRole('tablist', { name: 'Chat or activity' }).getByRole('tab', { name: /^Activity/ });
  if (await activityTab.isVisible()) await activityTab.click();
  const chips = page.locator('.activity-filters');
  await expect(chips.getByRole('button', { name: /^Hype trains/ })).toBeVisible();
  expect(await textCutOff(page, '.activity-filters'), `the activity chips at ${width} px`).toEqual([]);
  if (await activityTab.isVisible()) await page.getByRole('tablist', { name: 'Chat or activity' }).getByRole('tab', { name: /^Chat/ }).click();
}

/** The ingest servers are ranked by latency: its column is in view, beside the servers, at every width. */
async function checkRankedColumn(page: Page, width: number): Promise<void> {
  const table = page.getByRole('table', { name: 'Ingest servers, fastest first' });
  const header = await boxOf(table.getByRole('columnheader', { name: 'Latency' }), 'the Latency column');
  const firstLatency = await boxOf(table.getByRole('row').nth(1).getByRole('cell').nth(1), 'the first server’s latency');
  const main = await boxOf(page.getByRole('main'), 'the panel');
  for (const [what, box] of [
    ['the Latency column', header],
    ['the first server’s latency', firstLatency],
  ] as const) {
    expect(box.x, `${what} at ${width} px`).toBeGreaterThanOrEqual(main.x - 0.5);
    expect(box.x + box.width, `${what} at ${width} px`).toBeLessThanOrEqual(Math.min(main.x + main.width, width) + 0.5);
  }
  await expect(table.getByRole('columnheader', { name: 'Latency' })).toBeInViewport({ ratio: 1 });
  // Nothing to scroll to: the table does not scroll sideways.
  expect(await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth), `the servers' table at ${width} px`).toBeLessThanOrEqual(0);
}

test('every panel fits 320, 420, 1280 and 1920 px wide while live, with toasts arriving, and cuts no word', async ({ page, context, dock }) => {
  test.setTimeout(300_000);
  // The first run (signed out) in the narrowest dock.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(dock.url);
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeInViewport();
  expect(await horizontalOverflow(page), 'first run at 320 px').toEqual({ page: 0, content: 0, sticking: [] });
  await signInToDemo(page, context, dock);
  const sim = simulation(dock.emulatorUrl);
  await sim.streamOnline(broadcasterId, { title: 'A long stream title that has to wrap somewhere in a narrow dock, not scroll', viewer_count: 1234 });
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Live' })).toBeVisible();
  // A few toasts, so the strip below the panel is part of the layout being checked.
  await untilSubscribed(sim, ['channel.channel_points_custom_reward_redemption.add']);
  const { rewards } = await sim.redemptions({ broadcaster_id: broadcasterId });
  for (let i = 0; i < 4; i++) await sim.redeem({ broadcaster_id: broadcasterId, reward_id: rewards[0]!.id, user_id: viewer });
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: /^\+\d+ more$/ })).toBeVisible();

  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    for (const panel of panels) {
      await openPanel(page, panel.button);
      const heading = page.getByRole('main').getByRole('heading', { level: 2, name: panel.heading });
      await expect(heading, `${panel.button} at ${width} px`).toBeInViewport();
      const overflow = await horizontalOverflow(page);
      expect(overflow, `${panel.button} at ${width} px`).toEqual({ page: 0, content: 0, sticking: [] });
      // Only the panel scrolls up and down: the page itself never does (no second scroll bar, the
      // header and status bar stay in view).
      expect(await pageScrollsDown(page), `the page itself at ${width} px on ${panel.button}`).toBe(0);
      expect(await textCutOff(page, 'body'), `text cut on ${panel.button} at ${width} px`).toEqual([]);
      if (panel.button === 'Ingest') await checkRankedColumn(page, width);
      if (panel.button === 'Live') {
        await checkLiveLayout(page, width);
        await checkLiveSheetsAndChips(page, width);
      }
      if (panel.button === 'Rewards') {
        // The reward form, every field shown (the cooldown's number and unit side by side).
        await page.getByRole('button', { name: 'New reward' }).click();
        const form = page.getByRole('form', { name: 'New reward' });
        await form.getByRole('switch', { name: 'Cooldown' }).click();
        await form.getByRole('switch', { name: 'Limit per viewer per stream' }).click();
        await expect(form.getByRole('combobox', { name: 'Cooldown unit' })).toBeEnabled();
        expect(await horizontalOverflow(page), `the reward form at ${width} px`).toEqual({ page: 0, content: 0, sticking: [] });
        await form.getByRole('button', { name: 'Cancel' }).click();
        await expect(form).toHaveCount(0);
      }
    }
  }
});

test('the Live status line, the dock disconnected and the status in doubt, cuts no word at 320, 420, 1280 and 1920 px', async ({ page, context, dock }) => {
  // The event stream goes through a route the test can cut, as a dock process that went away would.
  const events = await routeDockEvents(page);
  await signInToDemo(page, context, dock);
  const sim = simulation(dock.emulatorUrl);
  await sim.streamOnline(broadcasterId, { title: 'A long stream title that has to give way somewhere in the status line', viewer_count: 1234 });
  await openPanel(page, 'Live');
  await expect(page.getByTestId('live-state')).toHaveText(/^Live /);
  // The platform stops answering: the status says it may be out of date.
  await sim.addFault({ path: 'helix/streams', status: 500, count: 50 });
  await page.getByRole('button', { name: 'Check now' }).click();
  const strip = page.getByTestId('status-strip');
  await expect(strip).toContainText('may be out of date');
  await events.cut();
  await expect(page.getByTestId('live-state')).toHaveText('Disconnected from Sidestage');
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    expect(await textCutOff(page, '[data-testid="status-strip"]'), `the status line at ${width} px`).toEqual([]);
    expect(await textCutOff(page, 'body'), `the page at ${width} px`).toEqual([]);
  }
  await sim.clearFaults();
});

test('a reload returns to the panel in use; going live brings the Live panel', async ({ page, context, dock }) => {
  await signInToDemo(page, context, dock);
  await page.setViewportSize({ width: 420, height: 800 });
  await openPanel(page, 'Rewards');
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Rewards' })).toBeVisible();

  await openPanel(page, 'Go live');
  await simulation(dock.emulatorUrl).streamOnline(broadcasterId, { title: 'Live now' });
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Live' })).toBeVisible();
  // Chosen while live: the panel stays, across a reload too.
  await openPanel(page, 'Markers');
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Markers' })).toBeVisible();
});

test('an info toast goes by itself, and sits below the panel rather than over it', async ({ page, context, dock }) => {
  await signInToDemo(page, context, dock);
  await page.setViewportSize({ width: 420, height: 700 });
  await openPanel(page, 'Queue');
  const sim = simulation(dock.emulatorUrl);
  await untilSubscribed(sim, ['channel.channel_points_custom_reward_redemption.add']);
  const { rewards } = await sim.redemptions({ broadcaster_id: broadcasterId });
  await sim.redeem({ broadcaster_id: broadcasterId, reward_id: rewards[0]!.id, user_id: viewer });
  const toasts = page.getByRole('region', { name: 'Notifications' });
  const toast = toasts.getByRole('group').first();
  await expect(toast).toBeVisible();
  // The strip and the panel do not overlap.
  const [strip, main] = await Promise.all([toasts.boundingBox(), page.getByRole('main').boundingBox()]);
  expect(strip!.y).toBeGreaterThanOrEqual(main!.y + main!.height - 1);
  // Gone after its few seconds (the expect's own timeout is longer than a toast's life).
  await expect(toast).toBeHidden({ timeout: 15_000 });

  // Focus on a toast stops its time; dismissing it from the keyboard starts the others' again.
  await sim.redeem({ broadcaster_id: broadcasterId, reward_id: rewards[0]!.id, user_id: viewer });
  await sim.redeem({ broadcaster_id: broadcasterId, reward_id: rewards[0]!.id, user_id: viewer });
  await expect(toasts.getByRole('button', { name: '+1 more' })).toBeVisible();
  await toasts.getByRole('button', { name: 'Dismiss', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(toasts.getByRole('group')).toHaveCount(1);
  await expect(toasts.getByRole('group')).toHaveCount(0, { timeout: 15_000 });
});

test('settings: the theme and a notification switch are saved in main and apply at once', async ({ page, context, dock }) => {
  await signInToDemo(page, context, dock);
  await page.emulateMedia({ colorScheme: 'dark' });
  await openPanel(page, 'Settings');
  const colours = page.getByLabel('Colours');
  await expect(colours).toHaveValue('system');
  await colours.selectOption('light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  await expect.poll(background).toBe('rgb(246, 247, 249)');

  const donations = page.getByRole('switch', { name: 'Donations to your charity campaign' });
  await expect(donations).toHaveAttribute('aria-checked', 'true');
  await donations.click();
  await expect(donations).toHaveAttribute('aria-checked', 'false');

  // Kept by main: a new page (as another dock would be) shows the same.
  const other = await context.newPage();
  await other.goto(dock.origin);
  await other.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(other.getByRole('switch', { name: 'Donations to your charity campaign' })).toHaveAttribute('aria-checked', 'false');
  // A change in one applies in the other without a reload.
  await other.getByLabel('Colours').selectOption('system');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  // One palette, two ways to choose it: following the OS, light and dark are the same colours.
  await expect.poll(background).toBe('rgb(15, 17, 21)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(background).toBe('rgb(246, 247, 249)');
  await other.getByLabel('Colours').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(background).toBe('rgb(15, 17, 21)');
  await expect(page.getByText('Global shortcuts', { exact: false })).toBeVisible();
});
