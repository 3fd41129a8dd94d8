/**
 * Makes the README's screenshots from the real app (`npm run screenshots`): the built dock in demo
 * mode (e2e/support's starter, so the same staleness check), signed in, the demo channel made live
 * and busy through the emulator's simulation API, then PNGs taken with Chromium into docs/images/.
 * Not part of `npm test`: it proves nothing, it shows. Every process it starts, it ends by PID.
 */
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect as baseExpect, type Browser, type Locator, type Page } from '@playwright/test';
import { projectRoot } from './build-output.mjs';
import { startDockProcess, type RunningDockProcess } from '../e2e/support/dock-process';
import { chromiumArgs, findChromium } from '../e2e/support/find-chromium';
import { untilSubscribed } from '../e2e/support/emulator-client';
import { openPanel } from '../e2e/support/panels';
import { signInToDemo } from '../e2e/support/sign-in';
import { createSimulationClient, type SimulationClient } from '../src/emulator/simulation-client';

const imagesDir = join(projectRoot, 'docs', 'images');
/** The README promises small images: a PNG over this is reported, so that nobody commits a 2 MB one. */
const maxBytes = 250 * 1024;
/** The EventSub types the Live view's feed and chat subscribe to; events sent before would be lost, as on the platform. */
const feedTypes = ['channel.cheer', 'channel.raid', 'channel.follow', 'channel.chat.message', 'channel.channel_points_custom_reward_redemption.add', 'channel.charity_campaign.donate'];

// Generous: two cores shared with other work; every wait is on a condition, so it costs nothing when fast.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Toasts are real but would hide the panel in a still image; they expire by themselves (info ones do). */
async function toastsGone(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('group')).toHaveCount(0);
}

/**
 * A still of the viewport. The panel scrolls inside <main>, not the document: it is put at its
 * top, or with `at`'s section at the top, so that each image starts where its tour paragraph says.
 */
async function shoot(page: Page, name: string, at?: Locator): Promise<void> {
  await page.getByRole('main').evaluate((main) => {
    main.scrollTo(0, 0);
    main.ownerDocument.scrollingElement?.scrollTo(0, 0);
  });
  if (at) {
    await at.evaluate((el) => {
      const section = el.closest('section') ?? el;
      let box = section.parentElement;
      const page = el.ownerDocument;
      while (box && !(/auto|scroll/.test(page.defaultView?.getComputedStyle(box).overflowY ?? '') && box.scrollHeight > box.clientHeight)) box = box.parentElement;
      const scroller = box ?? page.scrollingElement;
      if (!scroller) return;
      const top = scroller === page.scrollingElement ? 0 : scroller.getBoundingClientRect().top;
      scroller.scrollTop += section.getBoundingClientRect().top - top;
    });
  }
  // No focus ring or hover left by the last click or key in the picture.
  await page.getByRole('main').evaluate((main) => (main.ownerDocument.activeElement as { blur?: () => void } | null)?.blur?.());
  await page.mouse.move(0, 0);
  const path = join(imagesDir, `${name}.png`);
  // No CSS transition half-way in the picture, no blinking caret.
  await page.screenshot({ path, animations: 'disabled', caret: 'hide', scale: 'css' });
  const { size } = await stat(path);
  const kb = Math.round(size / 1024);
  console.log(`  docs/images/${name}.png  ${page.viewportSize()?.width}x${page.viewportSize()?.height}  ${kb} KB`);
  if (size > maxBytes) throw new Error(`docs/images/${name}.png is ${kb} KB, over the ${maxBytes / 1024} KB the docs allow`);
}

/** Subscriptions the dock makes after sign-in; polled, since nothing else says when they are enabled. */
/** A live channel with a little of everything: the state a screenshot of the cockpit should show. */
async function makeTheChannelBusy(page: Page, sim: SimulationClient, emulatorUrl: string): Promise<void> {
  const state = await sim.state();
  const broadcaster = state.users.find((u) => u.login === 'sidestage_demo');
  const client = state.clients.find((c) => c.type === 'confidential');
  if (!broadcaster || !client) throw new Error('the demo seed is missing its broadcaster or client');
  const user = (login: string) => {
    const found = state.users.find((u) => u.login === login);
    if (!found) throw new Error(`the demo seed has no viewer ${login}`);
    return found;
  };
  const [pixel, carrot, mallory, luna, sam] = ['pixelpal', 'cozy_carrot', 'modmallory', 'lurkingluna', 'speedrun_sam'].map(user) as [
    ReturnType<typeof user>,
    ReturnType<typeof user>,
    ReturnType<typeof user>,
    ReturnType<typeof user>,
    ReturnType<typeof user>,
  ];
  const id = broadcaster.id;
  /** The platform's API as the broadcaster, to read what the dock made there. */
  const helix = async <T>(path: string, scopes: string[]): Promise<T> => {
    const token = await sim.mintToken({ client_id: client.client_id, user_id: id, scopes });
    const res = await fetch(`${emulatorUrl}${path}`, {
      headers: { authorization: `Bearer ${token.access_token}`, 'client-id': client.client_id },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };

  await untilSubscribed(sim, feedTypes);

  // The checklist as a broadcaster sees it before going live: the ingest servers tested.
  await openPanel(page, 'Go live');
  const probe = page.getByRole('button', { name: 'Test the servers' });
  await probe.click();
  await expect(page.getByText('Ready to go live')).toBeVisible();
  await toastsGone(page);
  await shoot(page, 'go-live-420');

  await sim.streamOnline(id, { title: 'Cozy Sunday build: finishing the greenhouse', viewer_count: 128, vod: true });
  await expect(page.getByTestId('status-stream')).toHaveText(/^Live /);
  await openPanel(page, 'Live');
  await expect(page.getByRole('region', { name: 'Quick actions' })).toBeVisible();

  // Redemptions first, so that the feed's newest rows are the other kinds (the Queue shows these).
  const { rewards } = await sim.redemptions({ broadcaster_id: id });
  const withInput = rewards.find((r) => r.is_user_input_required) ?? rewards[0];
  const plain = rewards.find((r) => !r.is_user_input_required) ?? rewards[0];
  if (!withInput || !plain) throw new Error('the demo seed has no rewards to redeem');
  await sim.redeem({ broadcaster_id: id, reward_id: withInput.id, user_id: carrot.id, user_input: withInput.is_user_input_required ? 'Play the rain song' : null });
  await sim.redeem({ broadcaster_id: id, reward_id: plain.id, user_id: pixel.id, user_input: plain.is_user_input_required ? 'Hydrate!' : null });
  await sim.redeem({ broadcaster_id: id, reward_id: withInput.id, user_id: luna.id, user_input: withInput.is_user_input_required ? 'Name a plant Gerald' : null });
  await sim.redeem({ broadcaster_id: id, reward_id: plain.id, user_id: sam.id, user_input: plain.is_user_input_required ? 'Hydrate!' : null });
  await sim.redeem({ broadcaster_id: id, reward_id: withInput.id, user_id: mallory.id, user_input: withInput.is_user_input_required ? 'Sing the greenhouse song' : null });

  // New viewers, so that their follows are new whatever the demo seed already holds.
  for (const login of ['greenthumb_gus', 'fern_fan']) {
    const follower = await sim.createUser({ login });
    await sim.follow({ user_id: follower.id, broadcaster_id: id });
  }
  await sim.cheer({ broadcaster_id: id, user_id: pixel.id, bits: 500, message: 'Cheer500 for the greenhouse!' });
  // A donation goes to the channel's charity campaign: the demo seed may run one already.
  const campaign = await helix<{ data: unknown[] }>(`/helix/charity/campaigns?broadcaster_id=${id}`, ['channel:read:charity']);
  if (campaign.data.length === 0) await sim.startCharity(id, { charity_name: 'Seed Savers', target_amount: { value: 50000, decimal_places: 2, currency: 'USD' } });
  await sim.donate({ broadcaster_id: id, user_id: mallory.id, amount: { value: 2500, decimal_places: 2, currency: 'USD' } });

  // A raid last (the newest row, with its shoutout): it settles after the platform's 90 s countdown, which the clock skips.
  await sim.streamOnline(sam.id, { title: 'Any% attempts', viewer_count: 42 });
  const raiderToken = await sim.mintToken({ client_id: client.client_id, user_id: sam.id, scopes: ['channel:manage:raids'] });
  const raid = await fetch(`${emulatorUrl}/helix/raids?from_broadcaster_id=${sam.id}&to_broadcaster_id=${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${raiderToken.access_token}`, 'client-id': client.client_id },
    signal: AbortSignal.timeout(10_000),
  });
  if (!raid.ok) throw new Error(`the raid was refused: ${raid.status} ${await raid.text()}`);
  await sim.advanceClock(91);
  // In a dock the feed is a tab beside chat.
  const feedTabs = page.getByRole('tablist', { name: 'Chat or activity' });
  await feedTabs.getByRole('tab', { name: /^Activity/ }).click();
  await expect(page.getByRole('button', { name: `Shoutout to ${sam.display_name}` })).toBeVisible();
  await feedTabs.getByRole('tab', { name: /^Chat/ }).click();

  const lines: [typeof pixel, string][] = [
    [pixel, 'the greenhouse looks amazing Kappa'],
    [luna, 'first time catching you live, hi!'],
    [mallory, 'reminder: be kind in chat'],
    [carrot, 'what are the tomatoes going to be called'],
    [sam, 'thanks for having us, raiders say hi'],
  ];
  for (const [viewer, text] of lines) await sim.sendChatMessage({ broadcaster_id: id, user_id: viewer.id, text });
  const chat = page.getByRole('log', { name: 'Chat messages' });
  await expect(chat.getByText(lines.at(-1)![1])).toBeVisible();

  // A poll from the starter template, as the broadcaster starts one (chosen in the Start tile's sheet), with a few votes.
  const quick = page.getByRole('region', { name: 'Quick actions' });
  await quick.getByRole('button', { name: 'Start poll: more' }).click();
  const startSheet = page.getByRole('dialog', { name: 'Poll or prediction' });
  await startSheet.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Poll: What next?' });
  await startSheet.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByTestId('tile-state-end-poll')).toHaveText(/^Poll: \d+:\d\d left$/);
  await quick.getByRole('button', { name: 'End poll: more' }).click();
  const running = page.getByRole('dialog', { name: 'Poll' }).getByTestId('running-poll');
  await expect(running).toContainText('Poll: What next?');
  const polls = await helix<{ data: { id: string; choices: { id: string }[] }[] }>(`/helix/polls?broadcaster_id=${id}`, ['channel:read:polls']);
  const poll = polls.data[0];
  if (!poll || poll.choices.length < 2) throw new Error('the poll the dock started is not on the platform');
  const votes: [typeof pixel, number][] = [[pixel, 0], [luna, 0], [carrot, 1], [sam, 0], [mallory, 1]];
  for (const [viewer, choice] of votes) await sim.vote(poll.id, { user_id: viewer.id, choice_id: poll.choices[choice]!.id });
  await expect(running).toContainText('Another round: 3 votes');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sidestage-shots-'));
  let running: RunningDockProcess | undefined;
  let browser: Browser | undefined;
  try {
    // Throws "the dock's build is out of date (...): run `npm run build` first" on a missing or stale build.
    running = await startDockProcess(dataDir);
    const { dock } = running;
    const sim = createSimulationClient({ baseUrl: dock.emulatorUrl, timeoutMs: 10_000 });
    browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
    // The app follows the OS's light/dark preference by default; the context plays the OS.
    const context = await browser.newContext({ viewport: { width: 420, height: 900 }, deviceScaleFactor: 1, colorScheme: 'dark' });
    const page = await context.newPage();
    await mkdir(imagesDir, { recursive: true });

    console.log('sidestage: screenshots into docs/images/');
    await page.goto(dock.url);
    await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
    await shoot(page, 'first-run-420');

    await signInToDemo(page, context, dock);
    await makeTheChannelBusy(page, sim, dock.emulatorUrl);

    // The cockpit in a 420x800 dock: everything in view, chat in its tab.
    await page.setViewportSize({ width: 420, height: 800 });
    await toastsGone(page);
    await shoot(page, 'live-420-dark');

    // The activity tab, and a tile's sheet (the running poll, from the End poll tile).
    const feedTabs = page.getByRole('tablist', { name: 'Chat or activity' });
    await feedTabs.getByRole('tab', { name: /^Activity/ }).click();
    await shoot(page, 'live-420-dark-activity');
    await feedTabs.getByRole('tab', { name: /^Chat/ }).click();
    await page.getByRole('button', { name: 'End poll: more' }).click();
    await expect(page.getByRole('dialog', { name: 'Poll' }).getByTestId('running-poll')).toContainText('Another round: 3 votes');
    await shoot(page, 'live-420-dark-sheet');
    await page.keyboard.press('Escape');

    await openPanel(page, 'Queue');
    await expect(page.getByRole('listbox', { name: /Redemptions, oldest first/ }).getByRole('option', { name: /^ModMallory redeemed/ }).last()).toBeAttached();
    await toastsGone(page);
    await shoot(page, 'queue-420');

    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPanel(page, 'Live');
    await expect(page.locator('[data-tile-id="end-poll"]')).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
    await toastsGone(page);
    await shoot(page, 'live-1280-light');
  } finally {
    await browser?.close();
    await running?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`sidestage: screenshots not made: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
