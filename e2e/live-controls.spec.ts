import { formatPosition } from '../src/shared/domain/marker-position';
import { expect, test } from './support/dock-fixture';
import { demoIdentities, helixAsBroadcaster, simulation } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';

test('the demo goes live: the status bar says so, a marker is dropped and listed, a chat setting reaches the platform', async ({ page, context, dock }) => {
  await signInToDemo(page, context, dock);
  await expect(page.getByTestId('status-stream')).toHaveText('Offline');

  // The channel goes live through the simulation API. No click: EventSub's stream.online tells the
  // app at once (the poll, every minute, would only fill in the counts).
  const id = (await demoIdentities(dock.emulatorUrl)).broadcasterId;
  await simulation(dock.emulatorUrl).streamOnline(id, { vod: true, title: 'Live from the e2e', viewer_count: 7 });
  await expect(page.getByTestId('status-stream')).toHaveText(/^Live \d+:\d\d$/);
  await page.getByRole('button', { name: 'Live', exact: true }).click();
  await expect(page.getByTestId('live-state')).toHaveText(/^Live /);
  await expect(page.getByText('7 viewers').first()).toBeVisible();

  // At least 83 minutes and 45 s into the broadcast on the platform's clock; real seconds pass
  // between going live and the click, so the exact position is the one the platform recorded.
  await simulation(dock.emulatorUrl).advanceClock(5025);
  // A marker with a description: from the marker tile's sheet (the tile itself, and M, drop one without).
  await page.getByRole('button', { name: 'Drop marker: more' }).click();
  await page.getByRole('dialog', { name: 'Marker with a description' }).getByLabel('Description (optional)').fill('Boss fight');
  await page.getByRole('button', { name: 'Place marker' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Marker at \d/ })).toBeVisible();
  const held = await helixAsBroadcaster<{ data: { videos: { markers: { description: string; position_seconds: number }[] }[] }[] }>(
    dock.emulatorUrl,
    '/helix/streams/markers?user_id={id}',
    ['user:read:broadcast'],
  );
  expect(held.data[0]!.videos[0]!.markers).toMatchObject([{ description: 'Boss fight' }]);
  const positionSeconds = held.data[0]!.videos[0]!.markers[0]!.position_seconds;
  expect(positionSeconds).toBeGreaterThanOrEqual(5025);
  expect(positionSeconds).toBeLessThan(5025 + 60);
  const position = formatPosition(positionSeconds);
  // The toast shows the platform's position (and nothing that would make it another number).
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`^Marker at ${escapeRegExp(position)}(?![\\d:])`) })).toBeVisible();

  await page.getByRole('button', { name: 'Markers', exact: true }).click();
  const log = page.getByRole('table', { name: 'Marker log' });
  await expect(log.getByRole('cell', { name: 'Boss fight' })).toBeVisible();
  await expect(log.getByRole('cell', { name: position, exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Markers on the platform' }).getByText('Boss fight')).toBeVisible();

  // Chat: a switch in the panel is what the platform holds.
  await page.getByRole('button', { name: 'Chat settings', exact: true }).click();
  const emoteOnly = page.getByRole('switch', { name: 'Emote-only' });
  await expect(emoteOnly).not.toBeChecked();
  await emoteOnly.check();
  await expect(emoteOnly).toBeChecked();
  await expect
    .poll(async () => {
      const settings = await helixAsBroadcaster<{ data: { emote_mode: boolean }[] }>(dock.emulatorUrl, '/helix/chat/settings?broadcaster_id={id}&moderator_id={id}', ['moderator:read:chat_settings']);
      return settings.data[0]?.emote_mode;
    })
    .toBe(true);

  // A slow-mode wait outside the platform's range is refused in the form, before anything is sent.
  const wait = page.getByRole('spinbutton', { name: 'Slow mode seconds' });
  await wait.fill('500');
  await expect(page.getByText('Slow mode must be a whole number of seconds from 3 to 120.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set slow mode seconds' })).toBeDisabled();
  // A wait in range reaches the platform as the same number of seconds.
  await wait.fill('45');
  await page.getByRole('button', { name: 'Set slow mode seconds' }).click();
  await expect
    .poll(async () => {
      const settings = await helixAsBroadcaster<{ data: { slow_mode: boolean; slow_mode_wait_time: number | null }[] }>(dock.emulatorUrl, '/helix/chat/settings?broadcaster_id={id}&moderator_id={id}', ['moderator:read:chat_settings']);
      return settings.data[0] && [settings.data[0].slow_mode, settings.data[0].slow_mode_wait_time];
    })
    .toEqual([true, 45]);
  await expect(page.getByRole('switch', { name: 'Slow mode' })).toHaveAttribute('aria-checked', 'true');
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
