/**
 * A video alert end to end: a real WebM (with transparency, made by ffmpeg) added through the dock's
 * file chooser at 420 px, chosen as the cheer alert's picture in the editor, and played by the alerts
 * overlay in a second real page at 1920x1080 when the emulator sends a cheer.
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from './support/dock-fixture';
import { untilSubscribed } from './support/emulator-client';
import { ipc } from './support/dock-ipc';
import { openOverlayPage, overlayUrl, signedInOnOverlays } from './support/overlay-pages';

test.use({ viewport: { width: 420, height: 900 } });

test('a WebM added in the dock plays as the cheer alert in a real overlay page, and goes with the alert', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  const { sim, broadcasterId } = await signedInOnOverlays(page, context, dock);

  // The library takes the file by its bytes, and says it is a video.
  await page.getByLabel('Choose an image, a video or a sound').setInputFiles(fileURLToPath(new URL('./fixtures/confetti.webm', import.meta.url)));
  const library = page.getByRole('list', { name: 'Images, videos and sounds' });
  await expect(library.getByText('confetti.webm')).toBeVisible();
  await expect(library.getByText(/^Video · \d+ KB$/)).toBeVisible();

  // Chosen in the cheer alert's editor, in the picture's place.
  await ipc(page, 'overlays:setAlertOptions', { gapMs: 0 });
  const editor = page.locator('details.alert-type[data-kind="cheer"]');
  await editor.locator('summary').click();
  await editor.getByLabel('Image, GIF or video').first().selectOption({ label: 'confetti.webm' });
  await expect
    .poll(async () => (await ipc<{ alerts: { types: { cheer: { imageId: string | null } } } }>(page, 'overlays:getState')).alerts.types.cheer.imageId, { timeout: 10_000 })
    .not.toBeNull();

  await untilSubscribed(sim, ['channel.cheer']);
  const overlay = await openOverlayPage(context, await overlayUrl(page, 'alerts'));

  const viewer = await sim.createUser({ login: 'videocheerer', display_name: 'VideoCheerer' });
  await sim.cheer({ broadcaster_id: broadcasterId, user_id: viewer.id, bits: 100 });
  const video = overlay.locator('.alert:not(.leaving) video.alert-video');
  await expect(video).toHaveCount(1, { timeout: 20_000 });
  // Decoded and playing: its frames advance (the page's CSP lets only its own origin's media in).
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.currentTime > 0), { timeout: 15_000 }).toBe(true);
  await expect(overlay.locator('.alert:not(.leaving) img.alert-image')).toHaveCount(0);
  // It goes with its alert.
  await expect(overlay.locator('video.alert-video')).toHaveCount(0, { timeout: 20_000 });
});
