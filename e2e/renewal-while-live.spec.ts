/**
 * Main's account rule on screen: a sign-in that expires while live is renewed without the
 * broadcaster losing sight of their stream. The status bar and the Live panel keep the last
 * account's status through the renewal, and it is still there once signed in again.
 */
import { expect, test } from './support/dock-fixture';
import { demoIdentities, simulation } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';

test('re-signing in while live keeps the stream on screen', async ({ page, context, dock }) => {
  await signInToDemo(page, context, dock);
  const sim = simulation(dock.emulatorUrl);
  await sim.streamOnline((await demoIdentities(dock.emulatorUrl)).broadcasterId, { title: 'Renewal while live', viewer_count: 5 });
  const stream = page.getByTestId('status-stream');
  await expect(stream).toHaveText(/^Live \d+:\d\d$/);

  // The sign-in expires: the platform refuses the token, then refuses to renew it.
  await sim.addFault({ path: '^/helix/streams$', method: 'GET', status: 401, count: 1 });
  await sim.addFault({ path: '^/oauth2/token$', method: 'POST', status: 400, count: 1 });
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Live', exact: true }).click();
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText('Not signed in right now')).toBeVisible();
  await expect(stream).toHaveText(/^Live \d+:\d\d$/);
  await expect(page.getByTestId('live-title')).toHaveText('Renewal while live');

  // Signed in again through the Account panel: the same stream, still on screen.
  await page.getByRole('button', { name: 'Go to Account' }).click();
  const consentOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(stream).toHaveText(/^Live \d+:\d\d$/);
  const consent = await consentOpened;
  await consent.getByRole('button', { name: 'Authorize' }).click();
  await expect(consent.getByText(/close this tab/i)).toBeVisible();
  await consent.close();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByText('Not signed in right now')).toHaveCount(0);
  await expect(stream).toHaveText(/^Live \d+:\d\d$/);
});
