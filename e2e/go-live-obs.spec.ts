/**
 * The go-live checklist with a real OBS Studio (headless, its own profile, a password) and the dock
 * in Chromium: it names what OBS lacks, its own fixes send the ingest to OBS and test the servers,
 * OBS's real output settings are read, and it says "Ready to go live". Skipped, with the reason,
 * only where obs or xvfb-run is missing.
 */
import { obsUnavailableReason, startObsStudio, type RunningObs } from '../src/main/test-support/obs-studio-process';
import { expect, test } from './support/dock-fixture';

const reason = obsUnavailableReason();

test.describe('the go-live checklist with OBS Studio', () => {
  test.skip(reason !== null, `skipped: ${reason}`);
  let obs: RunningObs;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    obs = await startObsStudio();
  });

  test.afterAll(async () => {
    await obs?.stop();
  });

  test('turns ready through its own fixes', async ({ page, context, dock }) => {
    await page.goto(dock.url);
    const consentOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const consent = await consentOpened;
    await consent.getByRole('button', { name: 'Authorize' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

    await page.getByRole('button', { name: 'OBS', exact: true }).click();
    await page.getByLabel('Port').fill(String(obs.port));
    await page.getByLabel('Password').fill(obs.password);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByTestId('obs-status')).toHaveText(/^Connected to OBS/, { timeout: 20_000 });

    await page.getByRole('button', { name: 'Go live', exact: true }).click();
    await expect(page.getByTestId('go-live-obsConnected')).toHaveAttribute('data-state', 'ok');
    const streamKey = page.getByTestId('go-live-streamKey');
    await expect(streamKey).toHaveAttribute('data-state', 'problem');
    await expect(page.getByText('Ready to go live')).toHaveCount(0);

    await streamKey.getByRole('button', { name: 'Send to OBS' }).click();
    await expect(streamKey).toHaveAttribute('data-state', 'ok');
    const server = page.getByTestId('go-live-obsServer');
    const probe = server.getByRole('button', { name: 'Test the servers' });
    if (await probe.isVisible()) await probe.click();
    await expect(server).toHaveAttribute('data-state', 'ok', { timeout: 15_000 });
    await expect(server).toContainText(/reachable in \d+ ms/);

    // OBS's own output settings, read through obs-websocket: advice in words, whatever the profile holds.
    const output = page.getByTestId('go-live-obsOutput');
    await expect(output).toContainText(/H\.264 encoder|is not H\.264|keyframe|kbps/);
    await expect(output).not.toContainText('could not be read');

    await expect(page.getByText('Ready to go live')).toBeVisible({ timeout: 15_000 });
    expect(await page.content()).not.toContain(obs.password);
  });
});
