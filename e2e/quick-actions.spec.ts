/**
 * The Live view's quick actions in a 420 px dock, as tiles and their sheets, each checked against
 * what the emulator holds: a clip (by its key), an ad run (counted down right to the second) and the
 * next one snoozed, a poll with a simulated vote, ended, a prediction locked (by its key) and
 * resolved, a raid started and canceled, a shoutout.
 */
import { expect, test } from './support/dock-fixture';
import { demoIdentities, helixAsBroadcaster, simulation } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';

test.use({ viewport: { width: 420, height: 900 } });

interface Held<T> {
  data: T[];
}

test('each quick action reaches the platform from the Live view at 420 px', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  const state = await sim.state();
  const viewer = (login: string) => state.users.find((u) => u.login === login)!;
  const sam = viewer('speedrun_sam');
  // A live channel the broadcaster follows, to raid (the demo seed may already follow it).
  await sim.follow({ user_id: broadcasterId, broadcaster_id: sam.id }).catch(() => {});
  await sim.streamOnline(sam.id, { title: 'Any% attempts', viewer_count: 3 });

  await signInToDemo(page, context, dock);
  await sim.streamOnline(broadcasterId, { vod: true, title: 'Quick actions run', viewer_count: 7 });
  await expect(page.getByTestId('status-stream')).toHaveText(/^Live /);
  await page.getByRole('button', { name: 'Live', exact: true }).click();
  const quick = page.getByRole('region', { name: 'Quick actions' });
  await expect(quick).toBeVisible();

  // The section fits the dock: nothing in it scrolls sideways.
  const overflow = await quick.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Clip: one key press (K) while the Live view is shown; the tile says how it goes, its sheet links to it.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('k');
  await expect(page.getByTestId('tile-state-clip')).toHaveText(/^(Creating…|Processing)$/);
  await quick.getByRole('button', { name: 'Create clip: more' }).click();
  const clipsSheet = page.getByRole('dialog', { name: 'Clips' });
  await expect(clipsSheet.getByTestId('clip-edit-link')).toBeVisible();
  await expect(clipsSheet).toContainText('Clip created: the platform is processing it.');
  // The platform lists it after its processing time.
  await sim.advanceClock(15);
  await expect(clipsSheet).toContainText('Clip ready.');
  const clips = await helixAsBroadcaster<Held<{ id: string }>>(dock.emulatorUrl, '/helix/clips?broadcaster_id={id}', ['clips:edit']);
  expect(clips.data).toHaveLength(1);
  await expect(clipsSheet.getByTestId('clip-edit-link')).toHaveAttribute('href', new RegExp(`/clips/${clips.data[0]!.id}/edit$`));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tile-state-clip')).toHaveText('Clip ready');

  // Ads: A runs one. The tile counts it down right to the second (a 30 s ad never reads more than
  // 0:30) and says when the platform lets another run; then the next break is snoozed.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { adStates: string[] }).adStates = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="tile-state-ad"]')?.textContent;
      if (text && text !== seen.at(-1)) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('a');
  const adState = page.getByTestId('tile-state-ad');
  await expect(adState).toHaveText(/^Ad running 0:\d\dAnother ad in \d+:\d\d$/);
  await expect(quick.getByRole('button', { name: 'Run ad', exact: true })).toBeDisabled();
  const running = (await page.evaluate(() => (window as unknown as { adStates: string[] }).adStates)).filter((t) => t.startsWith('Ad running'));
  expect(running.length).toBeGreaterThan(0);
  for (const text of running) expect(Number(/^Ad running 0:(\d\d)/.exec(text)?.[1]), running.join(' | ')).toBeLessThanOrEqual(30);
  await quick.getByRole('button', { name: 'Run ad: more' }).click();
  const adsSheet = page.getByRole('dialog', { name: 'Ads' });
  await expect(adsSheet.getByTestId('ad-running')).toHaveText(/^Ad running 0:\d\d$/);
  await expect(adsSheet.getByTestId('ad-cooldown')).toHaveText(/^Another ad can run in \d+:\d\d\./);
  await expect(adsSheet.getByTestId('ad-schedule')).toContainText('3 snoozes left');
  await adsSheet.getByRole('button', { name: 'Snooze next ad (5 min)' }).click();
  await expect(adsSheet.getByTestId('ad-schedule')).toContainText('2 snoozes left');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tile-state-snooze')).toHaveText(/^Next ad (\d+:)?\d+:\d\d2 snoozes left$/);
  const schedule = await helixAsBroadcaster<Held<{ last_ad_at: number; snooze_count: number }>>(dock.emulatorUrl, '/helix/channels/ads?broadcaster_id={id}', ['channel:read:ads']);
  expect(schedule.data[0]).toMatchObject({ snooze_count: 2 });
  expect(schedule.data[0]!.last_ad_at).toBeGreaterThan(0);

  // A poll from the starter template (chosen in the Start tile's sheet): a viewer votes through the
  // simulation API, the End poll tile counts down, and the poll is ended from its sheet.
  await quick.getByRole('button', { name: 'Start poll: more' }).click();
  const startSheet = page.getByRole('dialog', { name: 'Poll or prediction' });
  await startSheet.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Poll: What next?' });
  await startSheet.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(startSheet).toHaveCount(0);
  await expect(page.getByTestId('tile-state-end-poll')).toHaveText(/^Poll: [12]:\d\d left$/);
  const polls = await helixAsBroadcaster<Held<{ id: string; status: string; choices: { id: string }[] }>>(dock.emulatorUrl, '/helix/polls?broadcaster_id={id}', ['channel:read:polls']);
  expect(polls.data[0]).toMatchObject({ status: 'ACTIVE' });
  await sim.vote(polls.data[0]!.id, { user_id: viewer('pixelpal').id, choice_id: polls.data[0]!.choices[0]!.id });
  await quick.getByRole('button', { name: 'End poll: more' }).click();
  const runningPoll = page.getByRole('dialog', { name: 'Poll' }).getByTestId('running-poll');
  await expect(runningPoll).toContainText('Poll: What next?');
  await expect(runningPoll).toContainText('Another round: 1 vote');
  await runningPoll.getByRole('button', { name: 'End poll' }).click();
  await expect(runningPoll).toContainText('ended early');
  const endedPolls = await helixAsBroadcaster<Held<{ status: string }>>(dock.emulatorUrl, '/helix/polls?broadcaster_id={id}', ['channel:read:polls']);
  expect(endedPolls.data[0]!.status).toBe('TERMINATED');
  await page.keyboard.press('Escape');

  // A prediction: chosen, started with P, locked with L, resolved with "Yes" in its sheet.
  await quick.getByRole('button', { name: 'Start poll: more' }).click();
  await startSheet.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Prediction: Will we win this one?' });
  await page.keyboard.press('Escape');
  await expect(quick.getByRole('button', { name: 'Start prediction', exact: true })).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('p');
  await expect(page.getByTestId('tile-state-prediction')).toHaveText(/^Locks in \d:\d\d$/);
  await page.keyboard.press('l');
  await expect(page.getByTestId('tile-state-prediction')).toHaveText('Pick the winner');
  await quick.getByRole('button', { name: 'Lock prediction: more' }).click();
  const runningPrediction = page.getByRole('dialog', { name: 'Prediction' }).getByTestId('running-prediction');
  await expect(runningPrediction).toContainText('locked: choose the winner');
  await runningPrediction.getByRole('combobox', { name: 'Winner' }).selectOption({ label: 'Yes' });
  await runningPrediction.getByRole('button', { name: 'Resolve' }).click();
  await expect(runningPrediction).toContainText('resolved: Yes');
  const predictions = await helixAsBroadcaster<Held<{ status: string }>>(dock.emulatorUrl, '/helix/predictions?broadcaster_id={id}', ['channel:read:predictions']);
  expect(predictions.data[0]!.status).toBe('RESOLVED');
  await page.keyboard.press('Escape');

  // Raid: R opens its sheet with the search focused; typing filters; the raid starts with its countdown, then is canceled.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('r');
  const raidSheet = page.getByRole('dialog', { name: 'Raid' });
  const search = raidSheet.getByRole('searchbox', { name: 'Live channels you follow' });
  await expect(search).toBeFocused();
  await expect(raidSheet.getByRole('button', { name: 'Raid Speedrun_Sam' })).toBeVisible();
  // A followed channel that goes live afterwards is listed the next time the search is taken up,
  // without typing (the list once stayed as first read).
  const mallory = viewer('modmallory');
  await sim.follow({ user_id: broadcasterId, broadcaster_id: mallory.id }).catch(() => {});
  await sim.streamOnline(mallory.id, { title: 'Mod hour', viewer_count: 5 });
  await search.blur();
  await page.keyboard.press('r');
  await expect(search).toBeFocused();
  await expect(raidSheet.getByRole('button', { name: 'Raid ModMallory' })).toBeVisible();
  await search.fill('speed');
  await raidSheet.getByRole('button', { name: 'Raid Speedrun_Sam' }).click();
  await expect(page.getByTestId('raid-status')).toHaveText(/^Raiding Speedrun_Sam in 1:\d\d$/);
  await expect(page.getByTestId('tile-state-raid')).toHaveText(/^Speedrun_Sam in 1:\d\d$/);
  expect((await sim.raids(broadcasterId)).raids.at(-1)).toMatchObject({ status: 'pending' });
  await raidSheet.getByRole('button', { name: 'Cancel raid' }).click();
  await expect(page.getByTestId('raid-status')).toHaveText('Raid on Speedrun_Sam canceled.');
  expect((await sim.raids(broadcasterId)).raids.at(-1)).toMatchObject({ status: 'cancelled' });
  await page.keyboard.press('Escape');

  // Shoutout by name (O opens its sheet), with the cooldown said there and on the tile.
  await page.keyboard.press('o');
  const shoutoutSheet = page.getByRole('dialog', { name: 'Shoutout' });
  await expect(shoutoutSheet.getByRole('textbox', { name: 'Channel name' })).toBeFocused();
  await shoutoutSheet.getByRole('textbox', { name: 'Channel name' }).fill('pixelpal');
  await shoutoutSheet.getByRole('button', { name: 'Shout out' }).click();
  await expect(page.getByTestId('shoutout-status')).toContainText(/Shouted out PixelPal\. Next shoutout in [12]:\d\d/);
  expect((await sim.shoutouts(broadcasterId)).shoutouts).toHaveLength(1);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tile-state-shoutout')).toHaveText(/^Next in [12]:\d\d$/);

  // The narrowest dock: still nothing in the section scrolls sideways.
  await page.setViewportSize({ width: 320, height: 900 });
  await expect.poll(() => quick.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});
