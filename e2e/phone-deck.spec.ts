/**
 * The phone deck end to end: the broadcaster turns it on in Settings on a chosen network (here the
 * loopback interface, which stands in for the local network), shows its one-time pairing link; a
 * phone (Chromium with a Pixel 7's viewport and touch) opens the link, pairs, shows the tiles
 * chosen in Arrange (Shield Mode's among them), and taps Drop a marker: the marker is on the platform. Shield Mode turned on from the Live view turns the phone's
 * Shield Mode button red: pushed on the event socket (opened with a one-time ticket, never the
 * token, in its URL), not polled. The Alerts tile chosen in Arrange is the phone's Pause alerts
 * switch. The link pairs once.
 */
import { devices } from '@playwright/test';
import { expect, test } from './support/dock-fixture';
import { helixAsBroadcaster, simulation, untilSubscribed } from './support/emulator-client';
import { openPanel, pressInView } from './support/panels';
import { signInToDemo } from './support/sign-in';

test.use({ viewport: { width: 420, height: 900 } });

test('a phone paired by its link drops a marker, and its Shield Mode button turns red when Shield Mode is turned on from the Live view', async ({ page, context, dock, browser }) => {
  test.setTimeout(150_000);
  await signInToDemo(page, context, dock);
  // The phone shows the tiles chosen in Arrange: Shield Mode's is off the view until chosen.
  await openPanel(page, 'Live');
  await page.getByRole('button', { name: 'Arrange' }).click();
  await page.getByRole('dialog', { name: 'Arrange the Live view' }).getByRole('checkbox', { name: /^Shield Mode/ }).check();
  await page.getByRole('dialog', { name: 'Arrange the Live view' }).getByRole('checkbox', { name: /^Alerts/ }).check();
  await page.keyboard.press('Escape');
  await openPanel(page, 'Settings');
  const section = page.getByTestId('phone-deck');
  await expect(section.getByText('Off.')).toBeVisible();
  await section.getByLabel('Network').selectOption('127.0.0.1');
  // The switch follows main's answer (a controlled checkbox): click, then wait for it.
  await section.getByRole('checkbox', { name: 'Phone deck on' }).click();
  await expect(section.getByRole('checkbox', { name: 'Phone deck on' })).toBeChecked({ timeout: 15_000 });
  await expect(section.getByTestId('phone-deck-status')).toHaveText(/^On at 127\.0\.0\.1:\d+\.$/);
  await section.getByRole('button', { name: 'Show a pairing link' }).click();
  await expect(section.getByRole('img', { name: 'QR code of the phone’s pairing link' })).toBeVisible();
  const link = (await section.getByTestId('phone-link').textContent())!;
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/phone#pair=[A-Za-z0-9_-]+$/);

  const phoneContext = await browser.newContext({ ...devices['Pixel 7'] });
  try {
    const phone = await phoneContext.newPage();
    // What the phone opens and asks for: its event socket, and any poll of the state.
    const sockets: string[] = [];
    const statePolls: string[] = [];
    phone.on('websocket', (ws) => sockets.push(ws.url()));
    phone.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/state') statePolls.push(request.url());
    });
    await phone.goto(link);
    const marker = phone.getByRole('button', { name: 'Drop a marker', exact: true });
    await expect(marker).toBeVisible({ timeout: 15_000 });
    // In the Live view's order: the tiles' first is the marker's.
    await expect(phone.getByRole('button').first()).toHaveText('Drop a marker');
    // The code left the address bar at once; the phone keeps its token in its own storage.
    expect(phone.url()).not.toContain('#pair=');
    await expect(page.getByText('Phone', { exact: true })).toBeVisible();

    await simulation(dock.emulatorUrl).streamOnline('501234567', { title: 'Phone deck' });
    await expect(phone.getByRole('status')).toHaveText(/^LIVE/, { timeout: 20_000 });
    const markers = async () =>
      (await helixAsBroadcaster<{ data: { videos: { markers: unknown[] }[] }[] }>(dock.emulatorUrl, '/helix/streams/markers?user_id={id}', ['user:read:broadcast'])).data.flatMap((d) =>
        d.videos.flatMap((v) => v.markers),
      ).length;
    const before = await markers().catch(() => 0);
    await marker.tap();
    await expect.poll(markers, { timeout: 15_000 }).toBe(before + 1);

    // Shield Mode turned on from the Live view: the phone's button turns red.
    const shield = phone.getByRole('button', { name: 'Shield Mode on or off' });
    await expect(shield).toHaveAttribute('aria-pressed', 'false');
    await untilSubscribed(simulation(dock.emulatorUrl), ['channel.shield_mode.begin']);
    await openPanel(page, 'Live');
    await pressInView(page, 'h');
    await expect(shield).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
    await expect(shield).toHaveCSS('background-color', 'rgb(185, 28, 28)');
    // Through the socket, not a poll: the socket's URL holds a one-time ticket, not the token.
    expect(statePolls).toEqual([]);
    expect(sockets).toEqual([expect.stringMatching(/\/api\/v1\/events\?ticket=[A-Za-z0-9_-]{43}$/)]);
    const token = await phone.evaluate(() => localStorage.getItem('sidestage-deck-token'));
    expect(token).toBeTruthy();
    expect(sockets[0]).not.toContain(token!);

    // The alerts tile is the alert queue's pause switch: it pauses them, and shows it (pushed on the socket).
    const alerts = phone.getByRole('button', { name: 'Pause alerts' });
    await expect(alerts).toHaveAttribute('aria-pressed', 'false');
    await alerts.tap();
    const resume = phone.getByRole('button', { name: 'Resume alerts' });
    await expect(resume).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Resume alerts', exact: true })).toBeVisible({ timeout: 15_000 });
    await resume.tap();
    await expect(phone.getByRole('button', { name: 'Pause alerts' })).toHaveAttribute('aria-pressed', 'false', { timeout: 15_000 });

    // The link paired once: a second phone with it is refused.
    const second = await phoneContext.newPage();
    await second.evaluate(() => localStorage.clear()).catch(() => undefined);
    const origin = new URL(link).origin;
    const refused = await second.request.post(`${origin}/api/v1/phone/claim`, { data: { code: link.split('#pair=')[1] }, headers: { origin } });
    expect(refused.status()).toBe(404);
  } finally {
    await phoneContext.close();
  }
});
