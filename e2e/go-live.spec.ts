import { expect, test } from './support/dock-fixture';

test('the go-live checklist in the dock: items with reasons and fixes, the test stream as the encoder without OBS, sign-in fixed from it', async ({ page, context, dock }) => {
  await page.goto(dock.url);
  await page.getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByRole('heading', { name: 'Go live' })).toBeVisible();

  const signIn = page.getByTestId('go-live-signIn');
  await expect(signIn).toHaveAttribute('data-state', 'problem');
  await expect(page.getByText('Not ready yet')).toBeVisible();
  await expect(page.getByTestId('go-live-markerHotkey')).toHaveAttribute('data-state', 'not-applicable');

  // The item's own fix signs in: the consent page opens in a new tab, as from the Account panel.
  const consentOpened = context.waitForEvent('page');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  const consent = await consentOpened;
  await consent.getByRole('button', { name: 'Authorize' }).click();
  await expect(signIn).toHaveAttribute('data-state', 'ok');

  // Without OBS (never turned on), the demo's test stream is the encoder it checks.
  await expect(page.getByTestId('go-live-obsConnected')).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('go-live-obsConnected')).toContainText('the test stream (ffmpeg) is the encoder');
  await expect(page.getByTestId('test-stream').getByRole('button', { name: 'Publish a test stream' })).toBeVisible();
});
