/**
 * The control API end to end, in a 420 px dock against the demo emulator: a client (this test, as a
 * Stream Deck would) asks to pair; the request shows in Settings with its code; the broadcaster
 * approves it; the client claims its token, reads the state and sees Shield Mode pushed to its
 * socket when it is turned on from the Live view; revoked in Settings, its token is refused.
 */
import WebSocket from 'ws';
import { expect, test } from './support/dock-fixture';
import { helixAsBroadcaster, simulation, untilSubscribed } from './support/emulator-client';
import { openPanel, pressInView } from './support/panels';
import { signInToDemo } from './support/sign-in';

test.use({ viewport: { width: 420, height: 900 } });

test('a client pairs from Settings, sees Shield Mode turned on from the Live view, and is refused once revoked', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  await signInToDemo(page, context, dock);
  await openPanel(page, 'Settings');
  const status = page.getByTestId('control-api-status');
  await expect(status).toHaveText(/^Listening on port \d+ \(this computer only\)\.$/);
  const port = Number(/port (\d+)/.exec((await status.textContent()) ?? '')![1]);
  const base = `http://127.0.0.1:${port}/api/v1`;

  const started = (await (await fetch(`${base}/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Stream Deck"}' })).json()) as { requestId: string; code: string; claimSecret: string };
  const request = page.getByTestId(`control-request-${started.requestId}`);
  await expect(request).toContainText(`Stream Deck shows the code ${started.code}`);
  await request.getByRole('checkbox', { name: 'Chat modes and Shield Mode' }).check();
  await request.getByRole('button', { name: 'Approve Stream Deck' }).click();
  await expect(request).toHaveCount(0);

  const claimed = (await (await fetch(`${base}/pair/${started.requestId}/claim`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ claimSecret: started.claimSecret }) })).json()) as { token: string; scopes: string[] };
  expect(claimed.scopes).toEqual(['read', 'actions', 'moderation']);
  const auth = { authorization: `Bearer ${claimed.token}` };
  expect(((await (await fetch(`${base}/state`, { headers: auth })).json()) as { signedIn: boolean }).signedIn).toBe(true);
  await expect(page.getByText('Stream Deck', { exact: true })).toBeVisible();

  // Shield Mode turned on from the Live view reaches the client's socket.
  const frames: { state: { shieldMode: boolean | null } }[] = [];
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/events`, { headers: auth });
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as { state: { shieldMode: boolean | null } }));
  try {
    await expect.poll(() => frames.length).toBeGreaterThan(0);
    await untilSubscribed(simulation(dock.emulatorUrl), ['channel.shield_mode.begin']);
    await openPanel(page, 'Live');
    await page.getByRole('button', { name: 'Arrange' }).click();
    await page.getByRole('dialog', { name: 'Arrange the Live view' }).getByRole('checkbox', { name: /^Shield Mode/ }).check();
    await page.keyboard.press('Escape');
    await pressInView(page, 'h');
    await expect.poll(() => frames.some((f) => f.state.shieldMode === true), { timeout: 15_000 }).toBe(true);
    const platform = await helixAsBroadcaster<{ data: { is_active: boolean }[] }>(dock.emulatorUrl, '/helix/moderation/shield_mode?broadcaster_id={id}&moderator_id={id}', ['moderator:read:shield_mode']);
    expect(platform.data[0]!.is_active).toBe(true);
  } finally {
    socket.terminate();
  }

  await openPanel(page, 'Settings');
  await page.getByRole('button', { name: 'Revoke Stream Deck' }).click();
  await expect(page.getByText('No client is paired.')).toBeVisible();
  expect((await fetch(`${base}/state`, { headers: auth })).status).toBe(401);
});
