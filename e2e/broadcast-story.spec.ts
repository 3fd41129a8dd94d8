/**
 * A demo broadcast's story end to end in the dock: Simulate viewers makes the channel live, a marker
 * is dropped and another channel raids; when the stream ends the Broadcasts panel opens by itself
 * with the chart drawn (a point each minute, a mark each moment, the marker and the raid among
 * them), and its CSV's follows and redemptions are the platform's for that time; the Markers panel's
 * chapter export adds the raid from that story when asked. Minutes are 5 s
 * long here (`SIDESTAGE_STORY_MINUTE_MS`), so that a few of them pass in a short test.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/dock-fixture';
import { helixAsBroadcaster, simulation, untilSubscribed } from './support/emulator-client';
import { openPanel } from './support/panels';
import { signInToDemo } from './support/sign-in';

const broadcasterId = '501234567';
const minuteMs = 5000;

test.beforeAll(() => {
  process.env.SIDESTAGE_STORY_MINUTE_MS = String(minuteMs);
});
test.afterAll(() => {
  delete process.env.SIDESTAGE_STORY_MINUTE_MS;
});

test('a demo broadcast: its chart opens when it ends, with its minutes and moments, and its CSV counts what the platform counted', async ({ page, context, dock }) => {
  test.setTimeout(150_000);
  await signInToDemo(page, context, dock);
  const sim = simulation(dock.emulatorUrl);
  await untilSubscribed(sim, ['channel.follow', 'channel.raid', 'channel.channel_points_custom_reward_redemption.add', 'stream.online', 'stream.offline']);
  await openPanel(page, 'Broadcasts');
  await expect(page.getByTestId('broadcasts-empty')).toBeVisible();

  await page.getByRole('switch', { name: 'Simulate viewers' }).check();
  await expect(page.getByTestId('status-stream')).toHaveText(/^Live( \d+:\d\d)?$/);
  await openPanel(page, 'Markers');
  await page.getByRole('button', { name: 'Drop marker' }).click();
  await expect(page.getByRole('table', { name: 'Marker log' }).getByRole('row')).toHaveCount(2);
  const raider = await sim.createUser({ login: 'ana_streams' });
  await sim.incomingRaid({ from_broadcaster_id: raider.id, to_broadcaster_id: broadcasterId, viewers: 42 });
  for (const login of ['story_follower_1', 'story_follower_2']) {
    const user = await sim.createUser({ login });
    await sim.follow({ user_id: user.id, broadcaster_id: broadcasterId });
  }

  // A few minutes of the broadcast, read live in the panel.
  await openPanel(page, 'Broadcasts');
  await page.getByText(/^The chart as a table/).click();
  const moments = page.getByRole('table', { name: 'Moments of the broadcast' });
  await expect(moments.getByRole('row').filter({ hasText: 'Raid from' })).toHaveCount(1, { timeout: 30_000 });
  await expect(moments.getByRole('row').filter({ hasText: 'Marker' })).toHaveCount(1);
  const minutesRows = page.getByRole('table', { name: 'Minutes of the broadcast' }).getByRole('row');
  await expect.poll(async () => minutesRows.count(), { timeout: 60_000, intervals: [500] }).toBeGreaterThanOrEqual(5);

  // The end: the panel is left, and comes back by itself on the ended broadcast.
  await openPanel(page, 'Account');
  await page.getByRole('switch', { name: 'Simulate viewers' }).uncheck();
  await expect(page.getByTestId('status-stream')).toHaveText('Offline');
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Broadcasts' })).toBeVisible({ timeout: 30_000 });
  const chart = page.getByTestId('story-chart');
  if (!(await page.getByRole('table', { name: 'Moments of the broadcast' }).isVisible())) await page.getByText(/^The chart as a table/).click();
  await expect(chart).toHaveAttribute('data-drawn', 'true');
  await expect(page.getByTestId('broadcast-story')).toContainText('ended');

  // A point each minute from the first to the last (Sidestage ran throughout), a mark each moment.
  const rows = (await minutesRows.count()) - 1;
  const momentRows = (await moments.getByRole('row').count()) - 1;
  await expect(chart).toHaveAttribute('data-points', String(rows));
  await expect(chart).toHaveAttribute('data-marks', String(momentRows));
  expect(momentRows).toBeGreaterThanOrEqual(2);
  // The marks by keyboard: one control, the arrows going from one moment to the next.
  const marks = page.getByRole('slider', { name: 'Moments on the timeline' });
  await marks.focus();
  await page.keyboard.press('Home');
  const said: string[] = [];
  for (let i = 0; i < momentRows; i++) {
    said.push((await marks.getAttribute('aria-valuetext')) ?? '');
    await page.keyboard.press('ArrowRight');
  }
  expect(new Set(said).size).toBe(momentRows);
  expect(said.some((words) => /Raid in: Raid from .* with 42 viewers/.test(words))).toBe(true);
  expect(said.some((words) => /Marker: /.test(words))).toBe(true);

  // Readable in a 420 px dock: the chart scrolls sideways on its own, the page does not, the rest stacks;
  // at 1280 px the totals, the changes and the people sit side by side.
  const layout = () =>
    page.evaluate(`(() => {
      const root = document.scrollingElement;
      const scroll = document.querySelector('.story-chart-scroll');
      const xs = [...document.querySelectorAll('.story-columns > section')].map((s) => Math.round(s.getBoundingClientRect().x));
      return { page: root.scrollWidth - root.clientWidth, chart: scroll.scrollWidth - scroll.clientWidth, xs };
    })()`) as Promise<{ page: number; chart: number; xs: number[] }>;
  await page.setViewportSize({ width: 420, height: 800 });
  await expect.poll(async () => (await layout()).page).toBe(0);
  const narrow = await layout();
  expect(new Set(narrow.xs).size).toBe(1);
  await page.setViewportSize({ width: 1280, height: 800 });
  // Side by side: as many columns as hold the totals whole (two in a 1280 px window).
  await expect.poll(async () => new Set((await layout()).xs).size).toBeGreaterThan(1);
  expect((await layout()).page).toBe(0);

  // The CSV's follows and redemptions are the platform's between the start and the end.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  const [header, ...lines] = csv.trim().split('\r\n');
  const columns = header!.split(',');
  const sum = (name: string) => lines.reduce((n, line) => n + Number(line.split(',')[columns.indexOf(name)]), 0);
  expect(lines).toHaveLength(rows);

  const startedText = await page.getByTestId('broadcast-story').getAttribute('data-started-at');
  const endedText = await page.getByTestId('broadcast-story').getAttribute('data-ended-at');
  const [started, ended] = [Date.parse(startedText!), Date.parse(endedText!)];
  const within = (at: string) => Date.parse(at) >= started && Date.parse(at) <= ended;
  const followers = await helixAsBroadcaster<{ data: { followed_at: string }[] }>(dock.emulatorUrl, '/helix/channels/followers?broadcaster_id={id}&first=100', ['moderator:read:followers']);
  const redemptions = (await sim.redemptions({ broadcaster_id: broadcasterId })).redemptions;
  expect(sum('follows')).toBe(followers.data.filter((f) => within(f.followed_at)).length);
  expect(sum('follows')).toBeGreaterThanOrEqual(2);
  expect(sum('redemptions')).toBe(redemptions.filter((r) => within(r.redeemed_at)).length);

  // The Markers panel's own chapter export: the raid only when ticked (off by default), taken from this broadcast's story.
  await openPanel(page, 'Markers');
  const chapters = async () => {
    const downloadingChapters = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export chapters' }).click();
    return readFile((await (await downloadingChapters).path())!, 'utf8');
  };
  const raids = page.getByTestId('chapter-options').getByRole('checkbox', { name: 'Raids' });
  await expect(raids).not.toBeChecked();
  expect(await chapters()).not.toMatch(/Raid from/);
  await raids.check();
  // A chapter line of its own, or merged into the marker's when both fell in the same second.
  expect(await chapters()).toMatch(/^\d+:\d\d (.* \/ )?Raid from ana_streams with 42 viewers( \/ .*)?$/im);
});
