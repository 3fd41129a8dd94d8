/**
 * The go-live checklist with a real OBS Studio (headless, its own profile, a password) and the dock
 * in Chromium: it names what OBS lacks, its own fixes send the ingest to OBS and test the servers,
 * OBS's real output settings are read, and it says "Ready to go live". Skipped, with the reason,
 * only where obs or xvfb-run is missing.
 */
import { expect, test } from './support/dock-fixture';
import { connectToObs, obsSkipReason, useObsStudio } from './support/obs-studio';
import { signInToDemo } from './support/sign-in';

test.describe('the go-live checklist with OBS Studio', () => {
  test.skip(obsSkipReason !== null, `skipped: ${obsSkipReason}`);
  const obs = useObsStudio();

  test('turns ready through its own fixes', async ({ page, context, dock }) => {
    await signInToDemo(page, context, dock);
    await connectToObs(page, obs.current);

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
    expect(await page.content()).not.toContain(obs.current.password);
  });
});
