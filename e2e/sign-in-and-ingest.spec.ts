import { expect, test } from './support/dock-fixture';
import { demoStreamKey } from './support/emulator-client';

test('a newcomer signs in to the demo and copies the stream URL of the best ingest server', async ({ page, context, dock }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: dock.origin });
  await page.goto(dock.url);
  // The secret is traded for a cookie and leaves the address bar.
  await expect(page).toHaveURL(`${dock.origin}/`);
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();

  // Sign in as a person would: the consent page opens in a new tab of the same browser.
  const consentOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const consent = await consentOpened;
  await expect(consent.getByText('channel:read:stream_key')).toBeVisible();
  await consent.getByRole('button', { name: 'Authorize' }).click();
  await expect(consent.getByText(/close this tab/i)).toBeVisible();

  await expect(page.getByText('Sidestage_Demo').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // Ingest: measure, rank, and the stream URL with the key masked until revealed.
  await page.getByRole('button', { name: 'Ingest' }).click();
  await page.getByRole('button', { name: 'Measure latency' }).click();
  await expect(page.getByText(/^\d+(\.\d+)? ms$/).first()).toBeVisible();
  await expect(page.getByText(/unreachable/i).first()).toBeVisible();

  const key = await demoStreamKey(dock.emulatorUrl);
  const streamUrl = page.getByLabel('Stream URL');
  await expect(streamUrl).toHaveValue(/^rtmp:\/\/127\.0\.0\.1:\d+\/app\/live_\d+_•+$/);
  expect(await streamUrl.inputValue()).not.toContain(key);

  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(streamUrl).toHaveValue(new RegExp(`^rtmp://127\\.0\\.0\\.1:\\d+/app/${key}$`));
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(streamUrl).not.toHaveValue(new RegExp(key));

  await page.getByRole('button', { name: 'Copy stream key' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key);
});
