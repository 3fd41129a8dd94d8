/**
 * The Live view's quick actions in a 420 px dock, each checked against what the emulator holds:
 * a clip (by its key), an ad run and the next one snoozed, a poll with a simulated vote, ended, a
 * prediction locked and resolved, a raid started and canceled, a shoutout.
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

  // Clip: one key press (K) while the Live view is shown.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('k');
  await expect(page.getByTestId('clip-edit-link')).toBeVisible();
  await expect(quick.getByRole('status').filter({ hasText: 'Clip created: the platform is processing it.' })).toBeVisible();
  // The platform lists it after its processing time.
  await sim.advanceClock(15);
  await expect(quick.getByRole('status').filter({ hasText: 'Clip ready.' })).toBeVisible();
  const clips = await helixAsBroadcaster<Held<{ id: string }>>(dock.emulatorUrl, '/helix/clips?broadcaster_id={id}', ['clips:edit']);
  expect(clips.data).toHaveLength(1);
  await expect(page.getByTestId('clip-edit-link').getByRole('link')).toHaveAttribute('href', new RegExp(`/clips/${clips.data[0]!.id}/edit$`));

  // Ads: run one with A ("Ad running"), then snooze the next break. The view is scrolled down to
  // the chat first: the key's outcome is brought into view, not left off screen.
  await page.locator('main.content').evaluate((main) => main.scrollTo(0, main.scrollHeight));
  await expect(quick.getByRole('button', { name: 'Run ad' })).not.toBeInViewport();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('a');
  await expect(page.getByTestId('ad-running')).toHaveText(/^Ad running 0:\d\d$/);
  await expect(page.getByTestId('ad-running')).toBeInViewport();
  await expect(page.getByTestId('ad-schedule')).toContainText('3 snoozes left');
  await quick.getByRole('button', { name: 'Snooze next ad (5 min)' }).click();
  await expect(page.getByTestId('ad-schedule')).toContainText('2 snoozes left');
  const schedule = await helixAsBroadcaster<Held<{ last_ad_at: number; snooze_count: number }>>(dock.emulatorUrl, '/helix/channels/ads?broadcaster_id={id}', ['channel:read:ads']);
  expect(schedule.data[0]).toMatchObject({ snooze_count: 2 });
  expect(schedule.data[0]!.last_ad_at).toBeGreaterThan(0);

  // A poll from the starter template: a viewer votes through the simulation API, then it is ended.
  const template = quick.getByRole('combobox', { name: 'Template' });
  await template.selectOption({ label: 'Poll: What next?' });
  await quick.getByRole('button', { name: 'Start', exact: true }).click();
  const runningPoll = page.getByTestId('running-poll');
  await expect(runningPoll).toContainText('Poll: What next?');
  const polls = await helixAsBroadcaster<Held<{ id: string; status: string; choices: { id: string }[] }>>(dock.emulatorUrl, '/helix/polls?broadcaster_id={id}', ['channel:read:polls']);
  expect(polls.data[0]).toMatchObject({ status: 'ACTIVE' });
  await sim.vote(polls.data[0]!.id, { user_id: viewer('pixelpal').id, choice_id: polls.data[0]!.choices[0]!.id });
  await expect(runningPoll).toContainText('Another round: 1 vote');
  await runningPoll.getByRole('button', { name: 'End poll' }).click();
  await expect(runningPoll).toContainText('ended early');
  const endedPolls = await helixAsBroadcaster<Held<{ status: string }>>(dock.emulatorUrl, '/helix/polls?broadcaster_id={id}', ['channel:read:polls']);
  expect(endedPolls.data[0]!.status).toBe('TERMINATED');

  // A prediction: started, locked, resolved with "Yes".
  await template.selectOption({ label: 'Prediction: Will we win this one?' });
  await quick.getByRole('button', { name: 'Start', exact: true }).click();
  const runningPrediction = page.getByTestId('running-prediction');
  await expect(runningPrediction).toContainText('takes predictions for');
  await runningPrediction.getByRole('button', { name: 'Lock' }).click();
  await expect(runningPrediction).toContainText('locked: choose the winner');
  await runningPrediction.getByRole('combobox', { name: 'Winner' }).selectOption({ label: 'Yes' });
  await runningPrediction.getByRole('button', { name: 'Resolve' }).click();
  await expect(runningPrediction).toContainText('resolved: Yes');
  const predictions = await helixAsBroadcaster<Held<{ status: string }>>(dock.emulatorUrl, '/helix/predictions?broadcaster_id={id}', ['channel:read:predictions']);
  expect(predictions.data[0]!.status).toBe('RESOLVED');

  // Raid: R goes to the search; typing filters; the raid starts with its countdown, then is canceled.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('r');
  const search = quick.getByRole('searchbox', { name: 'Live channels you follow' });
  await expect(search).toBeFocused();
  await expect(quick.getByRole('button', { name: 'Raid Speedrun_Sam' })).toBeVisible();
  // A followed channel that goes live afterwards is listed the next time the search is taken up,
  // without typing (the list once stayed as first read).
  const mallory = viewer('modmallory');
  await sim.follow({ user_id: broadcasterId, broadcaster_id: mallory.id }).catch(() => {});
  await sim.streamOnline(mallory.id, { title: 'Mod hour', viewer_count: 5 });
  await search.blur();
  await page.keyboard.press('r');
  await expect(search).toBeFocused();
  await expect(quick.getByRole('button', { name: 'Raid ModMallory' })).toBeVisible();
  await search.fill('speed');
  await quick.getByRole('button', { name: 'Raid Speedrun_Sam' }).click();
  await expect(page.getByTestId('raid-status')).toHaveText(/^Raiding Speedrun_Sam in 1:\d\d$/);
  expect((await sim.raids(broadcasterId)).raids.at(-1)).toMatchObject({ status: 'pending' });
  await quick.getByRole('button', { name: 'Cancel raid' }).click();
  await expect(page.getByTestId('raid-status')).toHaveText('Raid on Speedrun_Sam canceled.');
  expect((await sim.raids(broadcasterId)).raids.at(-1)).toMatchObject({ status: 'cancelled' });

  // Shoutout by name, with the cooldown said.
  await quick.getByRole('textbox', { name: 'Channel name' }).fill('pixelpal');
  await quick.getByRole('button', { name: 'Shout out' }).click();
  await expect(page.getByTestId('shoutout-status')).toContainText(/Shouted out PixelPal\. Next shoutout in [12]:\d\d/);
  expect((await sim.shoutouts(broadcasterId)).shoutouts).toHaveLength(1);

  // The narrowest dock: still nothing in the section scrolls sideways.
  await page.setViewportSize({ width: 320, height: 900 });
  await expect.poll(() => quick.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});
