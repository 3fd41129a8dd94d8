/**
 * The control API end to end, in a 420 px dock against the demo emulator: a client (this test, as a
 * Stream Deck would) asks to pair; the request shows in Settings with its code; the broadcaster
 * approves it; the client claims its token, reads the state and sees Shield Mode pushed to its
 * socket when it is turned on from the Live view; revoked in Settings, its token is refused. A
 * second client presses Drop marker over HTTP and over its socket, and the markers are on the platform.
 */
import type { Page } from '@playwright/test';
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

/** A client asks to pair; the broadcaster approves it in Settings with the defaults ticked; answers the API's base and its token. */
async function pairFromSettings(page: Page, name: string): Promise<{ base: string; port: number; token: string }> {
  await openPanel(page, 'Settings');
  const status = page.getByTestId('control-api-status');
  await expect(status).toHaveText(/^Listening on port \d+ \(this computer only\)\.$/);
  const port = Number(/port (\d+)/.exec((await status.textContent()) ?? '')![1]);
  const base = `http://127.0.0.1:${port}/api/v1`;
  const started = (await (await fetch(`${base}/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) })).json()) as { requestId: string; claimSecret: string };
  const request = page.getByTestId(`control-request-${started.requestId}`);
  await request.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(request).toHaveCount(0);
  const claimed = (await (await fetch(`${base}/pair/${started.requestId}/claim`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ claimSecret: started.claimSecret }) })).json()) as { token: string };
  return { base, port, token: claimed.token };
}

test('a paired client presses Drop marker over HTTP and over its socket and finds both markers on the platform; no token, another site or a revoked token is refused', async ({ page, context, dock }) => {
  test.setTimeout(120_000);
  await signInToDemo(page, context, dock);
  const { base, port, token } = await pairFromSettings(page, 'Marker deck');
  const auth = { authorization: `Bearer ${token}` };
  await simulation(dock.emulatorUrl).streamOnline('501234567', { title: 'Control API markers' });
  await expect.poll(async () => ((await (await fetch(`${base}/state`, { headers: auth })).json()) as { live: boolean }).live, { timeout: 20_000 }).toBe(true);
  const markers = async () =>
    (
      await helixAsBroadcaster<{ data: { videos: { markers: { id: string }[] }[] }[] }>(dock.emulatorUrl, '/helix/streams/markers?user_id={id}', ['user:read:broadcast'])
    ).data.flatMap((d) => d.videos.flatMap((v) => v.markers)).length;
  const before = await markers().catch(() => 0);

  const pressed = await fetch(`${base}/actions/marker`, { method: 'POST', headers: auth });
  expect(await pressed.json()).toMatchObject({ action: 'marker', done: true });
  await expect.poll(markers, { timeout: 15_000 }).toBe(before + 1);

  // The same press as a message on the client's socket, answered with its request id.
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/events`, { headers: auth });
  const answers: { topic: string; requestId?: string; done?: boolean }[] = [];
  socket.on('message', (data) => answers.push(JSON.parse(String(data)) as { topic: string }));
  try {
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    socket.send(JSON.stringify({ action: 'marker', requestId: 'key-1' }));
    await expect.poll(() => answers.find((a) => a.topic === 'action'), { timeout: 15_000 }).toMatchObject({ requestId: 'key-1', done: true });
    await expect.poll(markers, { timeout: 15_000 }).toBe(before + 2);
  } finally {
    socket.terminate();
  }

  // Refused: no token, a web page of another site (its Origin), then the token once revoked.
  const bare = await fetch(`${base}/actions/marker`, { method: 'POST' });
  expect(bare.status).toBe(401);
  expect(await bare.json()).toMatchObject({ error: { code: 'unauthorized' } });
  const fromPage = await page.evaluate(async (url) => {
    // A page of another site (the dock's own origin is not the API's) cannot press.
    try {
      const res = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer x' } });
      return res.status;
    } catch {
      return 'blocked';
    }
  }, `${base}/actions/marker`);
  expect(fromPage === 'blocked' || fromPage === 403).toBe(true);
  expect((await rawOrigin(base, token)).status).toBe(403);
  await openPanel(page, 'Settings');
  await page.getByRole('button', { name: 'Revoke Marker deck' }).click();
  await expect(page.getByText('No client is paired.')).toBeVisible();
  const revoked = await fetch(`${base}/actions/marker`, { method: 'POST', headers: auth });
  expect(revoked.status).toBe(401);
  await expect.poll(markers).toBe(before + 2);
});

/** A press with the client's token but a foreign Origin (as a web page's request carries): refused before any route. */
async function rawOrigin(base: string, token: string): Promise<{ status: number }> {
  const url = new URL(`${base}/actions/marker`);
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('error', reject);
    req.end();
  });
}
