/**
 * A real OBS Studio (headless, its own profile, a password) and the dock in Chromium: connect,
 * Send to OBS with the overwrite question, and OBS holding the demo's server and stream key.
 * Streaming end to end waits for the emulator's RTMP ingest. Skipped, with the reason, only where
 * obs or xvfb-run is missing. Beside it, without OBS: a password that could not be saved stays
 * in the field.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OBSWebSocket } from 'obs-websocket-js/json';
import { expect, test } from './support/dock-fixture';
import { demoStreamKey } from './support/emulator-client';
import { connectToObs, obsSkipReason, useObsStudio } from './support/obs-studio';
import { signInToDemo } from './support/sign-in';

test.describe('OBS Studio from the dock', () => {
  test.skip(obsSkipReason !== null, `skipped: ${obsSkipReason}`);
  const obs = useObsStudio();

  test('connects with the password, sends the ingest to OBS after asking, and keeps the password to itself', async ({ page, context, dock }) => {
    await signInToDemo(page, context, dock);
    await page.getByRole('button', { name: 'OBS', exact: true }).click();
    await expect(page.getByTestId('obs-status')).toHaveText('Not connected to OBS');
    await connectToObs(page, obs.current);
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
    await client.connect(`ws://127.0.0.1:${obs.current.port}`, obs.current.password);
    try {
      const held = await client.call('GetStreamServiceSettings');
      expect(held.streamServiceType).toBe('rtmp_custom');
      expect(held.streamServiceSettings).toMatchObject({ server: expect.stringMatching(/^rtmp:\/\/127\.0\.0\.1:\d+\/app$/), key });
    } finally {
      await client.disconnect();
    }

    await page.getByRole('button', { name: 'Live', exact: true }).click();
    // The status line says OBS's stream in a word; Start and Stop are in the OBS tile's sheet.
    await expect(page.getByTestId('status-strip-obs')).toHaveText('OBS not streaming');
    await page.getByRole('button', { name: 'OBS stream' }).click();
    await expect(page.getByTestId('obs-stream-state')).toHaveText('Not streaming');
    await expect(page.getByRole('button', { name: 'Start streaming' })).toBeEnabled();

    // The password is in no page, log line or settings file; only its encrypted file holds it.
    expect(await page.content()).not.toContain(obs.current.password);
    expect(dock.logs()).not.toContain(obs.current.password);
    const settingsFile = await readFile(join(dock.dataDir, 'settings.json'), 'utf8');
    expect(settingsFile).toContain(String(obs.current.port));
    expect(settingsFile).not.toContain(obs.current.password);
    expect((await readFile(join(dock.dataDir, 'obs-password.enc'))).toString('latin1')).not.toContain(obs.current.password);
  });
});

test('a password that could not be saved stays in the field, beside the reason, even when the new port was saved', async ({ page, context, dock }) => {
  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'OBS', exact: true }).click();
  await expect(page.getByTestId('obs-status')).toHaveText('Not connected to OBS');
  // Main cannot be reached for the password alone: the port is saved, the password is not.
  await page.route('**/ipc/obs:setPassword', (route) => route.abort('connectionrefused'));
  await page.getByLabel('Port').fill('4499');
  await page.getByLabel('Password').fill('typed-by-hand');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.locator('[data-action="obs.setPassword"]')).toContainText('Password not saved');
  // The saved port starts the form over from main's answer; what was typed is not lost with it.
  await expect(page.getByLabel('Port')).toHaveValue('4499');
  await expect(page.getByLabel('Password')).toHaveValue('typed-by-hand');
  await page.unroute('**/ipc/obs:setPassword');
});
