/**
 * The Live view's chat modes in a 420 px dock, checked against what the emulator holds: Emote only
 * switched on and off, a preset applied (and reverted at once), each switch showing the platform's state.
 */
import { expect, test } from './support/dock-fixture';
import { helixAsBroadcaster } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';

test.use({ viewport: { width: 420, height: 900 } });

interface HeldSettings {
  emote_mode: boolean;
  follower_mode: boolean;
  follower_mode_duration: number | null;
  slow_mode: boolean;
  slow_mode_wait_time: number | null;
}

test('chat modes and presets from the Live view reach the platform, and the switches show it', async ({ page, context, dock }) => {
  test.setTimeout(90_000);
  const held = async () => {
    const settings = await helixAsBroadcaster<{ data: HeldSettings[] }>(dock.emulatorUrl, '/helix/chat/settings?broadcaster_id={id}&moderator_id={id}', ['moderator:read:chat_settings']);
    return settings.data[0]!;
  };

  await signInToDemo(page, context, dock);
  const before = await held();
  // The demo channel starts with slow mode and emote-only off: switching them on is a change.
  expect([before.slow_mode, before.emote_mode]).toEqual([false, false]);
  await page.getByRole('button', { name: 'Live', exact: true }).click();
  // The chat modes open from their tile, in a sheet.
  await page.getByRole('button', { name: 'Chat modes' }).click();
  const modes = page.getByRole('region', { name: 'Chat modes' });
  const emoteOnly = modes.getByRole('switch', { name: 'Emote only' });
  await expect(emoteOnly).toHaveAttribute('aria-checked', 'false');
  // Slow mode is off: the platform's default wait is what switching it on would use.
  await expect(modes.getByTestId('chat-mode-duration-slowMode')).toHaveText('30 s');

  // The section fits the dock: nothing in it scrolls sideways.
  expect(await modes.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  await emoteOnly.click();
  await expect.poll(async () => (await held()).emote_mode).toBe(true);
  await expect(emoteOnly).toHaveAttribute('aria-checked', 'true');
  await emoteOnly.click();
  await expect.poll(async () => (await held()).emote_mode).toBe(false);
  await expect(emoteOnly).toHaveAttribute('aria-checked', 'false');

  // A preset through the panel's preset action: the platform holds all of it, the switches show it.
  await modes.getByRole('button', { name: 'Raid shield' }).click();
  await expect
    .poll(async () => {
      const s = await held();
      return [s.follower_mode, s.follower_mode_duration, s.slow_mode, s.slow_mode_wait_time];
    })
    .toEqual([true, 10, true, 30]);
  await expect(modes.getByRole('switch', { name: 'Followers only' })).toHaveAttribute('aria-checked', 'true');
  await expect(modes.getByRole('switch', { name: 'Slow mode' })).toHaveAttribute('aria-checked', 'true');
  await expect(modes.getByTestId('chat-mode-duration-followerMode')).toHaveText('10 min');
  await expect(modes.getByText(/^Raid shield reverts in \d+:\d\d\.$/)).toBeVisible();

  // Its revert, from the same place: chat is back to how the demo channel had it.
  await modes.getByRole('button', { name: 'Revert now' }).click();
  await expect
    .poll(async () => {
      const s = await held();
      return [s.follower_mode, s.follower_mode_duration, s.slow_mode];
    })
    .toEqual([before.follower_mode, before.follower_mode_duration, before.slow_mode]);
  await expect(modes.getByRole('switch', { name: 'Followers only' })).toHaveAttribute('aria-checked', String(before.follower_mode));
  await expect(modes.getByRole('switch', { name: 'Slow mode' })).toHaveAttribute('aria-checked', String(before.slow_mode));
  await expect(modes.getByText(/reverts in/)).toHaveCount(0);

  // The rest is one click away.
  await modes.getByRole('button', { name: 'More in Chat settings' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Chat settings' })).toBeVisible();
});
