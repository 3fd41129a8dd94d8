/**
 * A real OBS Studio (headless, its own profile, a password) and the dock in Chromium: connect,
 * Send to OBS with the overwrite question, and OBS holding the demo's server and stream key.
 * Streaming end to end waits for the emulator's RTMP ingest. Skipped, with the reason, only where
 * obs or xvfb-run is missing.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OBSWebSocket } from 'obs-websocket-js/json';
import { obsUnavailableReason, startObsStudio, type RunningObs } from '../src/main/test-support/obs-studio-process';
import { expect, test } from './support/dock-fixture';
import { demoStreamKey } from './support/emulator-client';

const reason = obsUnavailableReason();

test.describe('OBS Studio from the dock', () => {
  test.skip(reason !== null, `skipped: ${reason}`);
  let obs: RunningObs;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    obs = await startObsStudio();
  });

  test.afterAll(async () => {
    await obs?.stop();
  });

  test('connects with the password, sends the ingest to OBS after asking, and keeps the password to itself', async ({ page, context, dock }) => {
    await page.goto(dock.url);
    const consentOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const consent = await consentOpened;
    await consent.getByRole('button', { name: 'Authorize' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

    await page.getByRole('button', { name: 'OBS', exact: true }).click();
    await expect(page.getByTestId('obs-status')).toHaveText('Not connected to OBS');
    await page.getByLabel('Port').fill(String(obs.port));
    await page.getByLabel('Password').fill(obs.password);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByTestId('obs-status')).toHaveText(/^Connected to OBS \d+\.\d+.* \(obs-websocket 5\./, { timeout: 20_000 });
    await expect(page.getByLabel('Password')).toHaveValue('');

    await page.getByRole('button', { name: 'Ingest', exact: true }).click();
    await page.getByRole('button', { name: 'Send to OBS' }).click();
    const question = page.getByRole('alert').filter({ hasText: 'OBS holds other stream settings' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Replace in OBS' }).click();
    await expect(page.getByText(/^OBS now streams to .+ with your stream key\.$/)).toBeVisible();
    await page.getByRole('button', { name: 'Send to OBS' }).click();
    await expect(page.getByText(/^OBS already holds exactly this server/)).toBeVisible();

    // What OBS itself holds now, read with a client of our own.
    const key = await demoStreamKey(dock.emulatorUrl);
    const client = new OBSWebSocket();
    await client.connect(`ws://127.0.0.1:${obs.port}`, obs.password);
    try {
      const held = await client.call('GetStreamServiceSettings');
      expect(held.streamServiceType).toBe('rtmp_custom');
      expect(held.streamServiceSettings).toMatchObject({ server: expect.stringMatching(/^rtmp:\/\/127\.0\.0\.1:\d+\/app$/), key });
    } finally {
      await client.disconnect();
    }

    await page.getByRole('button', { name: 'Live', exact: true }).click();
    await expect(page.getByTestId('obs-stream-state')).toHaveText('Not streaming');
    await expect(page.getByRole('button', { name: 'Start streaming' })).toBeEnabled();

    // The password is in no page, log line or settings file; only its encrypted file holds it.
    expect(await page.content()).not.toContain(obs.password);
    expect(dock.logs()).not.toContain(obs.password);
    const settingsFile = await readFile(join(dock.dataDir, 'settings.json'), 'utf8');
    expect(settingsFile).toContain(String(obs.port));
    expect(settingsFile).not.toContain(obs.password);
    expect((await readFile(join(dock.dataDir, 'obs-password.enc'))).toString('latin1')).not.toContain(obs.password);
  });
});
