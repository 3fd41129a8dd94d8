/**
 * A real OBS Studio for a spec file (started once, stopped after), and connecting the dock's page
 * to it through the OBS panel as a person would. Specs using it skip themselves, with the reason,
 * where obs or xvfb-run is missing.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { obsUnavailableReason, startObsStudio, type RunningObs } from '../../src/main/test-support/obs-studio-process';

export const obsSkipReason = obsUnavailableReason();

/** Starts OBS before the describe block's tests and stops it after; read `.current` inside a test. */
export function useObsStudio(): { current: RunningObs } {
  const holder = {} as { current: RunningObs };
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    holder.current = await startObsStudio();
  });
  test.afterAll(async () => {
    await holder.current?.stop();
  });
  return holder;
}

/** Fills in the OBS panel and waits until it says it is connected. */
export async function connectToObs(page: Page, obs: RunningObs): Promise<void> {
  await page.getByRole('button', { name: 'OBS', exact: true }).click();
  await page.getByLabel('Port').fill(String(obs.port));
  await page.getByLabel('Password').fill(obs.password);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByTestId('obs-status')).toHaveText(/^Connected to OBS \d+\.\d+.* \(obs-websocket 5\./, { timeout: 20_000 });
}
